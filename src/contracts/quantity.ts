import { z } from 'zod';

/**
 * A quantity on the wire (DESIGN.md section 2, section 5 rule 4): a JSON number that is a
 * decimal of at most 3 places (`843`, `2.5`, `0.25`, `-1.125`), the nearest double to it as
 * `JSON.stringify` writes it. Stock, counts, differences, variance in units and their sums all
 * use it; counts of lines, rows and products stay integers (docs/decisions/0105).
 */
export const quantitySchema = z
  .number()
  .refine((value) => Number.isFinite(value) && Math.round(value * 1000) / 1000 === value, { message: 'A quantity has at most 3 decimal places' });

/** Largest magnitude of one quantity a user enters (a catalogue figure, one scan row). */
export const MAX_ENTERED_QUANTITY = 2_147_483_647;

/** A quantity a user enters (product form, quantity upload): within ±2,147,483,647. */
export const enteredQuantitySchema = quantitySchema.refine((value) => Math.abs(value) <= MAX_ENTERED_QUANTITY, {
  message: `A quantity is at most ${MAX_ENTERED_QUANTITY.toLocaleString('en-US')} in magnitude`,
});
