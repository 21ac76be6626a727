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
  private readonly first = new Map<string, number>();
  private readonly firstFiles: number[] = [];
  private readonly firstLines: number[] = [];
  private readonly records: RepeatedReadRecord[] = [];

  /** @param perFile true in cross-validation mode with several files: each file counts its serials once. */
  constructor(private readonly perFile: boolean) {}

  /**
   * Records a read of the serialised item `serialKey` (gs1-scan.ts `serialKeyOf`) at (`file`,
   * `line`): false on its first read (count it), true when it was read before (it is now listed
   * as a repeat, not to be counted).
   */
  isRepeat(serialKey: string, file: number, line: number, value: string, product: number, item: Gs1Item): boolean {
    const key = this.perFile ? `${file}\u0000${serialKey}` : serialKey;
    const at = this.first.get(key);
    if (at === undefined) {
      this.first.set(key, this.firstFiles.length);
      this.firstFiles.push(file);
      this.firstLines.push(line);
      return false;
    }
    this.records.push({ file, line, value, product, gtin: item.gtin, serial: item.serial!, firstFile: this.firstFiles[at]!, firstLine: this.firstLines[at]! });
    return true;
  }

  get size(): number {
    return this.records.length;
  }

  /** The repeats in reading order: file (upload order), then line. */
  inOrder(): RepeatedReadRecord[] {
    return [...this.records].sort((a, b) => a.file - b.file || a.line - b.line);
  }
}
