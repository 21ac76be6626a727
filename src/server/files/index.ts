/**
 * The file readers (DESIGN.md section 6): CSV/TXT/TSV, XLSX and XLS as tables of text cells,
 * streamed; scan rows under a column mapping; previews. Import from here, not from the files.
 */
export type { OpenTableOptions, Table, TableFormat, TableRow } from './table.js';
export { openTable } from './open-table.js';
export { previewTable, DEFAULT_PREVIEW_ROWS, type TablePreview } from './preview-table.js';
export { readScanRows, readScanRowBatches, readScanColumns, scanValueAt, type ScanColumnMapping, type ScanColumns, type ScanRow } from './read-scan-rows.js';
export { parseQuantity, MAX_QUANTITY, type QuantityResult } from './parse-quantity.js';
export { FILE_ERROR, type FileErrorCode } from './file-error-codes.js';
export { DEFAULT_XLS_MAX_BYTES } from './xls-source.js';
