/**
 * PostgreSQL array literals ('{"a",NULL,"b"}') to bind as ONE parameter (`$1::text[]`): drizzle's
 * sql template spreads a JS array into one parameter per element, which is slow for thousands of
 * rows and stops at PostgreSQL's 65,535 parameters a statement. The literal is data parsed by
 * PostgreSQL's array input, never SQL text.
 */

/** Every element quoted (backslash and double quote escaped); null -> NULL. */
export function arrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i];
    let element: string;
    if (v === null || v === undefined) element = 'NULL';
    else if (typeof v === 'number') element = String(v);
    // Most values need no escaping; a regex replace per value costs more than the checks.
    else if (v.indexOf('"') < 0 && v.indexOf('\\') < 0) element = `"${v}"`;
    else element = `"${v.replace(/[\\"]/g, '\\$&')}"`;
    out += i === 0 ? element : `,${element}`;
  }
  return `${out}}`;
}
