import { Badge } from '@/components/ui/badge';
import { filesNeedingConfiguration, type ScanFileEntry } from '../lib/scan-file-entry';
import { TONE_BADGE_CLASS } from '../lib/audit-figures';

/** 'All files configured' or 'N file(s) need configuration' (spec "Scan file step"). */
export function ScanFilesSummary({ entries }: { entries: ScanFileEntry[] }) {
  if (entries.length === 0) return null;
  const pending = filesNeedingConfiguration(entries);
  return (
    <div className="flex flex-wrap items-center gap-2" role="status" aria-live="polite">
      <Badge variant="outline">
        {entries.length} {entries.length === 1 ? 'file' : 'files'}
      </Badge>
      {pending === 0 ? (
        <Badge className={TONE_BADGE_CLASS.good}>All files configured</Badge>
      ) : (
        <Badge className={TONE_BADGE_CLASS.warn}>{pending} file(s) need configuration</Badge>
      )}
    </div>
  );
}
