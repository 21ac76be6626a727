/**
 * Barcodes a spreadsheet destroyed (DESIGN.md section 5 rule 1, section 6 "Spreadsheets damage
 * codes"). A long digit code typed into Excel becomes a number shown as `1.23457E+11`: the digits
 * after the sixth are gone (and Excel keeps at most 15 significant digits anyway). Such a value is
 * reported as not found with a reason; its digits are never guessed.
 */

/** What `detectScientificNotation` found. */
export interface ScientificNotation {
  /** Significant digits written in the mantissa (`1.23457E+11` -> 6). */
  significantDigits: number;
  /** The power of ten (`1.23457E+11` -> 11). */
  exponent: number;
  /**
   * True when the mantissa cannot hold every digit of the integer it stands for
   * (`significantDigits < exponent + 1`): the original code is lost.
   */
  digitsLost: boolean;
  /**
   * The integer the notation spells when no digit is lost (`1.23456789012E+11` -> `123456789012`),
   * else null. Leading zeros of the original code are gone either way.
   */
  digits: string | null;
}

/** Smallest exponent taken for a damaged code: a GTIN-8 shown as `1.2345E+07`. */
const MIN_EXPONENT = 7;

/**
 * Recognise a barcode turned into scientific notation: one digit, optionally a decimal point or
 * comma (German Excel) and more digits, then `E` or `e`, an optional `+`, and an exponent of 7 or
 * more (1-3 digits). Returns null for anything else, including small numbers such as `2E3` that
 * are more likely part numbers. Examples: `1.23457E+11`, `2.68435E+17`, `1,76159E+12`.
 */
export function detectScientificNotation(value: string): ScientificNotation | null {
  const n = value.length;
  if (n < 3 || n > 40) return null;
  let i = 0;
  if (!isDigitAt(value, i)) return null;
  let mantissa = value[i++]!;
  const sep = value.charCodeAt(i);
  if (sep === 0x2e /* . */ || sep === 0x2c /* , */) {
    i++;
    const start = i;
    while (i < n && isDigitAt(value, i)) i++;
    if (i === start) return null;
    mantissa += value.slice(start, i);
  }
  const e = value.charCodeAt(i);
  if (e !== 0x45 /* E */ && e !== 0x65 /* e */) return null;
  i++;
  if (value.charCodeAt(i) === 0x2b /* + */) i++;
  const expStart = i;
  while (i < n && isDigitAt(value, i)) i++;
  if (i !== n || i === expStart || i - expStart > 3) return null;
  const exponent = Number(value.slice(expStart));
  if (exponent < MIN_EXPONENT) return null;
  // More mantissa digits than the integer has: a fraction, not a code.
  if (mantissa.length > exponent + 1) return null;
  // Trailing zeros of the mantissa are not significant ("1.50E+11" holds 2 digits).
  let significantDigits = mantissa.length;
  while (significantDigits > 1 && mantissa.charCodeAt(significantDigits - 1) === 48) significantDigits--;
  const complete = mantissa.length === exponent + 1;
  return { significantDigits, exponent, digitsLost: !complete, digits: complete ? mantissa : null };
}

/**
 * The not-found reason for a damaged code, e.g.
 * `scientific notation: a spreadsheet turned the barcode into 1.23457E+11; its digits are lost`.
 */
export function scientificNotationReason(value: string, found: ScientificNotation): string {
  if (found.digits !== null) {
    return `scientific notation: a spreadsheet reformatted the barcode as ${value} (reads as ${found.digits}); export the column as text to match it`;
  }
  return `scientific notation: a spreadsheet turned the barcode into ${value}; its digits are lost`;
}

function isDigitAt(value: string, i: number): boolean {
  const c = value.charCodeAt(i);
  return c >= 48 && c <= 57;
}
