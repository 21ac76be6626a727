import { FilterConditionRow } from '@/components/FilterConditionRow';
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
 * The row itself is the shared FilterConditionRow.
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
    <FilterConditionRow
      layout="compact"
      noun="Filter"
      idPrefix={id}
      index={index}
      lead={
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
      }
      fields={PRODUCT_FILTER_FIELDS}
      fieldLabel={(f) => FILTER_FIELD_LABELS[f]}
      field={filter.field}
      onFieldChange={(f: ProductFilterField) => onChange(withField(filter, f))}
      operators={operatorsFor(filter.field)}
      operatorLabel={(op) => operatorLabel(filter.field, op)}
      operator={filter.operator}
      onOperatorChange={(op: ProductFilterOperator) => onChange({ ...filter, operator: op })}
      value={filter.value}
      onValueChange={(value) => onChange({ ...filter, value })}
      valueInput={{
        type: numeric ? 'number' : 'text',
        inputMode: numeric ? 'decimal' : undefined,
        step: numeric ? (filter.field === 'currentQuantity' ? 0.001 : 0.01) : undefined,
        placeholder: numeric ? 'Number' : filter.field === 'tags' ? 'Tag' : 'Value',
        'aria-invalid': incomplete || undefined,
      }}
      onRemove={onRemove}
    />
  );
}
