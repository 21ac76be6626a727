/**
 * Quantities as exact fixed point: DESIGN.md section 2 ("quantities are decimals of at most 3
 * places, numeric(18,3)") and section 5 rule 4 ("sums are exact (fixed point)").
 *
 * A quantity crosses every boundary (contracts, files, the engine's `add`) as a JavaScript
 * number in units that is the nearest double to a decimal of at most 3 places (`2.5`, `0.25`,
 * `843`). Inside, it is an integer number of thousandths held in a double: additions of such
 * integers are exact while their magnitude stays within 2^53 thousandths (about 9 * 10^12 units),
 * and a thousandths figure turns back into the nearest double to its decimal by one correctly
 * rounded division. No binary fraction is ever summed (docs/decisions/0105).
 */

/** Most decimal places a quantity keeps. */
export const QUANTITY_DECIMALS = 3;

/** Thousandths per unit. */
export const THOUSANDTHS = 1000;

/** Largest magnitude of one quantity (one scan row, one catalogue figure), in units. */
export const MAX_QUANTITY_UNITS = 2_147_483_647;

/** Largest magnitude a sum of thousandths may reach and stay exact (2^53 - 1). */
export const MAX_EXACT_THOUSANDTHS = Number.MAX_SAFE_INTEGER;

/**
 * `units` (a number in units) as an integer number of thousandths, or NaN when it is not a
 * decimal of at most 3 places (`2.5001`, `1/3`, NaN, Infinity) or exceeds MAX_QUANTITY_UNITS.
 * Exact: for the double nearest to n/1000, `Math.round(units * 1000)` is n and n/1000 gives
 * that double back; any other double fails the second test.
 */
export function toThousandths(units: number): number {
  if (Number.isInteger(units)) {
    return units <= MAX_QUANTITY_UNITS && units >= -MAX_QUANTITY_UNITS ? units * THOUSANDTHS + 0 : NaN;
  }
  const n = Math.round(units * THOUSANDTHS);
  if (n / THOUSANDTHS !== units || !(Math.abs(units) <= MAX_QUANTITY_UNITS)) return NaN;
  return n + 0;
}

/**
 * A row's quantity times the units one read of its identifier counts (an alternate barcode of a
 * box of 24, a 250 g pack: 0.25), both in thousandths, in thousandths: rounded half away from
 * zero to the thousandth when the product has more places (0.001 x 0.25). Exact: formed as an
 * integer product (a bigint beyond 2^53) before the one rounding.
 */
export function timesUnits(thousandths: number, unitsThousandths: number): number {
  const product = thousandths * unitsThousandths;
  if (Number.isSafeInteger(product)) {
    const rest = product % THOUSANDTHS;
    const whole = (product - rest) / THOUSANDTHS;
    return (rest >= 500 ? whole + 1 : rest <= -500 ? whole - 1 : whole) + 0;
  }
  const big = BigInt(thousandths) * BigInt(unitsThousandths);
  const rest = big % 1000n;
  const whole = (big - rest) / 1000n;
  return Number(rest >= 500n ? whole + 1n : rest <= -500n ? whole - 1n : whole) + 0;
}

/** Thousandths back to units: the double nearest to the decimal thousandths/1000 (-0 as 0). */
export function fromThousandths(thousandths: number): number {
  return thousandths / THOUSANDTHS + 0;
}

/** True when `units` is a number of at most 3 decimal places within MAX_QUANTITY_UNITS. */
export function isQuantity(units: number): boolean {
  return !Number.isNaN(toThousandths(units));
}

/**
 * A quantity as the shortest decimal text: whole numbers without decimals (`843`), fractions
 * with the places they need (`2.5`, `0.25`, `1.125`). JavaScript's own number-to-string already
 * gives the shortest text that reads back as the same double, which for these values is the
 * decimal itself; this names the rule for the exports and the CLI.
 */
export function formatQuantity(units: number): string {
  return String(units + 0);
}
