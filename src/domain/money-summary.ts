/**
 * What a count found in units and money (see `moneySummarySchema` in contracts/results.ts): over
 * the lines that have a difference (the in-scope product lines: correct, above, below, zero
 * sheet), units and value short (difference < 0) and over (difference > 0), and the net
 * shrinkage value = value short - value over. Values are exact cents (DESIGN.md section 5 step 5:
 * variance value = difference x cost price). The server computes the same figures in SQL
 * (`readMoneySummary`); this is the in-memory form for the command line and tests.
 */
import type { Categories, MoneySummary } from '../contracts/results.js';
import { addCents, formatCents, multiplyCents, parseCents, type Cents } from './money-cents.js';

export function summariseMoney(categories: Categories): MoneySummary {
  let unitsShort = 0;
  let unitsOver = 0;
  let valueShort: Cents = 0;
  let valueOver: Cents = 0;
  let linesWithoutCost = 0;
  for (const lines of Object.values(categories)) {
    for (const line of lines) {
      if (line.difference === null || line.difference === 0) continue;
      const value = line.varianceValue === null ? null : parseCents(line.varianceValue);
      if (value === null) linesWithoutCost++;
      if (line.difference < 0) {
        unitsShort -= line.difference;
        if (value !== null) valueShort = addCents(valueShort, value);
      } else {
        unitsOver += line.difference;
        if (value !== null) valueOver = addCents(valueOver, value);
      }
    }
  }
  const negate = (c: Cents): Cents => multiplyCents(c, -1);
  return {
    unitsShort,
    valueShort: formatCents(negate(valueShort)),
    unitsOver,
    valueOver: formatCents(valueOver),
    netShrinkageValue: formatCents(addCents(negate(valueShort), negate(valueOver))),
    linesWithoutCost,
  };
}
