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
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') out += String(v);
    else out += `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
  }
  return `${out}}`;
}
