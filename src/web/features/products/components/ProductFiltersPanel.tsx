import { useEffect, useRef, useState } from 'react';
import { ChevronDown, Filter, Plus } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { cn } from '@/lib/cn';
import { isCompleteFilter, newFilter, withoutFilter, type ProductFilter } from '../product-filters';
import { FilterRow } from './FilterRow';

/**
 * The Advanced Filters panel (spec part 2 "Products screen"): Add Filter, Clear All and a badge
 * counting the filters in force. Rows without a usable value are kept but not applied.
 */
export function ProductFiltersPanel({
  filters,
  onChange,
}: {
  filters: ProductFilter[];
  onChange: (next: ProductFilter[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // After a row is added, its field select takes the focus (keyboard users go on from there).
  const focusRowId = useRef<string | null>(null);

  const applied = filters.filter(isCompleteFilter).length;
  const pending = filters.length - applied;

  useEffect(() => {
    const id = focusRowId.current;
    if (!id || !open) return;
    focusRowId.current = null;
    document.getElementById(`product-filter-${id}-field`)?.focus();
  }, [filters, open]);

  const add = () => {
    const row = newFilter(filters);
    focusRowId.current = row.id;
    setOpen(true);
    onChange([...filters, row]);
  };

  const remove = (index: number) => {
    const next = withoutFilter(filters, filters[index]!.id);
    onChange(next);
    // Keep the focus in the panel: on the row that took this one's place, else on Add Filter.
    requestAnimationFrame(() => {
      const rows = listRef.current?.querySelectorAll<HTMLElement>('[data-filter-field]');
      const target = rows?.[Math.min(index, next.length - 1)];
      (target ?? addRef.current)?.focus();
    });
  };

  return (
    <Collapsible open={open} onOpenChange={setOpen} className="border-b">
      <div className="flex flex-wrap items-center gap-2 px-4 py-3">
        <CollapsibleTrigger asChild>
          <Button variant="ghost" size="sm" className="-ml-2 gap-2 font-medium" aria-controls="advanced-filters">
            <Filter aria-hidden="true" />
            Advanced Filters
            <Badge
              variant={applied > 0 ? 'default' : 'secondary'}
              className="min-w-5 px-1.5 tabular-nums"
              aria-label={`${applied} ${applied === 1 ? 'filter' : 'filters'} applied`}
            >
              {applied}
            </Badge>
            <ChevronDown className={cn('transition-transform', open && 'rotate-180')} aria-hidden="true" />
          </Button>
        </CollapsibleTrigger>
        <div className="ml-auto flex items-center gap-2">
          <Button ref={addRef} variant="outline" size="sm" onClick={add}>
            <Plus aria-hidden="true" />
            Add Filter
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => {
              onChange([]);
              addRef.current?.focus();
            }}
            disabled={filters.length === 0}
          >
            Clear All
          </Button>
        </div>
      </div>
      <CollapsibleContent id="advanced-filters" className="px-4 pb-4">
        {filters.length === 0 ? (
          <p className="text-muted-foreground text-sm">
            No filters. Add a filter to narrow the list by any product field.
          </p>
        ) : (
          <>
            <ul ref={listRef} className="grid gap-2" aria-label="Filters">
              {filters.map((f, i) => (
                <FilterRow
                  key={f.id}
                  filter={f}
                  index={i}
                  onChange={(next) => onChange(filters.map((x) => (x.id === f.id ? next : x)))}
                  onRemove={() => remove(i)}
                />
              ))}
            </ul>
            {pending > 0 ? (
              <p className="text-muted-foreground mt-2 text-xs" aria-live="polite">
                {pending === 1 ? '1 filter has' : `${pending} filters have`} no value yet and{' '}
                {pending === 1 ? 'is' : 'are'} not applied.
              </p>
            ) : null}
          </>
        )}
      </CollapsibleContent>
    </Collapsible>
  );
}
