import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FilterExpression } from '../contracts/filters.js';
import {
  auditLocationScope,
  foundElsewhere,
  locationScopeOf,
  misplacedText,
  moveText,
  noMoveReason,
  proposeMoves,
  shortageOf,
  type FoundElsewhere,
  type HomeAuditShortages,
  type NotExpectedLine,
} from './misplaced-stock.js';

let nextId = 0;
const condition = (field: string, operator: string, value: string) => ({ id: `c${++nextId}`, field, operator, value }) as FilterExpression['conditions'][number];
const filter = (logic: 'AND' | 'OR', ...conditions: FilterExpression['conditions']): FilterExpression => ({ logic, conditions });

const line = (sku: string, location: string | null, scannedQuantity: number): NotExpectedLine => ({
  productId: `id-${sku}`,
  sku,
  productName: `Name ${sku}`,
  location,
  scannedQuantity,
});

const home = (name: string, shortages: Record<string, [number, 'quantityBelow' | 'zeroSheetItems']>): HomeAuditShortages => ({
  audit: { id: `audit-${name}`, name, completedAt: '2026-11-20T10:00:00.000Z' },
  shortages: new Map(Object.entries(shortages).map(([sku, [quantity, category]]) => [`id-${sku}`, { quantity, category }])),
});

describe('locationScopeOf', () => {
  it('answers the one location an AND filter keeps, beside other conditions', () => {
    expect(locationScopeOf(filter('AND', condition('location', 'equals', '  Aisle 1 ')))).toBe('Aisle 1');
    expect(locationScopeOf(filter('AND', condition('category', 'equals', 'Fruit'), condition('location', 'equals', 'Back Room')))).toBe('Back Room');
    expect(locationScopeOf(filter('AND', condition('location', 'equals', 'Aisle 1'), condition('location', 'equals', 'AISLE 1')))).toBe('Aisle 1');
    expect(locationScopeOf(filter('OR', condition('location', 'equals', 'Aisle 1')))).toBe('Aisle 1');
  });

  it('answers null when the filter does not keep exactly one location', () => {
    expect(locationScopeOf(null)).toBeNull();
    expect(locationScopeOf(undefined)).toBeNull();
    expect(locationScopeOf(filter('AND', condition('category', 'equals', 'Fruit')))).toBeNull();
    expect(locationScopeOf(filter('AND', condition('location', 'contains', 'Aisle')))).toBeNull();
    expect(locationScopeOf(filter('AND', condition('location', 'not_equals', 'Aisle 1')))).toBeNull();
    expect(locationScopeOf(filter('AND', condition('location', 'equals', 'Aisle 1'), condition('location', 'equals', 'Aisle 2')))).toBeNull();
    expect(locationScopeOf(filter('OR', condition('location', 'equals', 'Aisle 1'), condition('location', 'equals', 'Aisle 2')))).toBeNull();
    expect(locationScopeOf(filter('OR', condition('location', 'equals', 'Aisle 1'), condition('category', 'equals', 'Fruit')))).toBeNull();
  });
});

describe('auditLocationScope', () => {
  it("reads a product audit's stored filter; a cycle count or an unreadable filter has no location", () => {
    const byLocation = filter('AND', condition('location', 'equals', 'Cold Store'));
    expect(auditLocationScope({ auditType: 'product-audit', filterExpression: byLocation })).toBe('Cold Store');
    expect(auditLocationScope({ auditType: 'cycle-count', filterExpression: byLocation })).toBeNull();
    expect(auditLocationScope({ auditType: 'product-audit', filterExpression: null })).toBeNull();
    expect(auditLocationScope({ auditType: 'product-audit', filterExpression: { logic: 'AND', conditions: [{ field: 'location' }] } })).toBeNull();
  });
});

describe('foundElsewhere', () => {
  it('keeps the lines whose catalogue location is another one, in order', () => {
    const found = foundElsewhere('Aisle 1', [
      line('A', 'Aisle 2', 3),
      line('B', null, 1),
      line('C', '  ', 1),
      line('D', 'aisle 1', 2),
      line('E', ' Back Room ', 4),
    ]);
    expect(found.map((f) => [f.sku, f.belongsIn])).toEqual([
      ['A', 'Aisle 2'],
      ['E', 'Back Room'],
    ]);
  });
});

