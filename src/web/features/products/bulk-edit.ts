/**
 * The Bulk Edit form's rules (spec part 2 section 5 "Products"): one checkbox per field enables
 * it; unchecking clears it; numbers are parsed (integer quantity, decimal prices) and dropped
 * when not finite; empty text fields are omitted; tags are trimmed and never duplicated, and either
 * replace each product's tags or are added to them.
 */
import type { BulkUpdates } from '../../../contracts/products';

export const BULK_EDIT_TEXT_FIELDS = ['distributor', 'manufacturer', 'category', 'location'] as const;
export const BULK_EDIT_NUMBER_FIELDS = ['currentQuantity', 'costPrice', 'price'] as const;
export const BULK_EDIT_FIELDS = [...BULK_EDIT_TEXT_FIELDS, ...BULK_EDIT_NUMBER_FIELDS, 'tags'] as const;

export type BulkEditTextField = (typeof BULK_EDIT_TEXT_FIELDS)[number];
export type BulkEditNumberField = (typeof BULK_EDIT_NUMBER_FIELDS)[number];
export type BulkEditField = (typeof BULK_EDIT_FIELDS)[number];

export const BULK_EDIT_LABELS: Record<BulkEditField, string> = {
  distributor: 'Distributor',
  manufacturer: 'Manufacturer',
  category: 'Category',
  location: 'Location',
  currentQuantity: 'Current Stock',
  costPrice: 'Cost Price',
  price: 'Selling Price',
  tags: 'Tags',
};

export interface BulkEditForm {
  enabled: Record<BulkEditField, boolean>;
  text: Record<BulkEditTextField | BulkEditNumberField, string>;
  tags: string[];
  /** 'replace': the listed tags become each product's tags; 'add': they are added to its own. */
  tagsMode: 'replace' | 'add';
}

/** What `PATCH /api/products/bulk-update` receives as `updates`: only the chosen fields. */
export type { BulkUpdates };

export function emptyBulkEditForm(): BulkEditForm {
  return {
    enabled: {
      distributor: false,
      manufacturer: false,
      category: false,
      location: false,
      currentQuantity: false,
      costPrice: false,
      price: false,
      tags: false,
    },
    text: { distributor: '', manufacturer: '', category: '', location: '', currentQuantity: '', costPrice: '', price: '' },
    tags: [],
    tagsMode: 'replace',
  };
}

/** Checks or unchecks a field; unchecking clears its value. */
export function setFieldEnabled(form: BulkEditForm, field: BulkEditField, enabled: boolean): BulkEditForm {
  const next: BulkEditForm = { ...form, enabled: { ...form.enabled, [field]: enabled } };
  if (!enabled) {
    if (field === 'tags') next.tags = [];
    else next.text = { ...form.text, [field]: '' };
  }
  return next;
}

/**
 * Adds a tag, trimmed; a blank or already listed tag leaves the list as it is. 'Seasonal' and
 * 'seasonal' are the same tag (the server drops such duplicates too).
 */
export function addTag(tags: readonly string[], raw: string): string[] {
  const tag = raw.trim();
  const key = tag.toLowerCase();
  if (tag === '' || tags.some((t) => t.toLowerCase() === key)) return [...tags];
  return [...tags, tag];
}

export function anyFieldEnabled(form: BulkEditForm): boolean {
  return BULK_EDIT_FIELDS.some((f) => form.enabled[f]);
}

function parseNumber(field: BulkEditNumberField, text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number.parseFloat(trimmed);
  return Number.isFinite(n) ? n : undefined;
}

/** The `updates` of the checked fields: numbers parsed (else dropped), blanks omitted. */
export function buildBulkUpdates(form: BulkEditForm): BulkUpdates {
  const updates: BulkUpdates = {};
  for (const field of BULK_EDIT_TEXT_FIELDS) {
    if (!form.enabled[field]) continue;
    const value = form.text[field].trim();
    if (value !== '') updates[field] = value;
  }
  for (const field of BULK_EDIT_NUMBER_FIELDS) {
    if (!form.enabled[field]) continue;
    const n = parseNumber(field, form.text[field]);
    if (n !== undefined) updates[field] = n;
  }
  if (form.enabled.tags) {
    const tags = form.tags.reduce<string[]>((list, tag) => addTag(list, tag), []);
    if (tags.length > 0) {
      if (form.tagsMode === 'add') updates.addTags = tags;
      else updates.tags = tags;
    }
  }
  return updates;
}
