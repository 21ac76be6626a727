/**
 * Quantity updates from a file (spec part 2 sections 4, 5, 7): preview the file with the
 * `quantities` flow (suggested mapping header -> 'sku' | 'quantity', the decisions of its
 * reading), then upload it with the chosen mapping. The first preview sends the file, later
 * previews and the upload name the kept file's token (staged-file.ts). And the quantity template
 * download.
 */
import type { FilePreview, QuantityUploadResponse } from '../../../../contracts/products';
import { ApiError, downloadFile, type UploadOptions } from '@/lib/api';
import { appendChoices, previewFile, sendFileOrToken, type FileChoices } from './staged-file';

export type QuantityColumn = 'sku' | 'quantity';
/** File header -> 'sku' | 'quantity'. */
export type QuantityMapping = Record<string, QuantityColumn>;

export type QuantityUploadResult = QuantityUploadResponse;

/**
 * Previews a quantity file; with `choices` and the user's `mapping` the server states its
 * decisions under them, with `uploadToken` it reads the file it kept instead of receiving it.
 */
export function previewQuantityFile(
  file: File,
  options: UploadOptions = {},
  choices: FileChoices = {},
  mapping?: QuantityMapping,
  uploadToken?: string,
): Promise<FilePreview> {
  return previewFile('quantities', file, options, choices, mapping, uploadToken);
}

/**
 * Uploads the file with `mapping` and the user's `choices` (header row, location, rows of one
 * item); with `uploadToken` the kept file is named, not sent. All or nothing, unless
 * `applyValidRows`: then the matching rows are updated and the rest answered in `rejected`, as
 * the product import's 'import the good rows' does.
 */
export function uploadQuantityFile(
  file: File,
  mapping: QuantityMapping,
  options: UploadOptions & { applyValidRows?: boolean } = {},
  choices: FileChoices = {},
  uploadToken?: string,
): Promise<QuantityUploadResult> {
  return sendFileOrToken<QuantityUploadResult>('/api/products/upload-quantities', file, uploadToken, (form) => {
    form.append('columnMapping', JSON.stringify(mapping));
    if (options.applyValidRows) form.append('applyValidRows', 'true');
    appendChoices(form, choices);
  }, options);
}

export function downloadQuantityTemplate(): Promise<void> {
  return downloadFile('/api/products/quantity-template', 'quantity_update_template.csv');
}

/** What a refused upload listed in `details`: bad lines and SKUs no product has. */
export interface QuantityUploadProblems {
  lines: Array<{ line?: number; message: string }>;
  unknownSkus: string[];
  /** How many problems there were in all (the lists may be cut short). */
  total: number;
}

function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/**
 * Reads the problem lists out of a refused upload's `details`. Tolerant of the exact shape:
 * `{ errors: [{ line, message }] }`, `{ unknownSkus: [...] }`, counts beside them.
 */
export function quantityUploadProblems(error: unknown): QuantityUploadProblems {
  const empty: QuantityUploadProblems = { lines: [], unknownSkus: [], total: 0 };
  if (!(error instanceof ApiError) || error.details === null || typeof error.details !== 'object') return empty;
  const d = error.details as Record<string, unknown>;
  const lines: QuantityUploadProblems['lines'] = [];
  const rawLines = Array.isArray(d.errors) ? d.errors : Array.isArray(d.lines) ? d.lines : [];
  for (const e of rawLines) {
    if (typeof e === 'string') lines.push({ message: e });
    else if (e && typeof e === 'object') {
      const o = e as Record<string, unknown>;
      const message = asText(o.message);
      if (message) lines.push({ line: typeof o.line === 'number' ? o.line : undefined, message });
    }
  }
  const unknownSkus = Array.isArray(d.unknownSkus)
    ? d.unknownSkus.map(asText).filter((s): s is string => s !== undefined)
    : [];
  const counted = [d.errorCount, d.unknownSkuCount].filter((n): n is number => typeof n === 'number');
  const total = Math.max(lines.length + unknownSkus.length, counted.reduce((a, b) => a + b, 0));
  return { lines, unknownSkus, total };
}

