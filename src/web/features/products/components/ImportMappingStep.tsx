import { AlertTriangle, Download, FileSpreadsheet } from 'lucide-react';
import type { ColumnMapping, FilePreview, ImportRowError } from '../../../../contracts/products';
import { FileWarnings } from '@/components/FileWarnings';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { IMPORT_FIELDS, IMPORT_FIELD_LABELS, isImportField } from '../import-fields';
import { ReadingChoices } from './FileReadingChoices';

/** Why the last import was refused; nothing was imported (all-or-nothing unless the user chooses). */
export interface ImportFailure {
  message: string;
  errors: ImportRowError[];
  errorCount: number;
  /** Rows a partial import would bring in. */
  importable?: number;
  /** Rows with problems, and the same rows as CSV (line, problem, the file's columns). */
  rejected?: number;
  rejectedCsv?: string;
}

/** Select value for 'Do not import' (Radix Select items cannot have an empty value). */
const SKIP = '__skip__';
/** The preview shows the first 3 columns and 3 rows (spec part 2 section 9). */
const PREVIEW_COLUMNS = 3;
const PREVIEW_ROWS = 3;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The server prefixes row messages with 'file line N: '; the list already shows the line. */
function rowMessage(e: ImportRowError, fileName: string): string {
  const prefix = `${fileName} line ${e.line}: `;
  return e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

function FailurePanel({
  failure,
  fileName,
  onImportValid,
  onDownloadRejected,
}: {
  failure: ImportFailure;
  fileName: string;
  onImportValid?: () => void;
  onDownloadRejected?: () => void;
}) {
  const more = failure.errorCount - failure.errors.length;
  const importable = failure.importable ?? 0;
  const rejected = failure.rejected ?? 0;
  return (
    <div role="alert" className="border-destructive/40 bg-destructive/5 rounded-lg border p-4">
      <div className="flex gap-3">
        <AlertTriangle className="text-destructive mt-0.5 hidden size-5 shrink-0 sm:block" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="text-destructive font-medium">Import Failed</p>
          <p className="mt-1 text-sm break-words">{failure.message}</p>
          {failure.errors.length > 0 ? (
            <>
              <p className="text-muted-foreground mt-3 text-sm">
                {/^nothing was imported/i.test(failure.message) ? '' : 'Nothing was imported. '}
                Fix these rows in your file (or the mapping) and try again:
              </p>
              <ul className="bg-background mt-2 max-h-48 divide-y overflow-y-auto rounded-md border text-sm">
                {failure.errors.map((e, i) => (
                  <li key={`${e.line}-${e.field}-${i}`} className="flex flex-wrap items-start gap-x-3 gap-y-1 px-3 py-2">
                    <span className="text-muted-foreground shrink-0 tabular-nums">Line {e.line}</span>
                    {e.field ? (
                      <Badge variant="outline" className="shrink-0">
                        {isImportField(e.field) ? IMPORT_FIELD_LABELS[e.field] : e.field}
                      </Badge>
                    ) : null}
                    <span className="min-w-0 basis-full break-words sm:flex-1 sm:basis-auto">{rowMessage(e, fileName)}</span>
                  </li>
                ))}
              </ul>
              {more > 0 ? (
                <p className="text-muted-foreground mt-2 text-xs">
                  …and {more.toLocaleString()} more {more === 1 ? 'row' : 'rows'}.
                </p>
              ) : null}
            </>
          ) : null}
          {rejected > 0 && importable > 0 && onImportValid ? (
            <div className="bg-background mt-4 grid gap-3 rounded-md border p-3" role="group" aria-labelledby="partial-heading">
              <p id="partial-heading" className="text-sm">
                {importable.toLocaleString()} {importable === 1 ? 'row is' : 'rows are'} fine; {rejected.toLocaleString()}{' '}
                {rejected === 1 ? 'row has' : 'rows have'} problems. Import the good rows and leave the others out, or
                import nothing and fix the file.
              </p>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <Button size="sm" onClick={onImportValid}>
                  Import {importable.toLocaleString()} good {importable === 1 ? 'row' : 'rows'}
                </Button>
                {onDownloadRejected ? (
                  <Button size="sm" variant="outline" onClick={onDownloadRejected}>
                    <Download className="size-4" aria-hidden="true" />
                    Download rejected rows (CSV)
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** Select value for 'no stock column'. */
const NO_STOCK = '__none__';


/**
 * Column mapping: the decisions the server made reading the file, each of which the user can
 * change (the header row, the stock column, the location, rows of one item: each change asks the
 * server for a fresh preview), then one row per file header with a field select ('Do not import'
 * included), a small preview of the file, Back and Import. SKU must be mapped; a field may be
 * chosen for one column only.
 */
export function ImportMappingStep({
  file,
  preview,
  mapping,
  failure,
  onMappingChange,
  onLocationChange,
  onHeaderLineChange,
  onRepeatedRowsChange,
  refreshing = false,
  onBack,
  onImport,
  onImportValid,
  onDownloadRejected,
}: {
  file: File;
  preview: FilePreview;
  mapping: ColumnMapping;
  failure?: ImportFailure;
  onMappingChange: (mapping: ColumnMapping) => void;
  /** The location the count is for ('all': summed), for a file holding several. */
  onLocationChange?: (location: string) => void;
  /** The header row chosen, by its line in the file. */
  onHeaderLineChange?: (line: number) => void;
  /** Whether further rows of one item add their stock ('sum') or the first row's is kept ('first'). */
  onRepeatedRowsChange?: (choice: 'sum' | 'first') => void;
  /** True while a fresh preview is on its way (Import waits for it). */
  refreshing?: boolean;
  onBack: () => void;
  onImport: () => void;
  /** Import only the good rows (the user's explicit choice after a refused import). */
  onImportValid?: () => void;
  onDownloadRejected?: () => void;
}) {
  const reasons = new Map((preview.columnProposals ?? []).map((p) => [p.header, p]));
  const stockHeaders = preview.headers.filter((h) => mapping[h] === 'currentQuantity');
  const chooseStock = (value: string) => {
    const next = { ...mapping };
    for (const [h, f] of Object.entries(next)) if (f === 'currentQuantity') delete next[h];
    if (value !== NO_STOCK) next[value] = 'currentQuantity';
    onMappingChange(next);
  };
  const fieldUse = new Map<string, number>();
  for (const field of Object.values(mapping)) fieldUse.set(field, (fieldUse.get(field) ?? 0) + 1);
  // UPC may take several columns: the leftmost is the UPC, the others alternate barcodes.
  const duplicates = [...fieldUse].filter(([f, n]) => n > 1 && f !== 'upc').map(([f]) => f);
  const mappedCount = Object.keys(mapping).length;
  const firstUpcHeader = preview.headers.find((h) => mapping[h] === 'upc');

  const setField = (header: string, value: string) => {
    const next = { ...mapping };
    if (value === SKIP) delete next[header];
    else next[header] = value;
    onMappingChange(next);
  };

  const previewHeaders = preview.headers.slice(0, PREVIEW_COLUMNS);
  const previewRows = preview.preview.slice(0, PREVIEW_ROWS);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <FileSpreadsheet className="text-muted-foreground size-4" aria-hidden="true" />
        <span className="max-w-full truncate font-medium">{file.name}</span>
        <span className="text-muted-foreground">
          {formatBytes(file.size)} · {preview.totalRows.toLocaleString()} {preview.totalRows === 1 ? 'row' : 'rows'} ·{' '}
          {preview.format.toUpperCase()}
        </span>
      </div>

      <FileWarnings warnings={preview.warnings} />

      {failure ? (
        <FailurePanel failure={failure} fileName={file.name} onImportValid={onImportValid} onDownloadRejected={onDownloadRejected} />
      ) : null}

      {preview.layout ? (
        <p className="text-muted-foreground text-sm">
          Recognised as {/^[aeiou]/i.test(preview.layout) ? 'an' : 'a'} <span className="text-foreground font-medium">{preview.layout}</span>: columns proposed from its
          layout.
        </p>
      ) : null}

      <ReadingChoices
        preview={preview}
        refreshing={refreshing}
        onLocationChange={onLocationChange}
        onHeaderLineChange={onHeaderLineChange}
        onRepeatedRowsChange={onRepeatedRowsChange}
      >
        {stockHeaders.length <= 1 ? (
          <div className="grid min-w-0 gap-1">
            <Label htmlFor="stock-column" className="text-xs font-medium">
              Which column is the stock?
            </Label>
            <Select value={stockHeaders[0] ?? NO_STOCK} onValueChange={chooseStock} disabled={refreshing}>
              <SelectTrigger id="stock-column" className="w-full min-w-0">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_STOCK}>No stock column (every product at 0)</SelectItem>
                <SelectSeparator />
                {preview.headers.map((h) => (
                  <SelectItem key={h} value={h}>
                    {h}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        ) : null}
      </ReadingChoices>

      <section aria-labelledby="mapping-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
          <h3 id="mapping-heading" className="text-sm font-medium">
            Map columns
          </h3>
          <span className="text-muted-foreground text-xs">
            {mappedCount} of {preview.headers.length} columns mapped · SKU is required
          </span>
        </div>
        <ul className="divide-y rounded-lg border">
          {preview.headers.map((header, index) => {
            const value = mapping[header] ?? SKIP;
            const id = `map-${index}`;
            const sample = preview.preview.find((row) => row[index]?.trim())?.[index];
            const duplicate = value !== SKIP && duplicates.includes(value);
            const proposal = reasons.get(header);
            return (
              <li key={`${header}-${index}`} className="grid gap-2 p-3 sm:grid-cols-[1fr_14rem] sm:items-center">
                <div className="min-w-0">
                  <Label htmlFor={id} className="block truncate font-mono text-sm">
                    {header || <span className="text-muted-foreground italic">(blank header)</span>}
                  </Label>
                  {sample ? (
                    <p className="text-muted-foreground mt-1 truncate text-xs">e.g. {sample}</p>
                  ) : null}
                  {proposal && proposal.field !== null && mapping[header] === proposal.field ? (
                    <p className="mt-1 text-xs break-words" data-testid="mapping-reason">
                      <Badge variant={proposal.confidence === 'high' ? 'secondary' : 'outline'} className="mr-1.5 align-middle">
                        {proposal.confidence === 'high' ? 'Sure' : proposal.confidence === 'medium' ? 'Likely' : 'Guess'}
                      </Badge>
                      {proposal.reason}
                    </p>
                  ) : proposal && proposal.field === null && value === SKIP ? (
                    <p className="text-muted-foreground mt-1 text-xs break-words">{proposal.reason}</p>
                  ) : null}
                </div>
                <div className="grid gap-1">
                  <Select value={value} onValueChange={(v) => setField(header, v)}>
                    <SelectTrigger
                      id={id}
                      className="w-full"
                      aria-invalid={duplicate || undefined}
                      aria-describedby={duplicate ? `${id}-dup` : undefined}
                    >
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={SKIP}>Do not import</SelectItem>
                      <SelectSeparator />
                      {IMPORT_FIELDS.map((f) => (
                        <SelectItem key={f.value} value={f.value}>
                          {f.label}
                          {f.value === 'sku' ? ' *' : ''}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  {duplicate ? (
                    <p id={`${id}-dup`} className="text-destructive text-xs">
                      {isImportField(value) ? IMPORT_FIELD_LABELS[value] : value} is mapped to more than one column.
                    </p>
                  ) : null}
                  {value === 'upc' && header !== firstUpcHeader ? (
                    <p className="text-muted-foreground text-xs">Imported as an alternate barcode (the first UPC column is the UPC).</p>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      {previewHeaders.length > 0 && previewRows.length > 0 ? (
        <section aria-labelledby="preview-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <h3 id="preview-heading" className="text-sm font-medium">
            Preview
          </h3>
          <div className="rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  {previewHeaders.map((h, i) => (
                    <TableHead key={`${h}-${i}`} className="font-mono text-xs">
                      {h}
                    </TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {previewRows.map((row, r) => (
                  <TableRow key={r}>
                    {previewHeaders.map((_, c) => (
                      <TableCell key={c} className="max-w-48 truncate text-xs">
                        {row[c] ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <p className="text-muted-foreground text-xs">
            First {previewHeaders.length} {previewHeaders.length === 1 ? 'column' : 'columns'} and {previewRows.length}{' '}
            {previewRows.length === 1 ? 'row' : 'rows'} of the file.
          </p>
        </section>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onImport} disabled={duplicates.length > 0 || refreshing}>
          Import {preview.totalRows.toLocaleString()} {preview.totalRows === 1 ? 'row' : 'rows'}
        </Button>
      </div>
    </div>
  );
}
