import { ClipboardList, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** Empty audit list (spec part 1 "Audit list"). */
export function NoAudits({ onStart }: { onStart?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-12 text-center">
      <div className="bg-muted flex size-12 items-center justify-center rounded-full">
        <ClipboardList className="text-muted-foreground size-6" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-semibold">No audits found</h2>
      <p className="text-muted-foreground max-w-sm text-sm">
        Upload your scan files and StockTally compares them with your product catalogue.
      </p>
      {onStart ? (
        <Button onClick={onStart}>
          <Plus aria-hidden="true" />
          Start Your First Audit
        </Button>
      ) : null}
    </div>
  );
}
