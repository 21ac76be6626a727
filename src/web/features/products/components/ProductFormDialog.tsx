/**
 * Add Product and Edit Product (issue 13 point 8; the spec shows no such dialog, decision 0063):
 * one product's fields with the import's labels. The server checks everything again (SKU unique,
 * prices, the plan's product limit) and its message is shown in the dialog when it refuses.
 */
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { toast } from '@/lib/toast';
import type { Product, ProductInputBody } from '../../../../contracts/products';
import { quantitySchema } from '../../../../contracts/quantity';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { createProduct, invalidateCatalogue, updateProduct } from '../api/change-products';
import { IMPORT_FIELD_LABELS } from '../import-fields';
import { refocus } from '@/lib/refocus';
import { AlternateIdentifiersField, identifierRows, identifiersFromRows, type IdentifierRow } from './AlternateIdentifiersField';

type TextField = 'sku' | 'name' | 'upc' | 'otherIdentifier' | 'distributor' | 'manufacturer' | 'category' | 'location';
type FormValues = Record<TextField | 'currentQuantity' | 'costPrice' | 'price' | 'tags', string> & { alternateIdentifiers: IdentifierRow[] };

const TEXT_FIELDS: readonly TextField[] = ['sku', 'name', 'upc', 'otherIdentifier', 'distributor', 'manufacturer', 'category', 'location'];

/** Fields a new product can start with (a value scanned but unknown: its SKU and, for a digit code, its UPC). */
export type ProductPrefill = Partial<Pick<FormValues, 'sku' | 'upc' | 'name'>>;

function initialValues(product: Product | null, prefill: ProductPrefill = {}): FormValues {
  return {
    sku: product?.sku ?? prefill.sku ?? '',
    name: product?.name ?? prefill.name ?? '',
    upc: product?.upc ?? prefill.upc ?? '',
    otherIdentifier: product?.otherIdentifier ?? '',
    distributor: product?.distributor ?? '',
    manufacturer: product?.manufacturer ?? '',
    category: product?.category ?? '',
    location: product?.location ?? '',
    currentQuantity: String(product?.currentQuantity ?? 0),
    costPrice: product?.costPrice ?? '',
    price: product?.price ?? '',
    tags: product?.tags.join(', ') ?? '',
    alternateIdentifiers: identifierRows(product?.alternateIdentifiers ?? []),
  };
}

/** The request body: text as typed (the server trims; blank is no value), tags split on commas. */
function toInput(values: FormValues): ProductInputBody {
  const input: ProductInputBody = { sku: values.sku.trim() };
  for (const field of TEXT_FIELDS) if (field !== 'sku') input[field] = values[field];
  input.currentQuantity = Number(values.currentQuantity);
  const identifiers = identifiersFromRows(values.alternateIdentifiers);
  if (identifiers.ok) input.alternateIdentifiers = identifiers.identifiers;
  input.costPrice = values.costPrice.trim() === '' ? null : values.costPrice.trim();
  input.price = values.price.trim() === '' ? null : values.price.trim();
  input.tags = values.tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  return input;
}

/** What is wrong before anything is sent, per field ('' when nothing). */
function localErrors(values: FormValues): Partial<Record<keyof FormValues, string>> {
  const identifiers = identifiersFromRows(values.alternateIdentifiers);
  const errors: Partial<Record<keyof FormValues, string>> = {};
  if (!values.sku.trim()) errors.sku = 'SKU is required';
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(values.currentQuantity.trim())) errors.currentQuantity = 'Current Stock must be a number';
  else if (!quantitySchema.safeParse(Number(values.currentQuantity)).success) errors.currentQuantity = 'Current Stock has at most 3 decimal places';
  if (!identifiers.ok) errors.alternateIdentifiers = identifiers.message;
  return errors;
}

