/**
 * Exact money arithmetic for variance values (DESIGN.md section 2 "money is numeric(12,2) ... a
 * decimal string on the wire", section 5 rule 5 "variance value = difference * cost price").
 *
 * Amounts are held as integer cents: a JavaScript number while it is a safe integer, a bigint
 * beyond. No binary floating point ever touches a money value.
 */

/**
 * Integer cents: a safe-integer number, or a bigint once the value outgrows 2^53 (every function
 * here answers a number whenever the amount fits, so equal amounts compare equal).
 */
export type Cents = number | bigint;

/**
 * Parse a decimal string (`"12.5"`, `"-0.07"`, `"1234"`, `"+3.10"`) into integer cents.
 * More than 2 decimal places are rounded half away from zero (the database keeps 2).
 * Returns null for anything that is not a plain decimal (blank, `"1e3"`, `"12,50"`, `"$3"`).
 */
export function parseCents(decimal: string): Cents | null {
  const text = decimal.trim();
  const n = text.length;
  let i = 0;
  let negative = false;
  if (text[0] === '-' || text[0] === '+') {
    negative = text[0] === '-';
    i = 1;
  }
  // Whole units and the first two decimals, read digit by digit (no substring per amount).
  let whole = 0;
  let wholeDigits = 0;
  const intStart = i;
  while (i < n && isDigit(text.charCodeAt(i))) {
    whole = whole * 10 + (text.charCodeAt(i) - 48);
    wholeDigits++;
    i++;
  }
  let fraction = 0;
  let fractionDigits = 0;
  let roundUp = false;
  if (i < n && text.charCodeAt(i) === 46 /* . */) {
    i++;
    while (i < n && isDigit(text.charCodeAt(i))) {
      const digit = text.charCodeAt(i) - 48;
      if (fractionDigits < 2) fraction = fraction * 10 + digit;
      else if (fractionDigits === 2) roundUp = digit >= 5; // half away from zero
      fractionDigits++;
      i++;
    }
  }
  if (i !== n || wholeDigits + fractionDigits === 0) return null;
  if (fractionDigits === 1) fraction *= 10;
  let cents: Cents =
    wholeDigits <= 13
      ? whole * 100 + fraction
      : normalise(BigInt(text.slice(intStart, intStart + wholeDigits)) * 100n + BigInt(fraction));
  if (roundUp) cents = addCents(cents, 1);
  return negative ? negateCents(cents) : cents;
}

/** `cents * factor` exactly (factor a whole number of units). */
export function multiplyCents(cents: Cents, factor: number): Cents {
  if (typeof cents === 'number') {
    const product = cents * factor;
    if (Number.isSafeInteger(product)) return product === 0 ? 0 : product;
  }
  return normalise(BigInt(cents) * BigInt(factor));
}

/**
 * `cents * thousandths / 1000` rounded to the cent, half away from zero: a price times a
 * quantity of at most 3 decimals (quantity-thousandths.ts). Exact: the product is formed as an
 * integer (a bigint when it outgrows 2^53) before the one rounding.
 */
export function multiplyCentsByThousandths(cents: Cents, thousandths: number): Cents {
  if (typeof cents === 'number') {
    const product = cents * thousandths;
    if (Number.isSafeInteger(product)) {
      const rest = product % 1000;
      const whole = (product - rest) / 1000;
      const rounded = rest >= 500 ? whole + 1 : rest <= -500 ? whole - 1 : whole;
      return rounded === 0 ? 0 : rounded;
    }
  }
  const product = BigInt(cents) * BigInt(thousandths);
  const rest = product % 1000n;
  const whole = (product - rest) / 1000n;
  return normalise(rest >= 500n ? whole + 1n : rest <= -500n ? whole - 1n : whole);
}

/** `a + b` exactly. */
export function addCents(a: Cents, b: Cents): Cents {
  if (typeof a === 'number' && typeof b === 'number') {
    const sum = a + b;
    if (Number.isSafeInteger(sum)) return sum;
  }
  return normalise(BigInt(a) + BigInt(b));
}

/** `.00` to `.99`: the cents part of a formatted amount, by its value. */
const CENTS_PART = Array.from({ length: 100 }, (_, c) => (c < 10 ? '.0' : '.') + String(c));

/**
 * Cents as a decimal string with 2 places: 1250 -> `"12.50"`, -7 -> `"-0.07"`, 0 -> `"0.00"`.
 * Called once per result line (the variance value of ~100,000 lines of a large audit): the
 * cents part comes from a table and one concatenation makes the text, where a template literal
 * made five pieces (docs/decisions/0095).
 */
export function formatCents(cents: Cents): string {
  if (typeof cents === 'number') {
    const abs = cents < 0 ? -cents : cents;
    const rest = abs % 100;
    const whole = (abs - rest) / 100;
    return cents < 0 ? '-' + whole + CENTS_PART[rest]! : whole + CENTS_PART[rest]!;
  }
  const negative = cents < 0n;
  const abs = (negative ? -cents : cents).toString();
  const padded = abs.length < 3 ? '000'.slice(abs.length) + abs : abs;
  return `${negative ? '-' : ''}${padded.slice(0, -2)}.${padded.slice(-2)}`;
}

function negateCents(cents: Cents): Cents {
  return typeof cents === 'number' ? (cents === 0 ? 0 : -cents) : -cents;
}

/** Back to a number when the bigint fits, so equal amounts always have the same representation. */
function normalise(value: bigint): Cents {
  return value >= -9007199254740991n && value <= 9007199254740991n ? Number(value) : value;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
