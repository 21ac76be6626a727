/** A small group of pressed/unpressed buttons (My/All, Table/Calendar). */
import type { ComponentType } from 'react';
import { cn } from '@/lib/cn';

export function SegmentedToggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string; icon?: ComponentType<{ className?: string }> }>;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="bg-muted inline-flex rounded-lg p-[3px]">
      {options.map(({ value: v, label: text, icon: Icon }) => (
        <button
          key={v}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none',
            'focus-visible:ring-ring/50 focus-visible:ring-[3px]',
            value === v ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {Icon ? <Icon className="size-4" aria-hidden="true" /> : null}
          {text}
        </button>
      ))}
    </div>
  );
}
