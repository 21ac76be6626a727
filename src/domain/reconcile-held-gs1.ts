/**
 * The GS1 details a product line shows (DESIGN.md section 5 rule 1; reconcile.ts): per product,
 * the lot, expiry and serial of its first GS1 read that carries any (lowest file, then row).
 *
 * Per product one int32, the number + 1 of its held record (0: none), allocated on the first such
 * read; the records (the read's file, its lot and serial as handles of the engine's `KeptTexts`,
 * its expiry as a number of the few distinct dates read, each + 1 so that 0 means none) are
 * appended in reading order. A read that is held touches one int32 of the product's (a quarter of
 * the cache lines four int32 a product would take: it is read at random, once a GS1 row) and
 * writes where the last record ended. Typed arrays: nothing for the collector to trace or to
 * remember (docs/decisions/0180).
 */
import type { Gs1Details, Gs1Item } from './gs1/gs1-scan.js';
import { doubled } from './doubled-column.js';
import type { KeptTexts } from './kept-text.js';

const RECORD = 4;
const FILE = 0;
const LOT = 1;
const EXPIRY = 2;
const SERIAL = 3;

export class HeldGs1Details {
  // Per product: its held record's number + 1 (0: none).
  private heldRecord: Int32Array | null = null;
  // RECORD int32 a held read, in the order they were held.
  private records = new Int32Array(RECORD * 256);
  private recordCount = 0;
  // The distinct expiry dates (ISO strings, gs1-scan.ts shares one string per date) by number.
  private readonly expiries: string[] = [];
  private readonly expiryNumbers = new Map<string, number>();

  constructor(
    private readonly nProducts: number,
    private readonly kept: KeptTexts,
  ) {}

  /**
   * A read of product `product` in file `file` carrying a lot, expiry or serial: held when the
   * product has none held yet or the held one is from a later file. A file's rows are counted in
   * order, so within a file the first such read stays.
   */
  hold(product: number, file: number, item: Gs1Item): void {
    const heldRecord = (this.heldRecord ??= new Int32Array(this.nProducts));
    const held = heldRecord[product]!;
    if (held !== 0 && this.records[(held - 1) * RECORD + FILE]! <= file) return;
    const record = this.recordCount++;
    if ((record + 1) * RECORD > this.records.length) this.records = doubled(this.records);
    const records = this.records;
    const at = record * RECORD;
    records[at + FILE] = file;
    records[at + LOT] = item.lot === null ? 0 : this.kept.keep(item.lot) + 1;
    records[at + EXPIRY] = item.expiry === null ? 0 : this.expiryNumber(item.expiry) + 1;
    records[at + SERIAL] = item.serial === null ? 0 : this.kept.keep(item.serial) + 1;
    heldRecord[product] = record + 1;
  }

  /** The details held for product `product`, or null. */
  of(product: number): Gs1Details | null {
    const held = this.heldRecord === null ? 0 : this.heldRecord[product]!;
    if (held === 0) return null;
    const at = (held - 1) * RECORD;
    const lot = this.records[at + LOT]!;
    const expiry = this.records[at + EXPIRY]!;
    const serial = this.records[at + SERIAL]!;
    return {
      lot: lot === 0 ? null : this.kept.text(lot - 1),
      expiry: expiry === 0 ? null : this.expiries[expiry - 1]!,
      serial: serial === 0 ? null : this.kept.text(serial - 1),
    };
  }

  private expiryNumber(expiry: string): number {
    let n = this.expiryNumbers.get(expiry);
    if (n === undefined) {
      n = this.expiries.length;
      this.expiries.push(expiry);
      this.expiryNumbers.set(expiry, n);
    }
    return n;
  }
}
