/**
 * The Recount Lines dialog's own choice of lines (DESIGN.md section 13): the finished audit's
 * Below, Zero Sheet, Above and cross-file lines (up to 100 of each, largest shortfall first, found
 * by SKU or name), each with a checkbox; the chosen product ids go to `POST
 * /api/audits/{id}/recount` as `productIds`.
 */
import { useState } from 'react';
import type { ResultCategory, ResultItem } from '../../../../contracts/results';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatQuantity } from '../../../../domain/quantity-thousandths';
import { useAuditResults } from '../api/get-audit-results';

/** The categories offered, with the name the results tabs use. */
const PICKABLE: ReadonlyArray<[ResultCategory, string]> = [
  ['quantityBelow', 'Below'],
  ['zeroSheetItems', 'Zero Sheet'],
  ['quantityAbove', 'Above'],
  ['crossFileDiscrepancies', 'Cross-file'],
];

export function RecountLinePicker({ auditId, chosen, onChange }: { auditId: string; chosen: ReadonlySet<string>; onChange: (chosen: Set<string>) => void }) {
  const [search, setSearch] = useState('');
  const results = useAuditResults(auditId, { search, pageSize: 100, sort: 'difference' });
  const lines: Array<{ item: ResultItem & { productId: string }; label: string }> = [];
  for (const [category, label] of PICKABLE) {
    for (const item of (results.data?.categories[category] ?? []) as ResultItem[]) {
      if (item.productId) lines.push({ item: item as ResultItem & { productId: string }, label });
    }
  }
  const toggle = (productId: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(productId);
    else next.delete(productId);
    onChange(next);
  };
  return (
    <div className="grid gap-2">
      <Label htmlFor="recount-line-search">Find lines (SKU or name)</Label>
      <Input id="recount-line-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
      <ul aria-label="Lines to recount" className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-2">
        {lines.length === 0 ? <li className="text-muted-foreground text-sm">{results.isLoading ? 'Loading the lines...' : 'No line with a difference.'}</li> : null}
        {lines.map(({ item, label }) => {
          const id = `recount-line-${item.productId}`;
          return (
            <li key={item.productId} className="flex items-start gap-2">
              <Checkbox id={id} className="mt-0.5" checked={chosen.has(item.productId)} onCheckedChange={(on) => toggle(item.productId, on === true)} />
              <label htmlFor={id} className="grid text-sm">
                <span>
                  <span className="font-mono text-xs font-medium">{item.sku}</span> {item.productName}
                </span>
                <span className="text-muted-foreground text-xs">
                  {label}, difference {formatQuantity(item.difference ?? 0)}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
      <p className="text-muted-foreground text-xs" aria-live="polite">
        {chosen.size} chosen
      </p>
    </div>
  );
}
