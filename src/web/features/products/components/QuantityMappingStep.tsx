import { AlertTriangle, FileSpreadsheet } from 'lucide-react';
import type { FilePreview } from '../../../../contracts/products';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import type { QuantityUploadProblems } from '../api/upload-quantities';
import { isQuantityMappingComplete, type QuantityColumns } from '../quantity-columns';
import { ReadingChoices } from './FileReadingChoices';

/** The quantity upload previews 5 rows (spec part 2 section 9). */
const PREVIEW_ROWS = 5;

/** Why the last upload was refused, with the lines and unknown SKUs the server listed. */
export interface QuantityUploadFailure extends QuantityUploadProblems {
  message: string;
}

/** The server prefixes line messages with 'file line N: '; the list already shows the line. */
function lineMessage(e: { line?: number; message: string }, fileName: string): string {
  const prefix = `${fileName} line ${e.line}: `;
  return e.line !== undefined && e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
}

function FailurePanel({
  failure,
  fileName,
  onUploadValid,
}: {
  failure: QuantityUploadFailure;
  fileName: string;
  /** Absent when no row can be good (every row has a problem). */
  onUploadValid?: () => void;
}) {
  const listed = failure.lines.length + failure.unknownSkus.length;
  const more = failure.total - listed;
  return (
    <div role="alert" className="border-destructive/40 bg-destructive/5 rounded-lg border p-4">
      <div className="flex gap-3">
        <AlertTriangle className="text-destructive mt-0.5 hidden size-5 shrink-0 sm:block" aria-hidden="true" />
        <div className="min-w-0 flex-1">
          <p className="text-destructive font-medium">Upload Failed</p>
          <p className="mt-1 text-sm break-words">{failure.message}</p>
          {failure.lines.length > 0 ? (
            <ul
              className="bg-background mt-3 max-h-40 divide-y overflow-y-auto rounded-md border text-sm"
              aria-label="Lines with problems"
            >
              {failure.lines.map((e, i) => (
                <li key={`${e.line ?? ''}-${i}`} className="flex flex-wrap gap-x-3 gap-y-1 px-3 py-2">
                  {e.line !== undefined ? (
                    <span className="text-muted-foreground shrink-0 tabular-nums">Line {e.line}</span>
                  ) : null}
                  <span className="min-w-0 break-words sm:flex-1">{lineMessage(e, fileName)}</span>
                </li>
              ))}
            </ul>
          ) : null}
          {failure.unknownSkus.length > 0 ? (
            <div className="mt-3">
              <p className="text-muted-foreground text-sm">SKUs not in the catalogue:</p>
              <ul className="mt-2 flex max-h-32 flex-wrap gap-1.5 overflow-y-auto" aria-label="Unknown SKUs">
                {failure.unknownSkus.map((sku) => (
                  <li key={sku}>
                    <Badge variant="outline" className="font-mono">
                      {sku}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {more > 0 ? (
            <p className="text-muted-foreground mt-2 text-xs">…and {more.toLocaleString()} more.</p>
          ) : null}
          {onUploadValid ? (
            <div className="mt-3 grid gap-2 border-t pt-3">
              <p className="text-sm">Or update the products whose rows are correct now, and get the other rows back as a CSV to fix.</p>
              <Button variant="outline" className="w-fit" onClick={onUploadValid}>
                Update the matching rows, list the rest
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function ColumnSelect({
  id,
  label,
  value,
  headers,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  value: string | undefined;
  headers: readonly string[];
  onChange: (header: string) => void;
  invalid?: boolean;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label} <span aria-hidden="true">*</span>
      </Label>
      <Select value={value ?? ''} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full" aria-required="true" aria-invalid={invalid || undefined}>
          <SelectValue placeholder="Choose a column" />
        </SelectTrigger>
        <SelectContent>
          {headers.map((h, i) =>
            h === '' ? null : (
              <SelectItem key={`${h}-${i}`} value={h}>
                {h}
              </SelectItem>
            ),
          )}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * Mapping: the location question and the decisions of the file's reading with the user's say
 * over them (FileReadingChoices.tsx, as the Import Products dialog has them), the SKU column and
 * the quantity column (both required, else the update button is disabled), a 5-row preview with
 * the chosen columns marked, Back and Update (disabled while a fresh preview is on its way).
 */
export function QuantityMappingStep({
  file,
  preview,
  columns,
  failure,
  onColumnsChange,
  refreshing = false,
  onHeaderLineChange,
  onLocationChange,
  onRepeatedRowsChange,
  onBack,
  onUpload,
  onUploadValid,
}: {
  file: File;
  preview: FilePreview;
  columns: QuantityColumns;
  failure?: QuantityUploadFailure;
  onColumnsChange: (columns: QuantityColumns) => void;
  /** True while a fresh preview is on its way. */
  refreshing?: boolean;
  /** The header row chosen, by its line in the file. */
  onHeaderLineChange?: (line: number) => void;
  /** The location the quantities are for ('all': summed), for a file holding several. */
  onLocationChange?: (location: string) => void;
  /** Whether further rows of one product add their quantity ('sum') or the first row's is kept ('first'). */
  onRepeatedRowsChange?: (choice: 'sum' | 'first') => void;
  onBack: () => void;
  onUpload: () => void;
  /** Updates the matching rows and lists the rest (offered after a refusal). */
  onUploadValid: () => void;
}) {
  const complete = isQuantityMappingComplete(columns);
  const sameColumn = columns.sku !== undefined && columns.sku === columns.quantity;
  const rows = preview.preview.slice(0, PREVIEW_ROWS);

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 p-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <FileSpreadsheet className="text-muted-foreground size-4" aria-hidden="true" />
        <span className="max-w-full truncate font-medium">{file.name}</span>
        <span className="text-muted-foreground">
          {preview.totalRows.toLocaleString()} {preview.totalRows === 1 ? 'row' : 'rows'} · {preview.format.toUpperCase()}
        </span>
      </div>

      {failure ? (
        <FailurePanel
          failure={failure}
          fileName={file.name}
          onUploadValid={failure.total < preview.totalRows && complete ? onUploadValid : undefined}
        />
      ) : null}

      <ReadingChoices
        preview={preview}
        refreshing={refreshing}
        onLocationChange={onLocationChange}
        onHeaderLineChange={onHeaderLineChange}
        onRepeatedRowsChange={onRepeatedRowsChange}
      />

      <section aria-labelledby="quantity-columns-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
        <h3 id="quantity-columns-heading" className="text-sm font-medium">
          Columns
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <ColumnSelect
            id="quantity-sku-column"
            label="SKU column"
            value={columns.sku}
            headers={preview.headers}
            onChange={(sku) => onColumnsChange({ ...columns, sku })}
            invalid={sameColumn}
          />
          <ColumnSelect
            id="quantity-quantity-column"
            label="Quantity column"
            value={columns.quantity}
            headers={preview.headers}
            onChange={(quantity) => onColumnsChange({ ...columns, quantity })}
            invalid={sameColumn}
          />
        </div>
        <p className={cn('text-xs', sameColumn ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
          {sameColumn
            ? 'Choose two different columns for the SKU and the quantity.'
            : complete
              ? 'Each row sets the current stock of the product with that SKU.'
              : 'Choose both columns to continue.'}
        </p>
      </section>

      {rows.length > 0 ? (
        <section aria-labelledby="quantity-preview-heading" className="grid grid-cols-[minmax(0,1fr)] gap-3">
          <h3 id="quantity-preview-heading" className="text-sm font-medium">
            Preview
          </h3>
          <div className="rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  {preview.headers.map((h, i) => {
                    const role = h === columns.sku ? 'SKU' : h === columns.quantity ? 'Quantity' : null;
                    return (
                      <TableHead key={`${h}-${i}`} className={cn('font-mono text-xs', role && 'bg-muted')}>
                        <span className="inline-flex items-center gap-1.5">
                          {h}
                          {role ? (
                            <Badge variant="secondary" className="font-sans">
                              {role}
                            </Badge>
                          ) : null}
                        </span>
                      </TableHead>
                    );
                  })}
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((row, r) => (
                  <TableRow key={r}>
                    {preview.headers.map((h, c) => (
                      <TableCell
                        key={c}
                        className={cn(
                          'max-w-48 truncate text-xs',
                          (h === columns.sku || h === columns.quantity) && 'bg-muted/50',
                        )}
                      >
                        {row[c] ?? ''}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <p className="text-muted-foreground text-xs">
            First {rows.length} {rows.length === 1 ? 'row' : 'rows'} of the file.
          </p>
        </section>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onUpload} disabled={!complete || refreshing}>
          Update Quantities
        </Button>
      </div>
    </div>
  );
}
