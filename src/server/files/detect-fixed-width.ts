/**
 * Fixed-width text files: columns aligned by blanks instead of separated by a delimiter, as
 * handheld terminals and older stock systems export them (barcode padded with spaces, quantity
 * right-aligned, possibly with a sign). DESIGN.md section 6; docs/decisions/0046.
 *
 * The rule, over the first SAMPLE_LINES non-blank lines of the file (tabs expanded to the next
 * multiple of 8, trailing blanks ignored, a line shorter than others blank beyond its end):
 * 1. the file is not delimited (detect-delimiter.ts `isDelimitedText` says no);
 * 2. a column boundary is a run of at least MIN_GAP positions that is blank on every sampled
 *    line and has text to its right on some line; one blank is never enough, because a single
 *    space is how names (`Blue widget`) and printed barcodes (`0 12345 67890 5`) are written;
 * 3. every column between boundaries holds text on at least half the sampled lines; a column
 *    that does not is merged into the one on its left (one long line with a double space in a
 *    one-column list makes no column);
 * 4. when the first line breaks the alignment of the others (a header whose labels are wider
 *    than the data below them), the boundaries come from the other lines and the first line is
 *    split at its own runs of MIN_GAP blanks, but only when that gives exactly as many labels as
 *    there are columns; otherwise the file is not fixed width;
 * 5. at least two columns and two sampled lines, or the file is not fixed width (it is read as
 *    before: one value per line).
 * Cells are trimmed: the padding is layout, not content.
 */

/** Where the columns of a fixed-width file start, found by `detectFixedWidth`. */
export interface FixedWidthLayout {
  /** 0-based start of each column after tab expansion; `starts[0]` is 0, ascending. */
  starts: number[];
  /** True when the first line is split at its own blank runs (rule 4), not at `starts`. */
  firstLineByGaps: boolean;
}

/** Lines sampled, as for the delimiter. */
const SAMPLE_LINES = 50;
/** Fewest blanks that separate two columns. */
export const MIN_GAP = 2;
const TAB_STOP = 8;

/**
 * @param text the decoded start of the file (no BOM)
 * @param complete true when `text` is the whole file (its last line is then complete)
 * @returns the layout, or null when the text is not a fixed-width table of two or more columns.
 *   The caller checks first that the text is not delimited (rule 1).
 */
export function detectFixedWidth(text: string, complete: boolean): FixedWidthLayout | null {
  const lines = sampleLines(text, complete);
  if (lines.length < 2) return null;
  const all = columnStarts(lines);
  if (all.length >= 2) return { starts: all, firstLineByGaps: false };
  if (lines.length < 3) return null;
  const data = columnStarts(lines.slice(1));
  if (data.length < 2 || splitAtGaps(lines[0]).length !== data.length) return null;
  return { starts: data, firstLineByGaps: true };
}

/**
 * The cells of one physical line under `layout`, trimmed. The last column runs to the end of
 * the line; a line shorter than a column's start has '' there.
 * @param first true for the file's first non-blank line (rule 4 may split it at its own gaps).
 */
export function splitFixedWidthLine(line: string, layout: FixedWidthLayout, first: boolean): string[] {
  const expanded = expandTabs(line);
  if (first && layout.firstLineByGaps) return splitAtGaps(expanded);
  const { starts } = layout;
  const cells = new Array<string>(starts.length);
  for (let i = 0; i < starts.length; i++) {
    cells[i] = expanded.slice(starts[i], i + 1 < starts.length ? starts[i + 1] : undefined).trim();
  }
  return cells;
}

/** Replaces each tab by the blanks up to the next tab stop (every 8 columns, as terminals show it). */
export function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const c of line) out += c === '\t' ? ' '.repeat(TAB_STOP - (out.length % TAB_STOP)) : c;
  return out;
}

function sampleLines(text: string, complete: boolean): string[] {
  const raw = text.split(/\r\n|\r|\n/);
  if (!complete) raw.pop(); // the last line of a truncated head may be cut
  const lines: string[] = [];
  for (const line of raw) {
    const expanded = expandTabs(line).trimEnd();
    if (expanded.trim() !== '') lines.push(expanded);
    if (lines.length === SAMPLE_LINES) break;
  }
  return lines;
}

/** Rules 2 and 3: column starts over `lines` ([0] alone when there is one column). */
function columnStarts(lines: readonly string[]): number[] {
  const width = Math.max(...lines.map((l) => l.length));
  const blank = new Array<boolean>(width).fill(true);
  for (const line of lines) {
    for (let p = 0; p < line.length; p++) if (line[p] !== ' ') blank[p] = false;
  }
  let starts = [0];
  let runStart = -1;
  let seenText = false;
  for (let p = 0; p < width; p++) {
    if (blank[p]) {
      if (runStart < 0) runStart = p;
      continue;
    }
    if (runStart >= 0 && seenText && p - runStart >= MIN_GAP) starts.push(p);
    runStart = -1;
    seenText = true;
  }
  // Rule 3: drop boundaries whose column is mostly empty, until every column is well filled.
  const needed = Math.ceil(lines.length / 2);
  for (let i = starts.length - 1; i >= 1; i--) {
    const from = starts[i];
    const to = i + 1 < starts.length ? starts[i + 1] : width;
    const filled = lines.filter((l) => l.slice(from, to).trim() !== '').length;
    if (filled < needed) starts = [...starts.slice(0, i), ...starts.slice(i + 1)];
  }
  return starts;
}

/** A line split at its runs of MIN_GAP or more blanks (leading and trailing blanks dropped). */
function splitAtGaps(line: string): string[] {
  return line.trim().split(new RegExp(` {${MIN_GAP},}`));
}
