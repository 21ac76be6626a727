import { useId, type ReactNode } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** Sentinel for 'no column' (Radix Select has no empty value). */
const NONE = '__none__';

/**
 * A labelled choice of one of the file's headers. With `noneLabel`, the first option means
 * 'no column' and reports null.
 */
export function ColumnSelect({
  label,
  headers,
  value,
  onChange,
  noneLabel,
  disabled = false,
  invalid = false,
  hint,
}: {
  label: ReactNode;
  headers: string[];
  value: string | null;
  onChange: (value: string | null) => void;
  noneLabel?: string;
  disabled?: boolean;
  invalid?: boolean;
  hint?: ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const options = headers.filter((h) => h !== '');
  const selected = value === null || value === '' ? (noneLabel ? NONE : undefined) : value;

  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={selected ?? ''} onValueChange={(v) => onChange(v === NONE ? null : v)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full min-w-0" aria-invalid={invalid || undefined} aria-describedby={hint ? hintId : undefined}>
          <SelectValue placeholder="Select column" />
        </SelectTrigger>
        <SelectContent>
          {noneLabel ? <SelectItem value={NONE}>{noneLabel}</SelectItem> : null}
          {options.map((header) => (
            <SelectItem key={header} value={header}>
              {header}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint ? (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
