/**
 * How a file will be read, and the user's say over it: the parts the Import Products and Upload
 * Quantity Updates dialogs share (DESIGN.md section 6 'What real exports hold'; decision 0136).
 * `LocationQuestion` asks which location a multi-location file's count is for, or all of them
 * summed; `ReadingDecisions` lists the decisions the server made reading the file, in a shop
 * owner's words, with a select for each one the user may change (the row holding the column
 * names, what further rows of one product do, and whatever the dialog adds as `children`).
 * Each change asks the server for a fresh preview; the selects wait while it comes.
 */
import type { ReactNode } from 'react';
import type { FilePreview } from '../../../../contracts/products';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from '@/components/ui/select';

/** The location answer 'all of them, summed' (the calls' `location` field). */
const ALL = 'all';

/** A header candidate as the select names it: its line and its first cells. */
function candidateLabel(row: { line: number; cells: string[] }): string {
  const cells = row.cells.map((c) => c.trim()).filter((c) => c !== '').slice(0, 4);
  const text = cells.map((c) => (c.length > 24 ? `${c.slice(0, 23)}…` : c)).join(' · ');
  return `Line ${row.line}: ${text || '(empty)'}`;
}

/**
 * 'Which location is this count for, or all of them summed?' when the preview found several
 * (per-location columns, or a store column's values); nothing otherwise.
 */
export function LocationQuestion({
  preview,
  refreshing,
  onLocationChange,
}: {
  preview: FilePreview;
  refreshing: boolean;
  /** A location's name, or 'all'. */
  onLocationChange?: (location: string) => void;
}) {
  const places = preview.locationChoice?.options ?? [];
  const location = preview.locationChoice?.chosen ?? null;
  if (places.length <= 1) return null;
  return (
    <section aria-labelledby="location-heading" className="grid gap-2 rounded-lg border p-3">
      <Label id="location-heading" htmlFor="stock-location" className="text-sm font-medium">
        Which location is this count for, or all of them summed?
      </Label>
      <p className="text-muted-foreground text-xs">
        This file holds the stock of {places.length} locations. The expected stock of each product is read for the one you choose.
      </p>
      <Select value={location ?? ALL} onValueChange={(value) => onLocationChange?.(value)} disabled={refreshing}>
        <SelectTrigger id="stock-location" className="w-full sm:w-80">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All of them, summed</SelectItem>
          <SelectSeparator />
          {places.map((place) => (
            <SelectItem key={place} value={place}>
              {place}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </section>
  );
}

/**
 * 'How your file will be read': the preview's decisions (the layout's left to the dialog's own
 * line), then the choices: the header row (when the file has more than one candidate), the
 * dialog's `children`, and what further rows of one product do (when the preview asks it).
 */
export function ReadingDecisions({
  preview,
  refreshing,
  onHeaderLineChange,
  onRepeatedRowsChange,
  children,
}: {
  preview: FilePreview;
  refreshing: boolean;
  /** The header row chosen, by its line in the file. */
  onHeaderLineChange?: (line: number) => void;
  /** Whether further rows of one item add their stock ('sum') or the first row's is kept ('first'). */
  onRepeatedRowsChange?: (choice: 'sum' | 'first') => void;
  children?: ReactNode;
}) {
  const candidates = preview.headerCandidates ?? [];
  const headerLine = preview.headerLine ?? 0;
  if (!preview.decisions || preview.decisions.length === 0) return null;
  return (
    <section
      aria-labelledby="decisions-heading"
      aria-busy={refreshing || undefined}
      className="grid grid-cols-[minmax(0,1fr)] gap-3 rounded-lg border p-3"
      data-testid="import-decisions"
    >
      <h3 id="decisions-heading" className="text-sm font-medium">
        How your file will be read
      </h3>
      <ul className={`text-muted-foreground list-disc space-y-1 pl-5 text-sm ${refreshing ? 'opacity-60' : ''}`}>
        {preview.decisions
          .filter((d) => d.topic !== 'layout')
          .map((d, i) => (
            <li key={i} className="break-words whitespace-pre-line">
              {d.text}
            </li>
          ))}
      </ul>
      <p className="text-muted-foreground text-xs" role="status">
        {refreshing ? 'Reading your file again with your changes...' : 'Change any of these below if one is wrong; the file is read again at once.'}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {candidates.length > 1 && onHeaderLineChange ? (
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="header-line" className="text-xs font-medium">
              Which row holds the column names?
            </Label>
            <Select value={String(headerLine)} onValueChange={(v) => onHeaderLineChange(Number(v))} disabled={refreshing}>
              <SelectTrigger id="header-line" className="w-full min-w-0">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {candidates.map((row) => (
                  <SelectItem key={row.line} value={String(row.line)}>
                    {candidateLabel(row)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
        {children}
        {preview.repeatedRows && onRepeatedRowsChange ? (
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="repeated-rows" className="text-xs font-medium">
              Several rows of one product
            </Label>
            <Select value={preview.repeatedRows} onValueChange={(v) => onRepeatedRowsChange(v === 'first' ? 'first' : 'sum')} disabled={refreshing}>
              <SelectTrigger id="repeated-rows" className="w-full min-w-0">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="sum">Add up their stock</SelectItem>
                <SelectItem value="first">Keep the first row&apos;s stock</SelectItem>
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/** The location question, then how the file will be read: both dialogs' say over the preview's decisions. */
export function ReadingChoices({
  onLocationChange,
  ...decisions
}: Parameters<typeof ReadingDecisions>[0] & { onLocationChange?: (location: string) => void }) {
  return (
    <>
      <LocationQuestion preview={decisions.preview} refreshing={decisions.refreshing} onLocationChange={onLocationChange} />
      <ReadingDecisions {...decisions} />
    </>
  );
}
