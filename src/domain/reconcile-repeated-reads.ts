/**
 * Serialised items read more than once (DESIGN.md section 5 rule 1): a GS1 (01) GTIN with a
 * (21) serial is one physical unit, so the same serial read again anywhere in the audit (in
 * cross-validation mode: again in the same file, each file being a count of its own) is counted
 * once, and each later read is kept here to be listed apart, with where the item was first read.
 *
 * Memory grows with the number of distinct serials read (a few numbers each) and the number of
 * repeats, never with the other rows.
 */
import type { Gs1Item } from './gs1/gs1-scan.js';
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
   * of item numbers + 1 (0: free slot) keyed by the hash of GTIN and serial. A typed array a
   * few bytes per item rather than a Map of serial strings: every serialised read looks here.
   */
  private readonly tables: Int32Array[] = [];
  private readonly sizes: number[] = [];
  // Per distinct item (GTIN + serial) in first-read order: its hash, GTIN-14 as a number, serial,
  // and where it was first read.
  private readonly hashes: number[] = [];
  private readonly gtins: number[] = [];
  private readonly serials: string[] = [];
  private readonly firstFiles: number[] = [];
  private readonly firstLines: number[] = [];
  private readonly records: RepeatedReadRecord[] = [];

  /** @param perFile true in cross-validation mode with several files: each file counts its serials once. */
  constructor(private readonly perFile: boolean) {}

  /**
   * Records a read of the serialised item `item` ((01) GTIN + (21) serial: gs1-scan.ts
   * `serialKeyOf` is not null) at (`file`, `line`): false on its first read (count it), true
   * when it was read before (it is now listed as a repeat, not to be counted). Keyed by GTIN
   * and serial, no key text made per read.
   */
  isRepeat(file: number, line: number, value: string, product: number, item: Gs1Item): boolean {
    const scope = this.perFile ? file : 0;
    let table = this.tables[scope];
    if (table === undefined || (this.sizes[scope]! + 1) * 2 > table.length) table = this.grown(scope);
    const serial = item.serial!;
    const gtin = gtinNumber(item.gtin);
    const hash = itemHash(gtin, serial);
    const mask = table.length - 1;
    let slot = hash & mask;
    for (let entry = table[slot]!; entry !== 0; entry = table[slot]!) {
      const at = entry - 1;
      if (this.hashes[at] === hash && this.gtins[at] === gtin && this.serials[at] === serial) {
        this.records.push({ file, line, value: detachedString(value), product, gtin: detachedString(item.gtin), serial: detachedString(serial), firstFile: this.firstFiles[at]!, firstLine: this.firstLines[at]! });
        return true;
      }
      slot = (slot + 1) & mask;
    }
    table[slot] = this.gtins.length + 1;
    this.sizes[scope] = this.sizes[scope]! + 1;
    this.hashes.push(hash);
    this.gtins.push(gtin);
    this.serials.push(detachedString(serial));
    this.firstFiles.push(file);
    this.firstLines.push(line);
    return false;
  }

  /** The table of `scope`, made or doubled (load factor <= 1/2). */
  private grown(scope: number): Int32Array {
    const old = this.tables[scope];
    const table = new Int32Array(old === undefined ? 1024 : old.length * 2);
    const mask = table.length - 1;
    if (old !== undefined) {
      for (const entry of old) {
        if (entry === 0) continue;
        let slot = this.hashes[entry - 1]! & mask;
        while (table[slot] !== 0) slot = (slot + 1) & mask;
        table[slot] = entry;
      }
    } else this.sizes[scope] = 0;
    this.tables[scope] = table;
    return table;
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
