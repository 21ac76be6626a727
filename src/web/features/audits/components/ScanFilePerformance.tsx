/** Scan File Performance (spec part 1 "Audit detail"): per file its name, scanner id, items and match rate. */
import type { ScanFileBreakdown } from '../../../../contracts/results';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { matchRateTone, TONE_TEXT_CLASS } from '../lib/audit-figures';
import { formatFraction } from '../lib/display-format';

export function ScanFilePerformance({ files }: { files: ScanFileBreakdown[] }) {
  if (files.length === 0) return null;
  return (
    <section aria-labelledby="scan-file-performance" className="grid gap-3">
      <h2 id="scan-file-performance" className="text-lg font-semibold">
        Scan File Performance
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {files.map((file) => (
          <li key={file.fileName}>
            <Card className="h-full gap-2 py-4">
              <CardContent className="grid gap-3 px-4">
                <div className="grid gap-1">
                  <p className="truncate text-sm font-medium" title={file.fileName}>
                    {file.fileName}
                  </p>
                  <div className="flex flex-wrap items-center gap-1.5">
                    {file.teamName ? <span className="text-muted-foreground text-xs">{file.teamName}</span> : null}
                    {file.scannerId ? <Badge variant="outline">Scanner {file.scannerId}</Badge> : null}
                  </div>
                </div>
                <dl className="grid grid-cols-2 gap-2">
                  <div>
                    <dt className="text-muted-foreground text-xs">Total Items</dt>
                    <dd className="text-lg font-semibold tabular-nums">{file.totalItems.toLocaleString()}</dd>
                  </div>
                  <div>
                    <dt className="text-muted-foreground text-xs">Match Rate</dt>
                    <dd className={`text-lg font-semibold tabular-nums ${TONE_TEXT_CLASS[matchRateTone(file.matchRate * 100)]}`}>
                      {formatFraction(file.matchRate)}
                    </dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
