/** Median and spread of a bench's repeated measurements (any unit). */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** The median (the upper one of an even count), the smallest and the largest of `values` (not empty). */
export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, min: sorted[0]!, max: sorted.at(-1)! };
}
