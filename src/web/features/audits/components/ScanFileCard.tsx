/**
 * One scan file of the files step (spec part 1 "Scan file step"): team name, scanner ID, scan
 * value column *, quantity column, the row hint and a preview of the first rows.
 */
import { useId } from 'react';
import { FileSpreadsheet, RotateCw, X } from 'lucide-react';
import { FileWarnings } from '@/components/FileWarnings';
import { FormField } from '@/components/FormField';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { formatKb } from '../lib/display-format';
import type { ScanFileEntry } from '../lib/scan-file-entry';
import { ColumnSelect } from './ColumnSelect';
import { ScanFileHint } from './ScanFileHint';
import { ScanFilePreviewTable } from './ScanFilePreviewTable';
import type { ScanFileEdit } from './use-scan-file-entries';

/** A label with the required mark (the mark is not read out; the field says aria-required). */
function Required({ children }: { children: string }) {
  return (
    <span>
      {children}
      <span className="text-destructive" aria-hidden="true">
        {' '}
        *
      </span>
    </span>
  );
}

export function ScanFileCard({
  entry,
  onChange,
  onRemove,
  onRetry,
  onHeaderChange,
}: {
  entry: ScanFileEntry;
  onChange: (edit: ScanFileEdit) => void;
  /** Flip the preview's header choice (DESIGN.md section 6); absent: not offered. */
  onHeaderChange?: (hasHeader: boolean) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const headingId = useId();
  const { file, preview } = entry;
  const ready = preview.status === 'ready' ? preview.preview : null;
  const headers = ready?.headers ?? [];
  const details = [formatKb(file.size)];
  if (ready) details.push(`${ready.totalRows.toLocaleString()} ${ready.totalRows === 1 ? 'row' : 'rows'}`, ready.format.toUpperCase());

  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-lg border p-3 sm:p-4">
      <div className="flex items-start gap-3">
        <FileSpreadsheet className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="truncate text-sm font-medium" title={file.name}>
            {file.name}
          </h3>
          <p className="text-muted-foreground text-xs">{details.join(' · ')}</p>
          <div className="mt-1">
            <ScanFileHint entry={entry} />
          </div>
        </div>
        <Button type="button" variant="ghost" size="icon" onClick={onRemove} aria-label={`Remove ${file.name}`}>
          <X aria-hidden="true" />
        </Button>
      </div>

      {preview.status === 'loading' ? (
        <p role="status" className="text-muted-foreground text-sm">
          Reading the file...
        </p>
      ) : null}
      {preview.status === 'failed' ? (
        <div role="alert" className="border-destructive/30 bg-destructive/5 flex flex-wrap items-center gap-2 rounded-md border p-3 text-sm">
          <span className="text-destructive min-w-0 flex-1 break-words">
            Failed to preview {file.name}: {preview.reason}
          </span>
          <Button type="button" variant="outline" size="sm" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : null}

      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <FormField
          label={<Required>Team name</Required>}
          error={entry.teamName.trim() === '' ? 'Team name is required' : undefined}
        >
          <Input value={entry.teamName} onChange={(e) => onChange({ teamName: e.target.value })} aria-required="true" />
        </FormField>
        <FormField label="Scanner ID">
          <Input value={entry.scannerId} placeholder="Optional" onChange={(e) => onChange({ scannerId: e.target.value })} />
        </FormField>
        <ColumnSelect
          label={<Required>Scan value column</Required>}
          headers={headers}
          value={entry.scanColumn}
          disabled={!ready}
          invalid={Boolean(ready) && entry.scanColumn === ''}
          onChange={(value) => onChange({ scanColumn: value ?? '' })}
        />
        <ColumnSelect
          label="Quantity column"
          headers={headers}
          value={entry.quantityColumn}
          noneLabel="None (count occurrences)"
          disabled={!ready}
          onChange={(value) => onChange({ quantityColumn: value })}
        />
      </div>

      {ready ? (
        <div className="grid gap-1.5">
          {onHeaderChange ? (
            <div className="flex items-start gap-2">
              <Checkbox
                id={`${headingId}-header`}
                checked={ready.headerRow}
                onCheckedChange={(checked) => onHeaderChange(checked === true)}
                className="mt-0.5"
              />
              <Label htmlFor={`${headingId}-header`} className="text-sm leading-snug font-normal">
                First row is a header
                {entry.hasHeader === 'auto' ? (
                  <span className="text-muted-foreground">{ready.headerRow ? ' (detected)' : ' (none detected)'}</span>
                ) : null}
              </Label>
            </div>
          ) : null}
          {!ready.headerRow ? (
            <p className="text-muted-foreground text-xs">
              {entry.hasHeader === 'auto'
                ? 'The first row looks like data, not column names: columns are named Column 1, Column 2, ... and the first row counts as a scan.'
                : 'No header row: columns are named Column 1, Column 2, ... and the first row counts as a scan.'}
            </p>
          ) : null}
          <FileWarnings warnings={ready.warnings} />
          <ScanFilePreviewTable
            fileName={file.name}
            preview={ready}
            scanColumn={entry.scanColumn}
            quantityColumn={entry.quantityColumn}
          />
        </div>
      ) : null}
    </section>
  );
}
