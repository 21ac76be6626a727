/**
 * Product audit, optional 'Choose Audit Mode' (spec part 1 "Product audit wizard"; DESIGN.md
 * section 5 step 3): standard sums the files; cross-validation treats every file as a full,
 * independent count and lists each disagreement with every file's count.
 */
import { ArrowLeft, ArrowRight, Layers, Users } from 'lucide-react';
import type { AuditMode } from '../../../../contracts/results';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

const MODES: { value: AuditMode; title: string; description: string; icon: typeof Layers }[] = [
  {
    value: 'standard',
    title: 'Standard',
    description: "Teams count different parts of the section: every file's scans are added up.",
    icon: Layers,
  },
  {
    value: 'cross-validation',
    title: 'Cross-validation between teams',
    description:
      'Every file is a full count of the section by one team. Products the teams agree on are categorised as usual; disagreements are listed with each file\u2019s count.',
    icon: Users,
  },
];

export function AuditModeStep({
  mode,
  onChange,
  onBack,
  onNext,
}: {
  mode: AuditMode;
  onChange: (mode: AuditMode) => void;
  onBack: () => void;
  onNext: () => void;
}) {
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-3">
        <legend className="mb-3 text-sm font-medium">
          Choose Audit Mode <span className="text-muted-foreground font-normal">(optional, Standard unless you change it)</span>
        </legend>
        {MODES.map(({ value, title, description, icon: Icon }) => (
          <label
            key={value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-lg border p-4 transition-colors',
              'has-[:focus-visible]:border-ring has-[:focus-visible]:ring-ring/50 has-[:focus-visible]:ring-[3px]',
              mode === value ? 'border-primary bg-primary/5' : 'hover:bg-accent',
            )}
          >
            <input
              type="radio"
              name="audit-mode"
              value={value}
              checked={mode === value}
              onChange={() => onChange(value)}
              className="accent-primary mt-1 size-4 shrink-0"
            />
            <Icon className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span className="grid min-w-0 gap-1">
              <span className="font-medium">{title}</span>
              <span className="text-muted-foreground text-sm">{description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          Back
        </Button>
        <Button type="button" onClick={onNext}>
          Next
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
