/**
 * The delimiter of a CSV file, from the text of its first lines. DESIGN.md section 6.
 *
 * Each candidate (`,` `;` tab `|`) is counted per line, outside quotes, over the first
 * SAMPLE_LINES non-blank lines (the last line of a truncated head is ignored). The winner is the
 * candidate found on the most lines the same non-zero number of times as on the first line;
 * ties go to the rarer character in ordinary text: tab, then `|`, then `;`, then `,`. A `,`
 * that only appears inside values (`1,5` in a German `EAN;Menge` file) loses to the `;` that
 * appears on every line. A file with none of them (one column) is comma-separated, unless its
 * text holds commas only inside `{...}` payloads (a keyboard-wedge dump of QR codes): then it is
 * read one value per line.
 */

export const DELIMITERS = [',', ';', '\t', '|'] as const;
export type Delimiter = (typeof DELIMITERS)[number];

const PREFERENCE: readonly Delimiter[] = ['\t', '|', ';', ','];
const SAMPLE_LINES = 50;

/**
 * @param text the decoded start of the file (no BOM)
 * @param complete true when `text` is the whole file (its last line is then complete)
 */
export function detectDelimiter(text: string, complete: boolean): Delimiter {
  const lines = countPerLine(text, complete);
  if (lines.length === 0) return ',';
  let best: Delimiter = ',';
  let bestScore = 0;
  for (const d of PREFERENCE) {
    const first = lines[0][d];
    if (first === 0) continue;
    let score = 0;
    for (const counts of lines) if (counts[d] === first) score++;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  if (bestScore > 0) return best;
  // The first line has none of them (a one-column header over delimited data is unusual but
  // possible): take the candidate present on the most lines.
  for (const d of PREFERENCE) {
    const score = lines.filter((counts) => counts[d] > 0).length;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  if (bestScore > 0) return best;
  // One column. Commas inside `{...}` payloads (a scanner's QR dump) are not delimiters: read each
  // line whole with a candidate the text does not hold.
  return text.includes(',') ? (PREFERENCE.find((d) => !text.includes(d)) ?? ',') : ',';
}

/**
 * True when the text is delimited beyond doubt: `,` `;` or `|` on every sampled line (record),
 * or a tab the same number of times on every line. Tabs in varying numbers per line are how an
 * editor aligns columns, so such a file may still be fixed width (detect-fixed-width.ts).
 */
export function isDelimitedText(text: string, complete: boolean): boolean {
  const lines = countPerLine(text, complete);
  if (lines.length === 0) return false;
  if (([',', ';', '|'] as const).some((d) => lines.every((counts) => counts[d] > 0))) return true;
  const tabs = lines[0]['\t'];
  return tabs > 0 && lines.every((counts) => counts['\t'] === tabs);
}

type Counts = Record<Delimiter, number>;

/** Per non-blank line (record), the count of each candidate outside quotes. */
function countPerLine(text: string, complete: boolean): Counts[] {
  const lines: Counts[] = [];
  let counts: Counts = { ',': 0, ';': 0, '\t': 0, '|': 0 };
  let inQuotes = false;
  let lineHasText = false;
  let braces = 0;
  for (let i = 0; i < text.length && lines.length < SAMPLE_LINES; i++) {
    const c = text[i];
    if (c === '"') {
      inQuotes = !inQuotes; // `""` toggles twice: still right
      lineHasText = true;
    } else if (inQuotes) {
      continue;
    } else if (c === '{' && braces === 0 && !lineHasText) {
      braces = 1; // a line that opens with `{` is one payload up to its `}`
      lineHasText = true;
    } else if (braces > 0 && c !== '\n' && c !== '\r') {
      if (c === '}') braces = 0;
    } else if (c === '\n' || c === '\r') {
      if (lineHasText) lines.push(counts);
      counts = { ',': 0, ';': 0, '\t': 0, '|': 0 };
      lineHasText = false;
      braces = 0;
    } else {
      if (c === ',' || c === ';' || c === '\t' || c === '|') counts[c]++;
      if (c !== ' ') lineHasText = true;
    }
  }
  if (complete && lineHasText && lines.length < SAMPLE_LINES) lines.push(counts);
  return lines;
}
