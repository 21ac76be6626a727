import { AlertTriangle, CheckCircle2, Download } from 'lucide-react';
import type { ImportResponse } from '../../../../contracts/products';
import { Button } from '@/components/ui/button';
import { downloadRejectedRows } from '../api/import-products';

/** How a row's key is named to the user. */
const KEY_WORDS: Record<NonNullable<ImportResponse['keyedBy']>[number]['source'], string> = {
  sku: 'its SKU',
  barcode: 'its barcode',
  'system id': "the system's own id",
  'handle and options': 'its handle and option values',
  name: 'its name',
};

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3 sm:p-4">
      <dt className="text-muted-foreground text-xs sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{value.toLocaleString()}</dd>
    </div>
  );
}

/**
 * The import summary: total rows, new products, updated products; then the rows skipped (no
 * product, repeated), the rows left out for problems (with their CSV) and the warnings.
 */
export function ImportCompleteStep({ result, fileName, onDone }: { result: ImportResponse; fileName: string; onDone: () => void }) {
  const skipped = result.skipped ?? [];
  const warnings = result.warnings ?? [];
  return (
    <div className="grid gap-6 p-6">
      <div className="flex items-center gap-3">
        <CheckCircle2 className="size-8 shrink-0 text-green-600" aria-hidden="true" />
        <div>
          <p className="font-medium">Import Successful</p>
          <p className="text-muted-foreground text-sm">
            Successfully imported {(result.imported + result.updated).toLocaleString()} products.
          </p>
        </div>
      </div>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        <Stat label="Total rows" value={result.totalRows} />
        <Stat label="Imported" value={result.imported} />
        <Stat label="Updated" value={result.updated} />
      </dl>
      {skipped.length > 0 ? (
        <div className="text-sm">
          <p className="font-medium">Skipped rows</p>
          <ul className="text-muted-foreground mt-1 list-disc pl-5">
            {skipped.map((s) => (
              <li key={s.reason}>
                {s.count.toLocaleString()} {s.count === 1 ? s.reason.replace(/^rows\b/, 'row') : s.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.skippedLines && result.skippedLines.length > 0 ? (
        <div className="grid gap-2 text-sm" data-testid="skipped-lines">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="font-medium">Rows without SKU, barcode or other identifier: not counted</p>
            {result.skippedCsv ? (
              <Button size="sm" variant="outline" onClick={() => downloadRejectedRows(result.skippedCsv!, fileName, 'skipped-rows')}>
                <Download className="size-4" aria-hidden="true" />
                Download skipped rows (CSV)
              </Button>
            ) : null}
          </div>
          <ul className="bg-background max-h-40 divide-y overflow-y-auto rounded-md border">
            {result.skippedLines.map((l) => (
              <li key={l.line} className="flex gap-3 px-3 py-1.5">
                <span className="text-muted-foreground shrink-0 tabular-nums">Line {l.line}</span>
                <span className="min-w-0 break-words">{l.reason}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {result.keyedBy && result.keyedBy.length > 0 ? (
        <ul className="text-muted-foreground list-disc pl-5 text-sm" data-testid="keyed-by">
          {result.keyedBy.map((k) => (
            <li key={k.source}>
              {k.count.toLocaleString()} {k.count === 1 ? 'row' : 'rows'} without SKU {k.count === 1 ? 'is' : 'are'} known by {KEY_WORDS[k.source]}, which
              became {k.count === 1 ? 'its' : 'their'} SKU (line{k.firstLines.length === 1 ? '' : 's'} {k.firstLines.join(', ')}
              {k.count > k.firstLines.length ? ', …' : ''}).
            </li>
          ))}
        </ul>
      ) : null}
      {result.rejected ? (
        <div className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            {result.rejected.toLocaleString()} {result.rejected === 1 ? 'row was' : 'rows were'} left out for problems.
          </p>
          {result.rejectedCsv ? (
            <Button size="sm" variant="outline" onClick={() => downloadRejectedRows(result.rejectedCsv!, fileName)}>
              <Download className="size-4" aria-hidden="true" />
              Download rejected rows (CSV)
            </Button>
          ) : null}
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:bg-amber-950/30">
          <p className="flex items-center gap-2 font-medium">
            <AlertTriangle className="size-4 text-amber-600" aria-hidden="true" />
            {(result.warningCount ?? warnings.length).toLocaleString()} {warnings.length === 1 ? 'warning' : 'warnings'}
          </p>
          <ul className="mt-2 max-h-32 overflow-y-auto">
            {warnings.map((w, i) => (
              <li key={`${w.line}-${i}`} className="break-words">
                {w.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="flex justify-end">
        <Button onClick={onDone} autoFocus>
          Done
        </Button>
      </div>
    </div>
  );
}
