/**
 * Exact order of two decimal numbers written as text, as PostgreSQL's numeric compares them:
 * `compareDecimalText('0.1', '1e-1')` is 0, `compareDecimalText('100', '100.00000000000000001')`
 * is -1 (doubles would call them equal). Used where a double comparison ties (the product list's
 * numeric filters on the in-memory catalogue, docs/decisions/0143).
 */

/** Sign, significant digits (no leading or trailing zeros) and the exponent of the first digit. */
interface DecimalParts {
  sign: -1 | 0 | 1;
  digits: string;
  /** The value is 0.digits x 10^exponent. */
  exponent: number;
}

const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function partsOf(text: string): DecimalParts {
  const m = DECIMAL_TEXT.exec(text.trim());
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new Error(`not a decimal number: "${text}"`);
  const whole = m[2]!;
  const fraction = m[3] ?? '';
  const all = whole + fraction;
  const lead = all.search(/[1-9]/);
  if (lead < 0) return { sign: 0, digits: '', exponent: 0 };
  const digits = all.slice(lead).replace(/0+$/, '');
  return { sign: m[1] === '-' ? -1 : 1, digits, exponent: whole.length - lead + Number(m[4] ?? 0) };
}

/**
 * -1, 0 or 1 as `a` is less than, equal to or greater than `b`. Both are decimal text: optional
 * sign, digits with an optional point, an optional exponent (`12`, `-3.50`, `.5`, `1e3`).
 * @throws Error when either is not such text.
 */
export function compareDecimalText(a: string, b: string): -1 | 0 | 1 {
  const x = partsOf(a);
  const y = partsOf(b);
  if (x.sign !== y.sign) return x.sign < y.sign ? -1 : 1;
  if (x.sign === 0) return 0;
  let magnitude: -1 | 0 | 1;
  if (x.exponent !== y.exponent) magnitude = x.exponent < y.exponent ? -1 : 1;
  else if (x.digits === y.digits) return 0;
  else {
    const width = Math.max(x.digits.length, y.digits.length);
    magnitude = x.digits.padEnd(width, '0') < y.digits.padEnd(width, '0') ? -1 : 1;
  }
  return (magnitude * x.sign) as -1 | 0 | 1;
}
