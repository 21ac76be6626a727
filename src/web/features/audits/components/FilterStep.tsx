/**
 * Product audit step 'Define Filters' (spec part 1 sections 3 "Filter expression", 4, 5): the
 * conditions that pick the audit's products. The AND/OR choice appears with a second condition;
 * the live count decides whether the wizard may go on (a valid filter matching at least one product).
 */
import { AlertCircle, ArrowLeft, ArrowRight, CheckCircle2, Info, Loader2, Plus } from 'lucide-react';
import type { FilterLogic } from '../../../../contracts/filters';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { useFilterOptions } from '../api/get-filter-options';
import { newCondition, type DraftFilter } from '../lib/filter-conditions';
import { AuditConditionRow } from './AuditConditionRow';
import type { FilterPreviewState } from './use-filter-preview';

function PreviewLine({ preview }: { preview: FilterPreviewState }) {
  const base = 'flex items-start gap-2 rounded-md border p-3 text-sm';
  switch (preview.status) {
    case 'incomplete':
      return (
        <p className={cn(base, 'text-muted-foreground')}>
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Choose a field, an operator and a value for every condition to see how many products match.
        </p>
      );
    case 'checking':
      return (
        <p className={cn(base, 'text-muted-foreground')}>
          <Loader2 className="mt-0.5 size-4 shrink-0 animate-spin" aria-hidden="true" />
          Checking the filter...
        </p>
      );
    case 'failed':
      return (
        <p className={cn(base, 'border-destructive/30 bg-destructive/5 text-destructive')}>
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Filter validation failed
        </p>
      );
    case 'ready':
      return preview.count > 0 ? (
        <p className={cn(base, 'border-green-600/30 bg-green-50 text-green-800')}>
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Filter matches {preview.count.toLocaleString()} {preview.count === 1 ? 'product' : 'products'}
        </p>
      ) : (
        <p className={cn(base, 'border-amber-500/40 bg-amber-50 text-amber-900')}>
          <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          No products match this filter. Consider adjusting your criteria.
        </p>
      );
  }
}

export function FilterStep({
  filter,
  preview,
  onChange,
  onBack,
  onNext,
  busy = false,
}: {
  filter: DraftFilter;
  preview: FilterPreviewState;
  onChange: (next: DraftFilter) => void;
  /** Absent: no Back button (the resume flow has no earlier step). */
  onBack?: () => void;
  onNext: () => void;
  /** Shown on the Next button while its action runs (e.g. saving the filter). */
  busy?: boolean;
}) {
  const options = useFilterOptions();
  const canContinue = preview.status === 'ready' && preview.count > 0;
  const { conditions } = filter;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">Scans are compared only with the products that match these conditions.</p>
        {conditions.length > 1 ? (
          <div className="flex items-center gap-2">
            <Label htmlFor="audit-filter-logic" className="text-sm whitespace-nowrap">
              Match
            </Label>
            <Select value={filter.logic} onValueChange={(v) => onChange({ ...filter, logic: v as FilterLogic })}>
              <SelectTrigger id="audit-filter-logic" className="w-52" aria-label="Match conditions">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="AND">All conditions (AND)</SelectItem>
                <SelectItem value="OR">Any condition (OR)</SelectItem>
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </div>

      <ol className="grid gap-2" aria-label="Filter conditions">
        {conditions.map((condition, i) => (
          <AuditConditionRow
            key={condition.id}
            condition={condition}
            index={i}
            options={options.data}
            canRemove={conditions.length > 1}
            onChange={(next) => onChange({ ...filter, conditions: conditions.map((c) => (c.id === next.id ? next : c)) })}
            onRemove={() => onChange({ ...filter, conditions: conditions.filter((c) => c.id !== condition.id) })}
          />
        ))}
      </ol>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={() => onChange({ ...filter, conditions: [...conditions, newCondition()] })}>
          <Plus aria-hidden="true" />
          Add Condition
        </Button>
      </div>

      <div role="status" aria-live="polite">
        <PreviewLine preview={preview} />
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button type="button" variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="button" onClick={onNext} disabled={!canContinue || busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
          Next
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
