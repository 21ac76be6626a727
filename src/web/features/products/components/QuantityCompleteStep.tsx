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

/**
 * The quantity update summary: rows read, products updated, and SKUs no product has; after a
 * partial update, the rows left out with their reasons and a CSV of them to fix.
 */
export function QuantityCompleteStep({ result, fileName, onDone }: { result: QuantityUploadResult; fileName: string; onDone: () => void }) {
  const unknown = result.unknownSkus;
  const rejected = result.rejected ?? [];
  const rejectedCount = result.rejectedCount ?? rejected.length;
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
      {rejectedCount > 0 ? (
        <div className="grid gap-2">
          <p className="text-sm">
            {rejectedCount.toLocaleString()} {rejectedCount === 1 ? 'row was' : 'rows were'} not updated:
          </p>
          <ul className="max-h-40 divide-y overflow-y-auto rounded-md border text-sm" aria-label="Rows not updated">
            {rejected.map((r) => (
              <li key={r.line} className="flex flex-wrap gap-x-3 gap-y-1 px-3 py-2">
                <span className="text-muted-foreground shrink-0 tabular-nums">Line {r.line}</span>
                <span className="min-w-0 break-words sm:flex-1">{r.reason}</span>
              </li>
            ))}
          </ul>
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
