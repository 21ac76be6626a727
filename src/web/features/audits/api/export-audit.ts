/**
 * Report downloads (spec part 1 sections 2 "Export dialog", 7): `GET /api/audits/{id}/export-xlsx`
 * and `/export`. The browser downloads the answer itself (streamed to disk, named by the server's
 * Content-Disposition), as the spec's "opened in a new window" does, without leaving the page.
 */
import { useQuery } from '@tanstack/react-query';
import type { BooksFormat, BooksOptions } from '../../../../contracts/stock';
import { api } from '@/lib/api';
import { auditPath } from './get-audit';

export type ExportFormat = 'xlsx' | 'csv';

export function exportUrl(auditId: string, format: ExportFormat): string {
  return `${auditPath(auditId)}/${format === 'xlsx' ? 'export-xlsx' : 'export'}`;
}

export function downloadExport(auditId: string, format: ExportFormat): void {
  downloadUrl(exportUrl(auditId, format));
}

/** Lets the browser download `url` (named by the server's Content-Disposition) without leaving the page. */
export function downloadUrl(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** `GET /api/audits/{id}/export-books`: the final counts as a shop or ERP system's import file (DESIGN.md section 13). */
export function booksExportUrl(auditId: string, format: BooksFormat, zeroSheet: boolean): string {
  return `${auditPath(auditId)}/export-books?format=${format}&zeroSheet=${zeroSheet}`;
}

/** `GET /api/audits/{id}/export-books/options`: the format preselected (the catalogue's layout at import). */
export function useBooksOptions(auditId: string) {
  return useQuery({
    queryKey: [`${auditPath(auditId)}/export-books/options`] as const,
    queryFn: ({ signal }) => api.get<BooksOptions>(`${auditPath(auditId)}/export-books/options`, undefined, { signal }),
  });
}
