import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import {
  FILTER_FIELD_LABELS,
  isCompleteFilter,
  isNumericFilterField,
  operatorLabel,
  operatorsFor,
  PRODUCT_FILTER_FIELDS,
  withField,
  type LogicalOperator,
  type ProductFilter,
  type ProductFilterField,
  type ProductFilterOperator,
} from '../product-filters';

/**
 * One condition of the Advanced Filters: AND/OR (not on the first), field, operator (only those
 * the field allows), value (a number input for numeric fields), remove. Stacks on phones.
 */
export function FilterRow({
  filter,
  index,
  onChange,
  onRemove,
}: {
  filter: ProductFilter;
  index: number;
  onChange: (next: ProductFilter) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const id = `product-filter-${filter.id}`;
  const numeric = isNumericFilterField(filter.field);
  const incomplete = filter.value.trim() !== '' && !isCompleteFilter(filter);

  return (
    <li
      className="grid grid-cols-[1fr_auto] gap-2 rounded-lg border p-3 sm:flex sm:items-center sm:rounded-none sm:border-0 sm:p-0"
      aria-label={`Filter ${n}`}
    >
      <div className="flex min-h-8 items-center sm:w-20 sm:shrink-0">
        {index === 0 ? (
          <span className="text-muted-foreground text-sm sm:block sm:pl-3">Where</span>
        ) : (
          <>
            <Label htmlFor={`${id}-logic`} className="sr-only">
              Filter {n} joined with
            </Label>
            <Select
              value={filter.logicalOperator ?? 'AND'}
              onValueChange={(v) => onChange({ ...filter, logicalOperator: v as LogicalOperator })}
            >
              <SelectTrigger id={`${id}-logic`} size="sm" className="w-20">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="AND">AND</SelectItem>
                <SelectItem value="OR">OR</SelectItem>
              </SelectContent>
            </Select>
          </>
        )}
      </div>

      <div className="col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:flex sm:flex-1 sm:items-center">
        <div className="min-w-0 sm:w-44 sm:shrink-0">
          <Label htmlFor={`${id}-field`} className="sr-only">
            Filter {n} field
          </Label>
          <Select value={filter.field} onValueChange={(v) => onChange(withField(filter, v as ProductFilterField))}>
            <SelectTrigger id={`${id}-field`} className="w-full" data-filter-field>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PRODUCT_FILTER_FIELDS.map((f) => (
                <SelectItem key={f} value={f}>
                  {FILTER_FIELD_LABELS[f]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="min-w-0 sm:w-52 sm:shrink-0">
          <Label htmlFor={`${id}-operator`} className="sr-only">
            Filter {n} operator
          </Label>
          <Select
            value={filter.operator}
            onValueChange={(v) => onChange({ ...filter, operator: v as ProductFilterOperator })}
          >
            <SelectTrigger id={`${id}-operator`} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {operatorsFor(filter.field).map((op) => (
                <SelectItem key={op} value={op}>
                  {operatorLabel(filter.field, op)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="col-span-2 min-w-0 sm:flex-1">
          <Label htmlFor={`${id}-value`} className="sr-only">
            Filter {n} value
          </Label>
          <Input
            id={`${id}-value`}
            type={numeric ? 'number' : 'text'}
            inputMode={numeric ? 'decimal' : undefined}
            step={numeric ? (filter.field === 'currentQuantity' ? 1 : 0.01) : undefined}
            value={filter.value}
            onChange={(e) => onChange({ ...filter, value: e.target.value })}
            placeholder={numeric ? 'Number' : filter.field === 'tags' ? 'Tag' : 'Value'}
            aria-invalid={incomplete || undefined}
            autoComplete="off"
          />
        </div>
      </div>

      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="row-start-1 col-start-2 size-8 justify-self-end sm:size-9"
        onClick={onRemove}
        aria-label={`Remove filter ${n}`}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
