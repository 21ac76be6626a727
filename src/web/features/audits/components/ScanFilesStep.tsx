/**
 * Wizard step 'Upload Scan Files' (spec part 1 "Scan file step", sections 4-5): at least one file,
 * each with a scan value column and a team name, before the wizard goes on.
 */
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { isFilesStepValid, type ScanFileEntry } from '../lib/scan-file-entry';
import { ScanFileCard } from './ScanFileCard';
import { ScanFileDropzone } from './ScanFileDropzone';
import { ScanFilesSummary } from './ScanFilesSummary';
import type { ScanFileEdit } from './use-scan-file-entries';

export function ScanFilesStep({
  entries,
  onAdd,
  onChange,
  onRemove,
  onRetry,
  onHeaderChange,
  onBack,
  onNext,
}: {
  entries: ScanFileEntry[];
  onAdd: (files: File[]) => void;
  onChange: (id: string, edit: ScanFileEdit) => void;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
  /** The user flips whether a file's first row is a header. */
  onHeaderChange?: (id: string, hasHeader: boolean) => void;
  /** Absent when resuming (no way back to the details). */
  onBack?: () => void;
  onNext: () => void;
}) {
  const valid = isFilesStepValid(entries);
  return (
    <div className="grid gap-4">
      <ScanFileDropzone onFiles={onAdd} compact={entries.length > 0} />
      <ScanFilesSummary entries={entries} />
      {entries.length > 0 ? (
        <div className="grid gap-3">
          {entries.map((entry) => (
            <ScanFileCard
              key={entry.id}
              entry={entry}
              onChange={(edit) => onChange(entry.id, edit)}
              onRemove={() => onRemove(entry.id)}
              onRetry={() => onRetry(entry.id)}
              onHeaderChange={onHeaderChange ? (hasHeader) => onHeaderChange(entry.id, hasHeader) : undefined}
            />
          ))}
        </div>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {onBack ? (
          <Button type="button" variant="outline" onClick={onBack}>
            <ArrowLeft aria-hidden="true" />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button type="button" onClick={onNext} disabled={!valid}>
          Next
          <ArrowRight aria-hidden="true" />
        </Button>
      </div>
    </div>
  );
}
