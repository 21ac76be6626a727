/**
 * The GS1 details a product line shows (DESIGN.md section 5 rule 1; reconcile.ts): per product,
 * the lot, expiry and serial of its first GS1 read that carries any (lowest file, then row).
 *
 * Four int32 a product side by side (one cache line, no object per product), allocated on the
 * first such read: that read's file, its lot and serial (handles of the engine's `KeptTexts`)
 * and its expiry (a number of the few distinct dates read), each + 1 so that 0 means none.
 * Typed arrays: nothing for the collector to trace or to remember (docs/decisions/0180).
 */
import type { Gs1Details, Gs1Item } from './gs1/gs1-scan.js';
import type { KeptTexts } from './kept-text.js';

const STRIDE = 4;
const FILE = 0;
const LOT = 1;
const EXPIRY = 2;
const SERIAL = 3;

export class HeldGs1Details {
  private slots: Int32Array | null = null;
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
    const slots = (this.slots ??= new Int32Array(this.nProducts * STRIDE));
    const at = product * STRIDE;
    const held = slots[at + FILE]!;
    if (held !== 0 && held - 1 <= file) return;
    slots[at + FILE] = file + 1;
    slots[at + LOT] = item.lot === null ? 0 : this.kept.keep(item.lot) + 1;
    slots[at + EXPIRY] = item.expiry === null ? 0 : this.expiryNumber(item.expiry) + 1;
    slots[at + SERIAL] = item.serial === null ? 0 : this.kept.keep(item.serial) + 1;
  }

  /** The details held for product `product`, or null. */
  of(product: number): Gs1Details | null {
    const slots = this.slots;
    const at = product * STRIDE;
    if (slots === null || slots[at + FILE] === 0) return null;
    const lot = slots[at + LOT]!;
    const expiry = slots[at + EXPIRY]!;
    const serial = slots[at + SERIAL]!;
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
