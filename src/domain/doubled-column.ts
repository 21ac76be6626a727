/**
 * Growing a column of numbers kept in a typed array (the engine's and the readers' structures of
 * arrays): `doubled(array)` is a new array of the same type and twice the length, holding
 * `array`'s values first and zeros after them.
 */
export function doubled<T extends Float64Array | Int32Array | Uint8Array>(array: T): T {
  const next = new (array.constructor as new (length: number) => T)(array.length * 2);
  next.set(array);
  return next;
}
