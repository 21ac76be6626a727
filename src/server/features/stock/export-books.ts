/**
 * Back to the books (DESIGN.md section 13): `GET /api/audits/{id}/export-books` writes the audit's
 * final counts as the import file of a shop or ERP system (domain/books-formats.ts), and
 * `GET /api/audits/{id}/export-books/options` says which format to preselect: the one of the
 * layout recognised at the organisation's last catalogue import.
 */
import Papa from 'papaparse';
import type { BooksExportQuery, BooksFormat, BooksOptions } from '../../../contracts/stock.js';
import { booksFormatOfLayout, booksTable } from '../../../domain/books-formats.js';
import { zeroSheetDefault } from '../../../domain/stock-conflicts.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { spreadsheetSafe } from '../../reports/spreadsheet-safe.js';
import type { AuditRow } from '../audits/repo.js';
import { catalogueLayoutOf } from '../products/catalogue-layout.js';
import { readBooksLines } from './repo.js';

const FORMAT_NAMES: Record<BooksFormat, string> = { shopify: 'shopify-inventory', woocommerce: 'woocommerce-products', square: 'square-item-library', odoo: 'odoo-inventory', csv: 'counts' };

export async function readBooksOptions(db: Db, audit: AuditRow): Promise<BooksOptions> {
  const layout = await catalogueLayoutOf(db, audit.organizationId);
  return { format: booksFormatOfLayout(layout), layout, zeroSheetDefault: zeroSheetDefault(audit.auditType) };
}

/**
 * The file (name and CSV text: UTF-8 without BOM, CRLF, text cells spreadsheet-safe).
 * @throws AppError 409 AUDIT_NOT_COMPLETE for an audit without results.
 */
export async function writeBooksFile(db: Db, audit: AuditRow, query: BooksExportQuery): Promise<{ fileName: string; text: string }> {
  if (audit.status !== 'complete') throw new AppError('AUDIT_NOT_COMPLETE', 'Only a finished audit has counts to export.', 409);
  const zeroSheet = query.zeroSheet === undefined ? zeroSheetDefault(audit.auditType) : query.zeroSheet === 'true';
  const lines = await readBooksLines(db, audit.organizationId, audit.id, zeroSheet);
  const table = booksTable(query.format, lines, query.location);
  const rows = table.rows.map((row) => row.map((cell) => (typeof cell === 'string' ? spreadsheetSafe(cell) : cell)));
  const text = Papa.unparse([table.headers, ...rows], { newline: '\r\n' }) + '\r\n';
  const base = audit.name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-+|-+$/g, '').slice(0, 80) || 'audit';
  return { fileName: `${base}-${FORMAT_NAMES[query.format]}.csv`, text };
}