export default function ProductFormDialog({
  open,
  onOpenChange,
  product,
  fallbackFocus,
  prefill,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product to edit; null adds a new one. */
  product: Product | null;
  /** Where the focus goes when the dialog closes and what opened it is gone (a row menu's item): given the product's SKU now. */
  fallbackFocus?: (sku: string | null) => HTMLElement | null | undefined;
  /** What a new product starts with (ignored when editing). */
  prefill?: ProductPrefill;
  /** Called with the saved product, after the catalogue was refreshed. */
  onSaved?: (product: Product) => void;
}) {
  const queryClient = useQueryClient();
  const editing = product !== null;
  const [values, setValues] = useState<FormValues>(() => initialValues(product, prefill));
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [savedSku, setSavedSku] = useState<string | null>(null);

  // Each opening starts from the product as it is now (state adjusted during render).
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const identity = open ? (product?.id ?? 'new') : null;
  if (identity !== openedFor) {
    setOpenedFor(identity);
    if (identity !== null) {
      setValues(initialValues(product, prefill));
      setErrors({});
      setServerError(null);
      setSavedSku(product?.sku ?? null);
    }
  }

  const set = (field: Exclude<keyof FormValues, 'alternateIdentifiers'>) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = localErrors(values);
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = editing ? await updateProduct(product.id, toInput(values)) : await createProduct(toInput(values));
      setSavedSku(saved.sku);
      await invalidateCatalogue(queryClient);
      toast.success(editing ? 'Product Updated' : 'Product Added', {
        description: editing ? `${saved.sku} was saved.` : `${saved.sku} was added to your products.`,
      });
      onOpenChange(false);
      onSaved?.(saved);
    } catch (err) {
      setServerError(errorMessage(err, editing ? 'Failed to update product' : 'Failed to add product'));
    } finally {
      setSaving(false);
    }
  };

  const field = (name: Exclude<keyof FormValues, 'alternateIdentifiers'>, props: Record<string, unknown> = {}) => (
    <FormField label={name === 'sku' ? `${IMPORT_FIELD_LABELS.sku} *` : IMPORT_FIELD_LABELS[name]} error={errors[name]}>
      <Input value={values[name]} onChange={set(name)} autoComplete="off" {...props} />
    </FormField>
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-2xl" onCloseAutoFocus={() => refocus(fallbackFocus && (() => fallbackFocus(savedSku)))}>
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Product' : 'Add Product'}</DialogTitle>
          <DialogDescription>
            {editing ? `Change the details of ${product.sku}.` : 'Add one product to your inventory master list. Only the SKU is required.'}
          </DialogDescription>
        </DialogHeader>
        <form id="product-form" noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2">
          {serverError ? (
            <p role="alert" className="border-destructive/30 bg-destructive/5 text-destructive rounded-md border p-3 text-sm sm:col-span-2">
              {serverError}
            </p>
          ) : null}
          {field('sku', { required: true, autoFocus: true })}
          {field('name')}
          {field('upc', { inputMode: 'numeric' })}
          {field('otherIdentifier')}
          {field('distributor')}
          {field('manufacturer')}
          {field('category')}
          {field('location')}
          {field('currentQuantity', { type: 'number', step: 'any', inputMode: 'decimal' })}
          {field('costPrice', { type: 'number', step: 0.01, min: 0, inputMode: 'decimal' })}
          {field('price', { type: 'number', step: 0.01, min: 0, inputMode: 'decimal' })}
          <FormField label={IMPORT_FIELD_LABELS.tags} hint="Separate tags with commas." className="sm:col-span-2">
            <Input value={values.tags} onChange={set('tags')} autoComplete="off" />
          </FormField>
          <AlternateIdentifiersField
            rows={values.alternateIdentifiers}
            onChange={(rows) => setValues((v) => ({ ...v, alternateIdentifiers: rows }))}
            error={errors.alternateIdentifiers}
          />
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form="product-form" disabled={saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {editing ? 'Save Changes' : 'Add Product'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
