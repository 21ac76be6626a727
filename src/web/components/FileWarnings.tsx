import { TriangleAlert } from 'lucide-react';

/**
 * Warnings about an uploaded file as a whole, from its preview (`FilePreview.warnings`, e.g.
 * "scan.csv: line 7 is not valid UTF-8 and was read as Windows-1252; check its accented letters.").
 * Renders nothing when there are none.
 */
export function FileWarnings({ warnings }: { warnings: readonly string[] | undefined }) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <div role="status" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <ul className="grid gap-1">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </div>
  );
}
