/**
 * One condition of the Define Filters step: field, operator, value (with the catalogue's values
 * suggested for manufacturer, category, distributor, location and tags), remove. Stacks on phones.
 */
import type { FilterOptions } from '../../../../contracts/audits';
import type { FilterField, FilterOperator } from '../../../../contracts/filters';
import { FilterConditionRow } from '@/components/FilterConditionRow';
import { FIELDS, FILTER_FIELD_LABELS, FILTER_OPERATOR_LABELS, OPERATORS, type DraftCondition } from '../lib/filter-conditions';

function suggestionsFor(field: DraftCondition['field'], options: FilterOptions | undefined): string[] {
  if (!options || field === '' || field === 'name' || field === 'sku') return [];
  return options[field] ?? [];
}

/** A condition of the audit's filter as the shared FilterConditionRow (its `labelled` layout). */
export function AuditConditionRow({
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
  const suggestions = suggestionsFor(condition.field, options);
  return (
    <FilterConditionRow
      layout="labelled"
      noun="Condition"
      idPrefix={`audit-filter-${condition.id}`}
      index={index}
      fields={FIELDS}
      fieldLabel={(f) => FILTER_FIELD_LABELS[f]}
      field={condition.field}
      onFieldChange={(field: FilterField) => onChange({ ...condition, field })}
      operators={OPERATORS}
      operatorLabel={(op) => FILTER_OPERATOR_LABELS[op]}
      operator={condition.operator}
      onOperatorChange={(operator: FilterOperator) => onChange({ ...condition, operator })}
      value={condition.value}
      onValueChange={(value) => onChange({ ...condition, value })}
      valueInput={{ placeholder: suggestions.length > 0 ? `e.g. ${suggestions[0]}` : 'Value' }}
      suggestions={suggestions}
      canRemove={canRemove}
      onRemove={onRemove}
    />
  );
}
