/** Summary tab (spec part 1 "Audit detail"): Quantity Correct, Quantity Above, Quantity Below, Not Found. */
import type { CategoryCounts, ResultCategory } from '../../../../contracts/results';
import { cn } from '@/lib/cn';

const FIGURES: ReadonlyArray<{ category: ResultCategory; label: string; tone: string }> = [
  { category: 'quantityCorrect', label: 'Quantity Correct', tone: 'text-green-700' },
  { category: 'quantityAbove', label: 'Quantity Above', tone: 'text-red-700' },
  { category: 'quantityBelow', label: 'Quantity Below', tone: 'text-amber-700' },
  { category: 'notFound', label: 'Not Found', tone: 'text-foreground' },
];

export function ResultsSummaryTab({ counts, onOpen }: { counts: CategoryCounts; onOpen: (category: ResultCategory) => void }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {FIGURES.map(({ category, label, tone }) => (
        <button
          key={category}
          type="button"
          onClick={() => onOpen(category)}
          className="hover:bg-accent focus-visible:ring-ring/50 grid gap-1 rounded-lg border p-4 text-left transition-colors outline-none focus-visible:ring-[3px]"
        >
          <span className="text-muted-foreground text-sm">{label}</span>
          <span className={cn('text-2xl font-semibold tabular-nums', tone)}>{counts[category].toLocaleString()}</span>
          <span className="text-muted-foreground text-xs">View lines</span>
        </button>
      ))}
    </div>
  );
}
