/**
 * Serialised items read more than once (DESIGN.md section 5 rule 1): a GS1 (01) GTIN with a
 * (21) serial is one physical unit, so the same serial read again anywhere in the audit (in
 * cross-validation mode: again in the same file, each file being a count of its own) is counted
 * once, and each later read is kept here to be listed apart, with where the item was first read.
 *
 * Memory grows with the number of distinct serials read (a few numbers and the serial's bytes
 * each) and the number of repeats, never with the other rows.
 */
import type { Gs1Item } from './gs1/gs1-scan.js';
import { doubled } from './doubled-column.js';
import { KeptTexts } from './kept-text.js';
import { detachedString } from './normalize-scan-value.js';

/** One repeated read, as the engine recorded it. */
export interface RepeatedReadRecord {
  file: number;
  /** Line of the row in its file (the row's 1-based number when the caller gave no lines). */
  line: number;
  /** The normalised scan value. */
  value: string;
  /** Index of the product the GTIN matched, or a negative `match` answer. */
  product: number;
  gtin: string;
  serial: string;
  firstFile: number;
  firstLine: number;
}

export class RepeatedReads {
  /**
   * Per counting scope (the audit, or each file in cross-validation): an open-addressing table
   * of two int32 a slot, an item's hash and its number + 1 (0: free slot), keyed by the hash of
   * GTIN and serial. A probe reads one slot; the item's own GTIN and serial are read only when
   * the hashes are equal. Typed arrays, a few bytes per item, no object or string per item
   * (docs/decisions/0180): every serialised read looks here.
   */
  private readonly tables: Int32Array[] = [];
  private readonly sizes: number[] = [];
  // Per distinct item (GTIN + serial) in first-read order: GTIN-14 as a number, serial (a handle
  // of `serials`), and where it was first read.
  private gtins = new Float64Array(256);
  private serialHandles = new Int32Array(256);
  private firstFiles = new Int32Array(256);
  private firstLines = new Float64Array(256);
  private items = 0;
  private readonly serials = new KeptTexts();
  private readonly records: RepeatedReadRecord[] = [];

  /** @param perFile true in cross-validation mode with several files: each file counts its serials once. */
  constructor(private readonly perFile: boolean) {}

  /**
   * A read of the serialised item `item` ((01) GTIN + (21) serial: gs1-scan.ts `serialKeyOf` is
   * not null) at (`file`, `line`): -1 on the item's first read in its scope, now recorded (count
   * the read); else the number of the item, read before (`recordRepeat` lists this read, which
   * is not counted). Keyed by GTIN and serial; no text made per read.
   */
  firstReadOf(file: number, line: number, item: Gs1Item): number {
    const scope = this.perFile ? file : 0;
    let table = this.tables[scope];
    if (table === undefined || (this.sizes[scope]! + 1) * 4 > table.length) table = this.grown(scope);
    const serial = item.serial!;
    const gtin = gtinNumber(item.gtin);
    const hash = itemHash(gtin, serial);
    const mask = table.length - 2;
    let slot = (hash << 1) & mask;
    for (let entry = table[slot + 1]!; entry !== 0; entry = table[slot + 1]!) {
      const at = entry - 1;
      if (table[slot] === hash && this.gtins[at] === gtin && this.serials.equals(this.serialHandles[at]!, serial, 0, serial.length)) return at;
      slot = (slot + 2) & mask;
    }
    const at = this.items++;
    if (at === this.gtins.length) this.growItems();
    table[slot] = hash;
    table[slot + 1] = at + 1;
    this.sizes[scope] = this.sizes[scope]! + 1;
    this.gtins[at] = gtin;
    this.serialHandles[at] = this.serials.keep(serial);
    this.firstFiles[at] = file;
    this.firstLines[at] = line;
    return -1;
  }

  /**
   * Lists the read at (`file`, `line`) of the item numbered `firstRead` (`firstReadOf`'s
   * answer) as a repeat: `value` the normalised scan value, `product` the index of the product
   * its GTIN matched or a negative `match` answer.
   */
  recordRepeat(firstRead: number, file: number, line: number, value: string, product: number, item: Gs1Item): void {
    this.records.push({
      file,
      line,
      value: detachedString(value),
      product,
      gtin: detachedString(item.gtin),
      serial: detachedString(item.serial!),
      firstFile: this.firstFiles[firstRead]!,
      firstLine: this.firstLines[firstRead]!,
    });
  }

  /** The table of `scope`, made or doubled (load factor <= 1/2). */
  private grown(scope: number): Int32Array {
    const old = this.tables[scope];
    const table = new Int32Array(old === undefined ? 2048 : old.length * 2);
    const mask = table.length - 2;
    if (old !== undefined) {
      for (let from = 0; from < old.length; from += 2) {
        if (old[from + 1] === 0) continue;
        let slot = (old[from]! << 1) & mask;
        while (table[slot + 1] !== 0) slot = (slot + 2) & mask;
        table[slot] = old[from]!;
        table[slot + 1] = old[from + 1]!;
      }
    } else this.sizes[scope] = 0;
    this.tables[scope] = table;
    return table;
  }

  private growItems(): void {
    this.gtins = doubled(this.gtins);
    this.serialHandles = doubled(this.serialHandles);
    this.firstFiles = doubled(this.firstFiles);
    this.firstLines = doubled(this.firstLines);
  }

  get size(): number {
    return this.records.length;
  }

  /** The repeats in reading order: file (upload order), then line. */
  inOrder(): RepeatedReadRecord[] {
    return [...this.records].sort((a, b) => a.file - b.file || a.line - b.line);
  }
}

/** A hash of an item's GTIN (as a number) and serial (FNV-1a, finalised), as a non-negative int32. */
function itemHash(gtin: number, serial: string): number {
  let h = Math.imul(0x811c9dc5 ^ (gtin >>> 0), 0x01000193);
  h = Math.imul(h ^ ((gtin / 4294967296) >>> 0), 0x01000193);
  for (let i = 0; i < serial.length; i++) h = Math.imul(h ^ serial.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  return h & 0x7fffffff;
}

/** A GTIN-14 (14 digits, as the GS1 reading checked them) as a number: exact below 2^53. */
function gtinNumber(gtin: string): number {
  let value = 0;
  for (let i = 0; i < gtin.length; i++) value = value * 10 + (gtin.charCodeAt(i) - 48);
  return value;
}
