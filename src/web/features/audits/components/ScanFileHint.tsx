import { AlertCircle, CheckCircle2, FileSearch, Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';
import { scanFileHint, type ScanFileEntry } from '../lib/scan-file-entry';

/** The row hint of a scan file (spec "Scan file step"). */
export function ScanFileHint({ entry }: { entry: ScanFileEntry }) {
  const hint = scanFileHint(entry);
  const loading = entry.preview.status === 'loading';
  const Icon = loading ? Loader2 : hint === 'Ready to process' ? CheckCircle2 : hint === 'Select scan value column' ? AlertCircle : FileSearch;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap',
        hint === 'Ready to process' ? 'text-green-700' : hint === 'Select scan value column' ? 'text-amber-700' : 'text-muted-foreground',
      )}
    >
      <Icon className={cn('size-3.5', loading && 'animate-spin')} aria-hidden="true" />
      {hint}
    </span>
  );
}
