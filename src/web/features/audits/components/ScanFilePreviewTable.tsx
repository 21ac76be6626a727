import type { FilePreview } from '../../../../contracts/products';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

const PREVIEW_ROWS = 5;

/** The first rows of a scan file as the server read them, mapped columns marked. */
export function ScanFilePreviewTable({
  fileName,
  preview,
  scanColumn,
  quantityColumn,
}: {
  fileName: string;
  preview: FilePreview;
  scanColumn: string;
  quantityColumn: string | null;
}) {
  const rows = preview.preview.slice(0, PREVIEW_ROWS);
  const role = (header: string) => (header === scanColumn ? 'Scan value' : header === quantityColumn ? 'Quantity' : null);

  // On a phone the preview scrolls sideways: the scroller takes the focus so the keyboard can too.
  return (
    <div
      role="group"
      aria-label={`First rows of ${fileName}`}
      tabIndex={0}
      className="focus-visible:ring-ring/50 overflow-x-auto rounded-md border outline-none focus-visible:ring-[3px]"
    >
      <table className="w-full text-xs">
        <caption className="sr-only">
          First {rows.length} rows of {fileName}
        </caption>
        <thead className="bg-muted/60">
          <tr>
            {preview.headers.map((header, i) => {
              const mapped = role(header);
              return (
                <th key={`${header}-${i}`} scope="col" className={cn('px-2 py-1.5 text-left font-medium whitespace-nowrap', mapped && 'bg-primary/10')}>
                  <span className="flex items-center gap-1.5">
                    {header || <span className="text-muted-foreground italic">(blank)</span>}
                    {mapped ? <Badge variant="secondary" className="px-1 py-0 text-[10px]">{mapped}</Badge> : null}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r} className="border-t">
              {preview.headers.map((header, c) => (
                <td
                  key={c}
                  className={cn('max-w-48 truncate px-2 py-1 font-mono whitespace-nowrap', role(header) && 'bg-primary/5')}
                  title={row[c] ?? ''}
                >
                  {row[c] ?? ''}
                </td>
              ))}
            </tr>
          ))}
          {rows.length === 0 ? (
            <tr>
              <td colSpan={Math.max(1, preview.headers.length)} className="text-muted-foreground px-2 py-2">
                No rows below the header.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
