/** 'Sort by' of the results tabs: one order for every category (see lib/result-sort.ts). */
import { useId } from 'react';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { SORT_CHOICES, sortChoice, type SortChoice } from '../lib/result-sort';

export function ResultsSortSelect({ value, onChange }: { value: SortChoice; onChange: (choice: SortChoice) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-muted-foreground shrink-0 text-sm">
        Sort by
      </label>
      <Select value={value.value} onValueChange={(v) => onChange(sortChoice(v))}>
        <SelectTrigger id={id} className="w-full sm:w-56">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {SORT_CHOICES.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
