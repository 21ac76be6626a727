/**
 * One condition of the Define Filters step: field, operator, value (with the catalogue's values
 * suggested for manufacturer, category, distributor, location and tags), remove. Stacks on phones.
 */
import { X } from 'lucide-react';
import type { FilterOptions } from '../../../../contracts/audits';
import type { FilterField, FilterOperator } from '../../../../contracts/filters';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FIELDS, FILTER_FIELD_LABELS, FILTER_OPERATOR_LABELS, OPERATORS, type DraftCondition } from '../lib/filter-conditions';

function suggestionsFor(field: DraftCondition['field'], options: FilterOptions | undefined): string[] {
  if (!options || field === '' || field === 'name' || field === 'sku') return [];
  return options[field] ?? [];
}

export function FilterConditionRow({
  condition,
  index,
  options,
  canRemove,
  onChange,
  onRemove,
}: {
  condition: DraftCondition;
  index: number;
  options: FilterOptions | undefined;
  canRemove: boolean;
  onChange: (next: DraftCondition) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  const id = `audit-filter-${condition.id}`;
  const suggestions = suggestionsFor(condition.field, options);
  const listId = suggestions.length > 0 ? `${id}-values` : undefined;

  return (
    <li
      className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 rounded-lg border p-3 sm:grid-cols-[11rem_11rem_minmax(0,1fr)_auto]"
      aria-label={`Condition ${n}`}
    >
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-field`} className="text-muted-foreground text-xs">
          Field
        </Label>
        <Select value={condition.field} onValueChange={(v) => onChange({ ...condition, field: v as FilterField })}>
          <SelectTrigger id={`${id}-field`} className="w-full" aria-label={`Condition ${n} field`}>
            <SelectValue placeholder="Select" />
          </SelectTrigger>
          <SelectContent>
            {FIELDS.map((f) => (
              <SelectItem key={f} value={f}>
                {FILTER_FIELD_LABELS[f]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <Label htmlFor={`${id}-operator`} className="text-muted-foreground text-xs">
          Operator
        </Label>
        <Select value={condition.operator} onValueChange={(v) => onChange({ ...condition, operator: v as FilterOperator })}>
          <SelectTrigger id={`${id}-operator`} className="w-full" aria-label={`Condition ${n} operator`}>
            <SelectValue placeholder="Select" />
          </SelectTrigger>
          <SelectContent>
            {OPERATORS.map((op) => (
              <SelectItem key={op} value={op}>
                {FILTER_OPERATOR_LABELS[op]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="col-span-3 grid min-w-0 gap-1.5 sm:col-span-1">
        <Label htmlFor={`${id}-value`} className="text-muted-foreground text-xs">
          Value
        </Label>
        <Input
          id={`${id}-value`}
          aria-label={`Condition ${n} value`}
          value={condition.value}
          onChange={(e) => onChange({ ...condition, value: e.target.value })}
          placeholder={suggestions.length > 0 ? `e.g. ${suggestions[0]}` : 'Value'}
          list={listId}
          autoComplete="off"
        />
        {listId ? (
          <datalist id={listId}>
            {suggestions.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        ) : null}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className="col-start-3 row-start-1 sm:col-start-4"
        onClick={onRemove}
        disabled={!canRemove}
        aria-label={`Remove condition ${n}`}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
