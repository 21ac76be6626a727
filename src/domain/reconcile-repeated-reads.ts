/**
 * Serialised items read more than once (DESIGN.md section 5 rule 1): a GS1 (01) GTIN with a
 * (21) serial is one physical unit, so the same serial read again anywhere in the audit (in
 * cross-validation mode: again in the same file, each file being a count of its own) is counted
 * once, and each later read is kept here to be listed apart, with where the item was first read.
 *
 * Memory grows with the number of distinct serials read (one map entry each) and the number of
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
  /** Per counting scope (the audit, or each file in cross-validation): serial -> its first item. */
  private readonly bySerial: Map<string, number>[] = [];
  // Per distinct item (GTIN + serial) in first-read order: its GTIN-14 as a number, where it was
  // first read, and the next item of the same serial with another GTIN (-1: none).
  private readonly gtins: number[] = [];
  private readonly firstFiles: number[] = [];
  private readonly firstLines: number[] = [];
  private readonly sameSerial: number[] = [];
  private readonly records: RepeatedReadRecord[] = [];

  /** @param perFile true in cross-validation mode with several files: each file counts its serials once. */
  constructor(private readonly perFile: boolean) {}

  /**
   * Records a read of the serialised item `item` ((01) GTIN + (21) serial: gs1-scan.ts
   * `serialKeyOf` is not null) at (`file`, `line`): false on its first read (count it), true
   * when it was read before (it is now listed as a repeat, not to be counted). Keyed by the
   * serial, then the GTIN as a number: no key text made per read.
   */
  isRepeat(file: number, line: number, value: string, product: number, item: Gs1Item): boolean {
    const scope = this.perFile ? file : 0;
    const serials = this.bySerial[scope] ?? (this.bySerial[scope] = new Map<string, number>());
    const serial = item.serial!;
    const gtin = gtinNumber(item.gtin);
    const head = serials.get(serial);
    for (let at = head ?? -1; at !== -1; at = this.sameSerial[at]!) {
      if (this.gtins[at] === gtin) {
        this.records.push({ file, line, value: detachedString(value), product, gtin: detachedString(item.gtin), serial: detachedString(serial), firstFile: this.firstFiles[at]!, firstLine: this.firstLines[at]! });
        return true;
      }
    }
    serials.set(detachedString(serial), this.gtins.length);
    this.sameSerial.push(head ?? -1);
    this.gtins.push(gtin);
    this.firstFiles.push(file);
    this.firstLines.push(line);
    return false;
  }

  get size(): number {
    return this.records.length;
  }

  /** The repeats in reading order: file (upload order), then line. */
  inOrder(): RepeatedReadRecord[] {
    return [...this.records].sort((a, b) => a.file - b.file || a.line - b.line);
  }
}

/** A GTIN-14 (14 digits, as the GS1 reading checked them) as a number: exact below 2^53. */
function gtinNumber(gtin: string): number {
  let value = 0;
  for (let i = 0; i < gtin.length; i++) value = value * 10 + (gtin.charCodeAt(i) - 48);
  return value;
}
