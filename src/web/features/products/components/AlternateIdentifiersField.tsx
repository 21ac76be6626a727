/**
 * The product form's alternate identifiers (DESIGN.md section 5 rule 1, "Identifiers"): more
 * barcodes and aliases, each with the units one read counts (24 for a case of 24, 0.25 for a
 * 250 g pack of a product counted in kg). One row per identifier: value, kind, units per read,
 * remove; 'Add identifier' appends a row and focuses its value.
 */
import { useEffect, useId, useRef } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { IdentifierKind, ProductIdentifier } from '../../../../contracts/product-identifiers';
import { productIdentifierSchema } from '../../../../contracts/product-identifiers';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** One row as typed (units as text until sent). */
export interface IdentifierRow {
  value: string;
  kind: IdentifierKind;
  units: string;
}

const KIND_LABELS: Record<IdentifierKind, string> = { barcode: 'Barcode', alias: 'Alias' };

export function identifierRows(identifiers: readonly ProductIdentifier[]): IdentifierRow[] {
  return identifiers.map((i) => ({ value: i.value, kind: i.kind, units: String(i.units) }));
}

/** The rows as the API takes them, or the first row's problem ('' rows with no value are dropped). */
export function identifiersFromRows(rows: readonly IdentifierRow[]): { ok: true; identifiers: ProductIdentifier[] } | { ok: false; message: string } {
  const identifiers: ProductIdentifier[] = [];
  for (const [i, row] of rows.entries()) {
    if (row.value.trim() === '') continue;
    const units = row.units.trim() === '' ? Number.NaN : Number(row.units);
    if (!Number.isFinite(units)) return { ok: false, message: `Identifier ${i + 1}: Units per read must be a number` };
    const parsed = productIdentifierSchema.safeParse({ value: row.value, kind: row.kind, units });
    if (!parsed.success) return { ok: false, message: `Identifier ${i + 1}: ${parsed.error.issues[0]!.message}` };
    identifiers.push(parsed.data);
  }
  return { ok: true, identifiers };
}

export function AlternateIdentifiersField({ rows, onChange, error }: { rows: IdentifierRow[]; onChange: (rows: IdentifierRow[]) => void; error?: string }) {
  const id = useId();
  const lastValue = useRef<HTMLInputElement>(null);
  const added = useRef(false);
  useEffect(() => {
    if (added.current) lastValue.current?.focus();
    added.current = false;
  }, [rows.length]);
  const update = (i: number, change: Partial<IdentifierRow>) => onChange(rows.map((row, j) => (j === i ? { ...row, ...change } : row)));

  return (
    <fieldset className="grid gap-2 sm:col-span-2" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend className="text-sm leading-none font-medium">Alternate Identifiers</legend>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        More barcodes (a second supplier&apos;s EAN, a case or pack barcode) and aliases. Units per read: what one scan counts, e.g. 24 for a case of 24.
      </p>
      {rows.length > 0 ? (
        <ul className="grid gap-3">
          {rows.map((row, i) => (
            <li key={i} aria-label={`Identifier ${i + 1}`} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_7rem_auto]">
              <div className="col-span-3 grid gap-1 sm:col-span-1">
                <Label htmlFor={`${id}-value-${i}`} className="text-xs">
                  Value
                </Label>
                <Input
                  id={`${id}-value-${i}`}
                  ref={i === rows.length - 1 ? lastValue : undefined}
                  value={row.value}
                  onChange={(e) => update(i, { value: e.target.value })}
                  autoComplete="off"
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-kind-${i}`} className="text-xs">
                  Kind
                </Label>
                <Select value={row.kind} onValueChange={(kind) => update(i, { kind: kind as IdentifierKind })}>
                  <SelectTrigger id={`${id}-kind-${i}`} className="w-full">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {(Object.keys(KIND_LABELS) as IdentifierKind[]).map((kind) => (
                      <SelectItem key={kind} value={kind}>
                        {KIND_LABELS[kind]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${id}-units-${i}`} className="text-xs">
                  Units per read
                </Label>
                <Input
                  id={`${id}-units-${i}`}
                  type="number"
                  step="any"
                  min={0}
                  inputMode="decimal"
                  value={row.units}
                  onChange={(e) => update(i, { units: e.target.value })}
                />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove identifier ${i + 1}${row.value ? ` (${row.value})` : ''}`}
                onClick={() => onChange(rows.filter((_, j) => j !== i))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => {
            added.current = true;
            onChange([...rows, { value: '', kind: 'barcode', units: '1' }]);
          }}
        >
          <Plus aria-hidden="true" />
          Add identifier
        </Button>
      </div>
    </fieldset>
  );
}
