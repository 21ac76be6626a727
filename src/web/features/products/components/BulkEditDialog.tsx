/**
 * Bulk Edit dialog (spec part 2 sections 2, 5, 7, 8): one checkbox per field enables its input;
 * the chosen fields go to `PATCH /api/products/bulk-update` for every selected product.
 * Loaded on demand: the page imports it lazily.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Loader2, Plus, X } from 'lucide-react';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import {
  addTag,
  anyFieldEnabled,
  BULK_EDIT_LABELS,
  BULK_EDIT_NUMBER_FIELDS,
  BULK_EDIT_TEXT_FIELDS,
  buildBulkUpdates,
  emptyBulkEditForm,
  setFieldEnabled,
  type BulkEditField,
  type BulkEditForm,
} from '../bulk-edit';
import { bulkUpdateProducts, invalidateCatalogue } from '../api/change-products';
import { refocus } from '@/lib/refocus';

function plural(n: number, one: string, many: string) {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** A checkbox naming the field, and the field's control, enabled only when checked. */
function FieldRow({
  field,
  form,
  onToggle,
  children,
}: {
  field: BulkEditField;
  form: BulkEditForm;
  onToggle: (field: BulkEditField, checked: boolean) => void;
  children: React.ReactNode;
}) {
  const checkboxId = `bulk-edit-${field}-enabled`;
  return (
    <div className="grid gap-2 sm:grid-cols-[11rem_1fr] sm:items-start sm:gap-4">
      <div className="flex h-9 items-center gap-2">
        <Checkbox
          id={checkboxId}
          checked={form.enabled[field]}
          onCheckedChange={(v) => onToggle(field, v === true)}
          aria-controls={`bulk-edit-${field}`}
        />
        <Label htmlFor={checkboxId}>Change {BULK_EDIT_LABELS[field]}</Label>
      </div>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

export default function BulkEditDialog({
  open,
  onOpenChange,
  productIds,
  onUpdated,
  fallbackFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  productIds: readonly string[];
  onUpdated: () => void;
  /** Where the focus goes on close when the button that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null | undefined;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<BulkEditForm>(emptyBulkEditForm);
  const [tagInput, setTagInput] = useState('');
  const [saving, setSaving] = useState(false);

  const reset = () => {
    setForm(emptyBulkEditForm());
    setTagInput('');
  };

  const close = () => {
    if (saving) return;
    reset();
    onOpenChange(false);
  };

  const toggle = (field: BulkEditField, checked: boolean) => {
    setForm((f) => setFieldEnabled(f, field, checked));
    if (field === 'tags' && !checked) setTagInput('');
    // Checking a field moves the focus to its input, so typing can start at once.
    if (checked) requestAnimationFrame(() => document.getElementById(`bulk-edit-${field}`)?.focus());
  };

  const commitTag = () => {
    setForm((f) => ({ ...f, tags: addTag(f.tags, tagInput) }));
    setTagInput('');
  };

  const onTagKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault(); // Enter adds the tag; it does not submit the form
      commitTag();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (productIds.length === 0) {
      toast.error('No products selected', { description: 'Please select at least one product to edit.' });
      return;
    }
    if (!anyFieldEnabled(form)) {
      toast.error('No Fields Selected', { description: 'Please select at least one field to update.' });
      return;
    }
    // A tag typed but not yet added with Enter still counts.
    const withPending = tagInput.trim() ? { ...form, tags: addTag(form.tags, tagInput) } : form;
    const updates = buildBulkUpdates(withPending);
    if (Object.keys(updates).length === 0) {
      toast.error('Nothing to Update', { description: 'Enter a value for at least one of the fields you selected.' });
      return;
    }
    setSaving(true);
    try {
      const { updated } = await bulkUpdateProducts(productIds, updates);
      toast.success('Products Updated', { description: `Successfully updated ${updated} products.` });
      reset();
      onUpdated();
      onOpenChange(false);
    } catch (error) {
      toast.error('Update Failed', { description: errorMessage(error) });
    } finally {
      setSaving(false);
      await invalidateCatalogue(queryClient);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <DialogContent
        className="flex max-h-[calc(100svh-2rem)] flex-col gap-0 p-0 sm:max-w-2xl"
        onCloseAutoFocus={() => refocus(fallbackFocus)}
      >
        <DialogHeader className="border-b p-6 pb-4">
          <DialogTitle>Bulk Edit Products</DialogTitle>
          <DialogDescription>
            {`Check the fields to change on ${plural(productIds.length, 'selected product', 'selected products')}. Unchecked fields stay as they are.`}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex min-h-0 flex-1 flex-col" noValidate>
          <div className="min-h-0 flex-1 overflow-y-auto p-6">
            <fieldset disabled={saving} className="grid min-w-0 gap-4">
              <legend className="sr-only">Fields to change</legend>
              {BULK_EDIT_TEXT_FIELDS.map((field) => (
                <FieldRow key={field} field={field} form={form} onToggle={toggle}>
                  <Input
                    id={`bulk-edit-${field}`}
                    aria-label={`New ${BULK_EDIT_LABELS[field]}`}
                    value={form.text[field]}
                    disabled={!form.enabled[field]}
                    onChange={(e) => setForm((f) => ({ ...f, text: { ...f.text, [field]: e.target.value } }))}
                    placeholder={form.enabled[field] ? `New ${BULK_EDIT_LABELS[field].toLowerCase()}` : ''}
                    autoComplete="off"
                  />
                </FieldRow>
              ))}
              {BULK_EDIT_NUMBER_FIELDS.map((field) => {
                const quantity = field === 'currentQuantity';
                return (
                  <FieldRow key={field} field={field} form={form} onToggle={toggle}>
                    <div className="relative">
                      {quantity ? null : (
                        <span
                          className="text-muted-foreground pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm"
                          aria-hidden="true"
                        >
                          $
                        </span>
                      )}
                      <Input
                        id={`bulk-edit-${field}`}
                        aria-label={`New ${BULK_EDIT_LABELS[field]}`}
                        type="number"
                        inputMode={quantity ? 'numeric' : 'decimal'}
                        step={quantity ? 'any' : 0.01}
                        min={quantity ? undefined : 0}
                        value={form.text[field]}
                        disabled={!form.enabled[field]}
                        onChange={(e) => setForm((f) => ({ ...f, text: { ...f.text, [field]: e.target.value } }))}
                        placeholder={form.enabled[field] ? (quantity ? 'Up to 3 decimals' : '0.00') : ''}
                        className={quantity ? undefined : 'pl-7'}
                      />
                    </div>
                  </FieldRow>
                );
              })}
              <FieldRow field="tags" form={form} onToggle={toggle}>
                <div className="grid gap-2">
                  <div className="flex gap-2">
                    <Input
                      id="bulk-edit-tags"
                      aria-label="Tag to add"
                      aria-describedby="bulk-edit-tags-hint"
                      value={tagInput}
                      disabled={!form.enabled.tags}
                      onChange={(e) => setTagInput(e.target.value)}
                      onKeyDown={onTagKeyDown}
                      placeholder={form.enabled.tags ? 'Type a tag, press Enter' : ''}
                      autoComplete="off"
                    />
                    <Button
                      type="button"
                      variant="outline"
                      onClick={commitTag}
                      disabled={!form.enabled.tags || tagInput.trim() === ''}
                    >
                      <Plus aria-hidden="true" />
                      Add
                    </Button>
                  </div>
                  <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm" disabled={!form.enabled.tags}>
                    <legend className="sr-only">How the tags change</legend>
                    {(
                      [
                        ['replace', 'Replace tags'],
                        ['add', 'Add to existing tags'],
                      ] as const
                    ).map(([mode, label]) => (
                      <label key={mode} className="flex items-center gap-1.5">
                        <input
                          type="radio"
                          name="bulk-edit-tags-mode"
                          value={mode}
                          checked={form.tagsMode === mode}
                          onChange={() => setForm((f) => ({ ...f, tagsMode: mode }))}
                          className="accent-primary size-4"
                        />
                        {label}
                      </label>
                    ))}
                  </fieldset>
                  <p id="bulk-edit-tags-hint" className="text-muted-foreground text-xs">
                    {form.tagsMode === 'add'
                      ? "The tags listed here are added to each product's own tags."
                      : "The tags listed here replace each product's tags."}
                  </p>
                  {form.tags.length > 0 ? (
                    <ul className="flex flex-wrap gap-1.5" aria-label="Tags to set">
                      {form.tags.map((tag) => (
                        <li key={tag}>
                          <Badge variant="secondary" className="gap-1 py-0.5 pr-0.5">
                            {tag}
                            <button
                              type="button"
                              className="hover:bg-muted-foreground/20 focus-visible:ring-ring rounded-sm p-0.5 outline-none focus-visible:ring-2"
                              onClick={() => setForm((f) => ({ ...f, tags: f.tags.filter((t) => t !== tag) }))}
                              aria-label={`Remove tag ${tag}`}
                            >
                              <X className="size-3" aria-hidden="true" />
                            </button>
                          </Badge>
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </div>
              </FieldRow>
            </fieldset>
          </div>
          <DialogFooter className="border-t p-4 sm:px-6">
            <Button type="button" variant="outline" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Update {plural(productIds.length, 'Product', 'Products')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
