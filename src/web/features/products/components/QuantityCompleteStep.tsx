import { CheckCircle2, Download } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { downloadRejectedRows } from '../api/import-products';
import type { QuantityUploadResult } from '../api/upload-quantities';
import { rejectedQuantityCsv } from '../quantity-columns';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3 sm:p-4">
      <dt className="text-muted-foreground text-xs sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{value.toLocaleString()}</dd>
    </div>
  );
}

/** Rows by line with the reason each was left out, in a list named `label`. */
function LineReasons({ label, rows }: { label: string; rows: readonly { line: number; reason: string }[] }) {
  return (
    <ul className="max-h-40 divide-y overflow-y-auto rounded-md border text-sm" aria-label={label}>
      {rows.map((r) => (
        <li key={r.line} className="flex flex-wrap gap-x-3 gap-y-1 px-3 py-2">
          <span className="text-muted-foreground shrink-0 tabular-nums">Line {r.line}</span>
          <span className="min-w-0 break-words sm:flex-1">{r.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The quantity update summary: rows read, products updated, and SKUs no product has; the rows
 * skipped (no SKU or other identifier, no quantity, title and total rows) by line and reason, and
 * the rows of one product summed; after a partial update, the rows left out with their reasons
 * and a CSV of them to fix.
 */
export function QuantityCompleteStep({ result, fileName, onDone }: { result: QuantityUploadResult; fileName: string; onDone: () => void }) {
  const unknown = result.unknownSkus;
  const rejected = result.rejected ?? [];
  const rejectedCount = result.rejectedCount ?? rejected.length;
  const skippedLines = result.skippedLines ?? [];
  const skippedCount = (result.skipped ?? []).reduce((n, s) => n + s.count, 0);
  const warnings = result.warnings ?? [];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 p-6">
      <div className="flex items-center gap-3">
        <CheckCircle2 className="size-8 shrink-0 text-green-600" aria-hidden="true" />
        <div>
          <p className="font-medium">Quantities Updated</p>
          <p className="text-muted-foreground text-sm">{result.updated} product quantities updated successfully.</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
        <Stat label="Rows in file" value={result.totalRows} />
        <Stat label="Products updated" value={result.updated} />
        <Stat label="Unknown SKUs" value={unknown.length} />
      </dl>
      {skippedCount > 0 ? (
        <div className="grid gap-2">
          <p className="text-sm">
            {skippedCount.toLocaleString()} {skippedCount === 1 ? 'row was' : 'rows were'} read but changed nothing on their own:
          </p>
          <ul className="text-muted-foreground list-disc pl-5 text-sm" aria-label="Rows skipped, by reason">
            {(result.skipped ?? []).map((s) => (
              <li key={s.reason}>
                {s.count.toLocaleString()} {s.count === 1 ? s.reason.replace(/\brows\b/, 'row') : s.reason}
              </li>
            ))}
          </ul>
          {skippedLines.length > 0 ? (
            <LineReasons label="Rows skipped" rows={skippedLines} />
          ) : null}
          {warnings.length > 0 ? (
            <ul className="max-h-32 divide-y overflow-y-auto rounded-md border text-sm" aria-label="Rows of one product summed">
              {warnings.map((w, i) => (
                <li key={`${w.line}-${i}`} className="px-3 py-2 break-words">
                  {w.message.replace(`${fileName} line ${w.line}: `, `Line ${w.line}: `)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {rejectedCount > 0 ? (
        <div className="grid gap-2">
          <p className="text-sm">
            {rejectedCount.toLocaleString()} {rejectedCount === 1 ? 'row was' : 'rows were'} not updated:
          </p>
          <LineReasons label="Rows not updated" rows={rejected} />
          <Button variant="outline" className="w-fit" onClick={() => downloadRejectedRows(rejectedQuantityCsv(rejected), fileName)}>
            <Download aria-hidden="true" />
            Download rejected rows (CSV)
          </Button>
        </div>
      ) : unknown.length > 0 ? (
        <div className="grid gap-2">
          <p className="text-sm">These SKUs are not in the catalogue; their rows changed nothing:</p>
          <ul className="flex max-h-32 flex-wrap gap-1.5 overflow-y-auto" aria-label="Unknown SKUs">
            {unknown.map((sku) => (
              <li key={sku}>
                <Badge variant="outline" className="font-mono">
                  {sku}
                </Badge>
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
