import { describe, expect, it } from 'vitest';
import { bulkUpdateBodySchema } from '../../../contracts/products';
import { addTag, anyFieldEnabled, buildBulkUpdates, emptyBulkEditForm, setFieldEnabled, type BulkEditForm } from './bulk-edit';

function form(change: (f: BulkEditForm) => void): BulkEditForm {
  const f = emptyBulkEditForm();
  change(f);
  return f;
}

describe('bulk edit (spec part 2 section 5)', () => {
  it('has no field selected at first', () => {
    expect(anyFieldEnabled(emptyBulkEditForm())).toBe(false);
    expect(buildBulkUpdates(emptyBulkEditForm())).toEqual({});
  });

  it('sends only checked fields; unchecked values are ignored', () => {
    const f = form((f) => {
      f.enabled.category = true;
      f.text.category = ' Snacks ';
      f.text.location = 'Aisle 9'; // not checked
    });
    expect(buildBulkUpdates(f)).toEqual({ category: 'Snacks' });
  });

  it('unchecking a field clears it', () => {
    let f = form((f) => {
      f.enabled.distributor = true;
      f.text.distributor = 'North';
      f.enabled.tags = true;
      f.tags = ['a'];
    });
    f = setFieldEnabled(f, 'distributor', false);
    f = setFieldEnabled(f, 'tags', false);
    expect(f.text.distributor).toBe('');
    expect(f.tags).toEqual([]);
    expect(anyFieldEnabled(f)).toBe(false);
  });

  it('omits empty text fields', () => {
    const f = form((f) => {
      f.enabled.manufacturer = true;
      f.text.manufacturer = '   ';
    });
    expect(anyFieldEnabled(f)).toBe(true);
    expect(buildBulkUpdates(f)).toEqual({});
  });

  it('parses the quantity as an integer and prices as decimals; drops what is not finite', () => {
    const f = form((f) => {
      f.enabled.currentQuantity = true;
      f.text.currentQuantity = '12';
      f.enabled.costPrice = true;
      f.text.costPrice = '3.25';
      f.enabled.price = true;
      f.text.price = 'abc';
    });
    expect(buildBulkUpdates(f)).toEqual({ currentQuantity: 12, costPrice: 3.25 });
    expect(buildBulkUpdates(form((f) => {
      f.enabled.currentQuantity = true;
      f.text.currentQuantity = '-4';
    }))).toEqual({ currentQuantity: -4 });
    expect(buildBulkUpdates(form((f) => {
      f.enabled.currentQuantity = true;
      f.text.currentQuantity = '';
    }))).toEqual({});
  });

  it('trims tags and never lists one twice', () => {
    expect(addTag([], '  fast-mover ')).toEqual(['fast-mover']);
    expect(addTag(['fast-mover'], 'fast-mover')).toEqual(['fast-mover']);
    expect(addTag(['fast-mover'], 'Fast-Mover')).toEqual(['fast-mover']);
    expect(addTag(['fast-mover'], '   ')).toEqual(['fast-mover']);
    const f = form((f) => {
      f.enabled.tags = true;
      f.tags = ['a', ' a', 'b'];
    });
    expect(buildBulkUpdates(f)).toEqual({ tags: ['a', 'b'] });
    expect(buildBulkUpdates({ ...f, tagsMode: 'add' })).toEqual({ addTags: ['a', 'b'] });
  });

  it('builds updates the contract accepts', () => {
    const f = form((f) => {
      for (const k of Object.keys(f.enabled) as Array<keyof BulkEditForm['enabled']>) f.enabled[k] = true;
      f.text = { distributor: 'D', manufacturer: 'M', category: 'C', location: 'L', currentQuantity: '5', costPrice: '1.25', price: '2' };
      f.tags = ['x'];
    });
    const body = { productIds: ['0b6a3c4e-2f1d-4c8b-9a7e-5d3f2e1c0b9a'], updates: buildBulkUpdates(f) };
    expect(bulkUpdateBodySchema.parse(body).updates).toEqual(body.updates);
  });
});
