/** Wizard step 'Review & Start' (spec part 1 "Cycle count wizard"). */
import { AlertCircle, ArrowLeft, Play } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ScanFileEntry } from '../lib/scan-file-entry';
import type { AuditDetails } from './AuditDetailsStep';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="text-sm font-medium break-words">{children}</dd>
    </div>
  );
}

export function ReviewStep({
  details,
  entries,
  error,
  onBack,
  onStart,
  auditTypeLabel = 'Cycle Count',
  note = 'Every scan is compared with your whole product catalogue. Processing starts when you press Start Processing.',
  startLabel = 'Start Processing',
  children,
}: {
  details: AuditDetails;
  entries: ScanFileEntry[];
  /** The last processing failure, shown until the next start. */
  error: string | null;
  /** Absent when resuming (no way back). */
  onBack?: () => void;
  onStart: () => void;
  auditTypeLabel?: string;
  note?: string;
  startLabel?: string;
  /** Shown between the summary and the file list (the product audit's filter). */
  children?: React.ReactNode;
}) {
  const totalRows = entries.reduce((sum, e) => sum + (e.preview.status === 'ready' ? e.preview.preview.totalRows : 0), 0);
  return (
    <div className="grid gap-4">
      {error ? (
        <div role="alert" className="border-destructive/30 bg-destructive/5 flex gap-2 rounded-md border p-3 text-sm">
          <AlertCircle className="text-destructive mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div className="min-w-0">
            <p className="text-destructive font-medium">Processing failed</p>
            <p className="break-words">{error}</p>
          </div>
        </div>
      ) : null}
      <dl className="grid grid-cols-2 gap-4 rounded-lg border p-4 sm:grid-cols-4">
        <Field label="Audit name">{details.name}</Field>
        <Field label="Section">{details.section.trim() || 'Not specified'}</Field>
        <Field label="Audit type">{auditTypeLabel}</Field>
        <Field label="Scan files">
          {entries.length} ({totalRows.toLocaleString()} rows)
        </Field>
      </dl>
      {children}
      <ul className="grid gap-2" aria-label="Scan files to process">
        {entries.map((entry) => (
          <li key={entry.id} className="grid gap-1 rounded-lg border p-3 text-sm sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
            <div className="min-w-0">
              <p className="truncate font-medium" title={entry.file.name}>
                {entry.file.name}
              </p>
              <p className="text-muted-foreground text-xs">
                {entry.teamName}
                {entry.scannerId.trim() ? ` · Scanner ${entry.scannerId.trim()}` : ''}
              </p>
            </div>
            <p className="text-muted-foreground text-xs sm:text-right">
              Scan value: <span className="text-foreground font-medium">{entry.scanColumn}</span>
              {' · '}Quantity:{' '}
              <span className="text-foreground font-medium">{entry.quantityColumn ?? 'count occurrences'}</span>
            </p>
          </li>
        ))}
      </ul>
      <p className="text-muted-foreground text-sm">{note}</p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button type="button" variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="button" onClick={onStart}>
          <Play aria-hidden="true" />
          {startLabel}
        </Button>
      </div>
    </div>
  );
}