describe('proposeMoves', () => {
  const found = foundElsewhere('Aisle 1', [line('A', 'Aisle 2', 3), line('B', 'Aisle 2', 10), line('C', 'Aisle 2', 2), line('D', 'Back Room', 1), line('E', 'Aisle 2', 0)]);
  const aisle2 = home('Aisle 2 count', { A: [5, 'quantityBelow'], B: [4, 'zeroSheetItems'], E: [2, 'quantityBelow'] });
  const result = proposeMoves('Aisle 1', found, (key) => (key === 'aisle 2' ? aisle2 : undefined));

  it('proposes min(found in A, short in B) where B is short', () => {
    expect(result.items.map((i) => [i.sku, i.moveQuantity])).toEqual([
      ['A', 3],
      ['B', 4],
      ['C', null],
      ['D', null],
      ['E', null],
    ]);
    expect(result).toMatchObject({ location: 'Aisle 1', moves: 2, unitsToMove: 7 });
    expect(result.items[1]).toEqual({
      productId: 'id-B',
      sku: 'B',
      productName: 'Name B',
      foundIn: 'Aisle 1',
      foundQuantity: 10,
      belongsIn: 'Aisle 2',
      homeAudit: aisle2.audit,
      homeCategory: 'zeroSheetItems',
      shortInHome: 4,
      moveQuantity: 4,
    });
  });

  it('says what it found and why no move is proposed', () => {
    const [a, , c, d, e] = result.items;
    expect(misplacedText(a!)).toBe('found in Aisle 1, belongs in Aisle 2');
    expect(moveText(a!)).toBe('Move 3 from Aisle 1 to Aisle 2');
    expect(noMoveReason(a!)).toBeNull();
    expect(moveText(c!)).toBeNull();
    expect(noMoveReason(c!)).toBe('Not short in Aisle 2 count');
    expect(noMoveReason(d!)).toBe('No completed audit of Back Room');
    expect(noMoveReason(e!)).toBe('Nothing counted in Aisle 1 to move');
  });

  it('moves fractions of a unit exactly', () => {
    const fractions = foundElsewhere('Cold Store', [line('K', 'Deli', 0.1), line('L', 'Deli', 0.25)]);
    const deli = home('Deli', { K: [0.2, 'quantityBelow'], L: [0.125, 'quantityBelow'] });
    const moved = proposeMoves('Cold Store', fractions, () => deli);
    expect(moved.items.map((i) => i.moveQuantity)).toEqual([0.1, 0.125]);
    expect(moved.unitsToMove).toBe(0.225);
    expect(moveText(moved.items[1]!)).toBe('Move 0.125 from Cold Store to Deli');
  });
});

describe('shortageOf', () => {
  it('reads a shortage from Below and Zero Sheet lines only', () => {
    expect(shortageOf('quantityBelow', -3)).toEqual({ quantity: 3, category: 'quantityBelow' });
    expect(shortageOf('zeroSheetItems', -4.5)).toEqual({ quantity: 4.5, category: 'zeroSheetItems' });
    expect(shortageOf('zeroSheetItems', 2)).toBeNull();
    expect(shortageOf('quantityAbove', -1)).toBeNull();
    expect(shortageOf('quantityBelow', null)).toBeNull();
  });
});

describe('proposeMoves (property)', () => {
  const quantity = fc.integer({ min: -5000, max: 50_000 }).map((n) => n / 1000);
  it('a move is proposed exactly when both sides have units, and never exceeds either', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(quantity, fc.option(quantity, { nil: null })), { maxLength: 30 }), (pairs) => {
        const found: FoundElsewhere[] = pairs.map(([scanned], i) => ({ ...line(`P${i}`, 'B', scanned), belongsIn: 'B' }));
        const shortages = new Map<string, { quantity: number; category: 'quantityBelow' }>();
        pairs.forEach(([, short], i) => {
          const shortage = short === null ? null : shortageOf('quantityBelow', -short);
          if (shortage) shortages.set(`id-P${i}`, { quantity: shortage.quantity, category: 'quantityBelow' });
        });
        const result = proposeMoves('A', found, () => ({ audit: { id: 'b', name: 'B', completedAt: null }, shortages }));
        let units = 0;
        result.items.forEach((item, i) => {
          const [scanned, short] = pairs[i]!;
          const expectMove = scanned > 0 && short !== null && short > 0;
          expect(item.moveQuantity !== null).toBe(expectMove);
          if (item.moveQuantity !== null) {
            expect(item.moveQuantity).toBeLessThanOrEqual(scanned);
            expect(item.moveQuantity).toBeLessThanOrEqual(short!);
            expect([scanned, short]).toContain(item.moveQuantity);
            units += Math.round(item.moveQuantity * 1000);
          }
        });
        expect(result.moves).toBe(result.items.filter((i) => i.moveQuantity !== null).length);
        expect(result.unitsToMove).toBe(units / 1000);
      }),
    );
  });
});
