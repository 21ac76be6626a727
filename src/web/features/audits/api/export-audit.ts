/**
 * Report downloads (spec part 1 sections 2 "Export dialog", 7): `GET /api/audits/{id}/export-xlsx`
 * and `/export`. The browser downloads the answer itself (streamed to disk, named by the server's
 * Content-Disposition), as the spec's "opened in a new window" does, without leaving the page.
 */
import { auditPath } from './get-audit';

export type ExportFormat = 'xlsx' | 'csv';

export function exportUrl(auditId: string, format: ExportFormat): string {
  return `${auditPath(auditId)}/${format === 'xlsx' ? 'export-xlsx' : 'export'}`;
}

export function downloadExport(auditId: string, format: ExportFormat): void {
  const a = document.createElement('a');
  a.href = exportUrl(auditId, format);
  a.download = '';
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
