import { ScanBarcode } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The product mark and name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <span className="bg-primary text-primary-foreground flex size-8 items-center justify-center rounded-lg">
        <ScanBarcode className="size-4" aria-hidden="true" />
      </span>
      StockTally
    </span>
  );
}
