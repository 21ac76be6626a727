import type { ComponentType } from 'react';
import { ChevronRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/**
 * One option of the New Audit dialog: a large button with a title and a description. An option
 * that is not built yet is disabled and says 'Coming soon' (no dead clicks).
 */
export function ChoiceButton({
  icon: Icon,
  title,
  description,
  comingSoon = false,
  autoFocus = false,
  onSelect,
}: {
  icon: ComponentType<{ className?: string }>;
  title: string;
  description: string;
  comingSoon?: boolean;
  /** Takes the focus when shown (the step's first choice: the button pressed before is gone). */
  autoFocus?: boolean;
  onSelect?: () => void;
}) {
  return (
    <button
      type="button"
      disabled={comingSoon}
      autoFocus={autoFocus}
      onClick={onSelect}
      className={cn(
        'group flex w-full items-start gap-3 rounded-lg border p-4 text-left transition-colors outline-none',
        'focus-visible:border-ring focus-visible:ring-ring/50 focus-visible:ring-[3px]',
        comingSoon ? 'bg-muted/40 cursor-not-allowed' : 'hover:bg-accent hover:border-foreground/20',
      )}
    >
      <span
        className={cn(
          'flex size-10 shrink-0 items-center justify-center rounded-md',
          comingSoon ? 'bg-muted text-muted-foreground' : 'bg-primary text-primary-foreground',
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-2 font-medium">
          <span className={comingSoon ? 'text-muted-foreground' : undefined}>{title}</span>
          {comingSoon ? <Badge variant="secondary">Coming soon</Badge> : null}
        </span>
        <span className="text-muted-foreground text-sm">{description}</span>
      </span>
      {comingSoon ? null : (
        <ChevronRight
          className="text-muted-foreground mt-2.5 size-4 shrink-0 transition-transform group-hover:translate-x-0.5"
          aria-hidden="true"
        />
      )}
    </button>
  );
}
