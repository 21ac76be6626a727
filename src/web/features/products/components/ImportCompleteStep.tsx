import { CheckCircle2 } from 'lucide-react';
import type { ImportResponse } from '../../../../contracts/products';
import { Button } from '@/components/ui/button';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3 sm:p-4">
      <dt className="text-muted-foreground text-xs sm:text-sm">{label}</dt>
      <dd className="mt-1 text-xl font-semibold tabular-nums sm:text-2xl">{value.toLocaleString()}</dd>
    </div>
  );
}

/** The import summary: total rows, new products, updated products. */
export function ImportCompleteStep({ result, onDone }: { result: ImportResponse; onDone: () => void }) {
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
      <div className="flex justify-end">
        <Button onClick={onDone} autoFocus>
          Done
        </Button>
      </div>
    </div>
  );
}
