/**
 * One condition of a filter: field, operator, value, remove. Shared by the product audit wizard's
 * Define Filters step (spec part 1 section 3, "Condition n ...") and the products screen's Advanced
 * Filters (spec part 2, "Filter n ..."); each passes its own fields, operator set and value input.
 */
import type { ComponentProps, ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/**
 * `labelled`: a bordered card with visible Field / Operator / Value labels, value on its own line on
 * a phone (the audit wizard). `compact`: one line from `sm` on, labels for screen readers only, a
 * card only on a phone (the products' filter panel).
 */
type Layout = 'labelled' | 'compact';

const CLASSES: Record<Layout, { row: string; controls: string; field: string; operator: string; value: string; remove: string }> = {
  labelled: {
    row: 'grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] items-end gap-2 rounded-lg border p-3 sm:grid-cols-[11rem_11rem_minmax(0,1fr)_auto]',
    controls: 'contents',
    field: 'grid min-w-0 gap-1.5',
    operator: 'grid min-w-0 gap-1.5',
    value: 'col-span-3 grid min-w-0 gap-1.5 sm:col-span-1',
    remove: 'col-start-3 row-start-1 sm:col-start-4',
  },
  compact: {
    row: 'grid grid-cols-[1fr_auto] gap-2 rounded-lg border p-3 sm:flex sm:items-center sm:rounded-none sm:border-0 sm:p-0',
    controls: 'col-span-2 grid grid-cols-2 gap-2 sm:col-span-1 sm:flex sm:flex-1 sm:items-center',
    field: 'min-w-0 sm:w-44 sm:shrink-0',
    operator: 'min-w-0 sm:w-52 sm:shrink-0',
    value: 'col-span-2 min-w-0 sm:flex-1',
    remove: 'row-start-1 col-start-2 size-8 justify-self-end sm:size-9',
  },
};

/**
 * `noun` names the row and its controls for assistive technology: the row is "`noun` n", its
 * controls "`noun` n field / operator / value", the button "Remove `noun` n" (n counts from 1).
 * `suggestions` become the value's datalist. `lead` goes before the field (the products' Where or
 * AND/OR). The field trigger carries `data-filter-field` so a new row can be focused.
 */
export function FilterConditionRow<F extends string, O extends string>({
  layout,
  noun,
  idPrefix,
  index,
  lead,
  fields,
  fieldLabel,
  field,
  onFieldChange,
  operators,
  operatorLabel,
  operator,
  onOperatorChange,
  value,
  onValueChange,
  valueInput,
  suggestions = [],
  canRemove = true,
  onRemove,
}: {
  layout: Layout;
  noun: 'Condition' | 'Filter';
  /** Unique in the page: the controls' ids start with it. */
  idPrefix: string;
  index: number;
  lead?: ReactNode;
  fields: readonly F[];
  fieldLabel: (field: F) => string;
  /** '' while no field is chosen (a placeholder shows). */
  field: F | '';
  onFieldChange: (field: F) => void;
  /** The operator set the row offers (it may depend on the field). */
  operators: readonly O[];
  operatorLabel: (operator: O) => string;
  operator: O | '';
  onOperatorChange: (operator: O) => void;
  value: string;
  onValueChange: (value: string) => void;
  /** Extra props of the value input: type, step, placeholder, aria-invalid... */
  valueInput?: Omit<ComponentProps<typeof Input>, 'id' | 'value' | 'onChange' | 'list'>;
  suggestions?: string[];
  canRemove?: boolean;
  onRemove: () => void;
}) {
  const n = index + 1;
  const classes = CLASSES[layout];
  const labelled = layout === 'labelled';
  const name = (part: string) => `${noun} ${n} ${part}`;
  const listId = suggestions.length > 0 ? `${idPrefix}-values` : undefined;
  const label = (control: string, visible: string) => (
    <Label htmlFor={`${idPrefix}-${control}`} className={labelled ? 'text-muted-foreground text-xs' : 'sr-only'}>
      {labelled ? visible : name(control)}
    </Label>
  );

  return (
    <li className={classes.row} aria-label={`${noun} ${n}`}>
      {lead}
      <div className={classes.controls}>
        <div className={classes.field}>
          {label('field', 'Field')}
          <Select value={field} onValueChange={(v) => onFieldChange(v as F)}>
            <SelectTrigger id={`${idPrefix}-field`} className="w-full" aria-label={labelled ? name('field') : undefined} data-filter-field>
              <SelectValue placeholder={labelled ? 'Select' : undefined} />
            </SelectTrigger>
            <SelectContent>
              {fields.map((f) => (
                <SelectItem key={f} value={f}>
                  {fieldLabel(f)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className={classes.operator}>
          {label('operator', 'Operator')}
          <Select value={operator} onValueChange={(v) => onOperatorChange(v as O)}>
            <SelectTrigger id={`${idPrefix}-operator`} className="w-full" aria-label={labelled ? name('operator') : undefined}>
              <SelectValue placeholder={labelled ? 'Select' : undefined} />
            </SelectTrigger>
            <SelectContent>
              {operators.map((op) => (
                <SelectItem key={op} value={op}>
                  {operatorLabel(op)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className={classes.value}>
          {label('value', 'Value')}
          <Input
            id={`${idPrefix}-value`}
            aria-label={labelled ? name('value') : undefined}
            value={value}
            onChange={(e) => onValueChange(e.target.value)}
            list={listId}
            autoComplete="off"
            {...valueInput}
          />
          {listId ? (
            <datalist id={listId}>
              {suggestions.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          ) : null}
        </div>
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        className={classes.remove}
        onClick={onRemove}
        disabled={!canRemove}
        aria-label={`Remove ${noun.toLowerCase()} ${n}`}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}
