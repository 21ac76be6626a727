import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

/** A labelled select of a few fixed choices (role, status) for the team dialogs. */
export function ChoiceSelect<T extends string>({
  label,
  value,
  onChange,
  choices,
  disabled,
  hint,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  choices: ReadonlyArray<{ value: T; label: string; description?: string }>;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as T)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full" aria-describedby={hint ? `${id}-hint` : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {choices.map((c) => (
            <SelectItem key={c.value} value={c.value}>
              {c.label}
              {c.description ? <span className="text-muted-foreground"> · {c.description}</span> : null}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
