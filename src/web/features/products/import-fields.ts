/**
 * Labels of the product import fields, in the order the mapping step lists them
 * (spec part 2 section 3 "Product import fields"; the keys come from the contract).
 */
import { PRODUCT_IMPORT_FIELD_LABELS, PRODUCT_IMPORT_FIELDS, type ProductImportField } from '../../../contracts/products';

export const IMPORT_FIELD_LABELS = PRODUCT_IMPORT_FIELD_LABELS;

export const IMPORT_FIELDS: ReadonlyArray<{ value: ProductImportField; label: string }> = PRODUCT_IMPORT_FIELDS.map(
  (value) => ({ value, label: IMPORT_FIELD_LABELS[value] }),
);

/** Fields without which nothing can be imported (spec part 2 section 5). */
export const REQUIRED_IMPORT_FIELDS: readonly ProductImportField[] = ['sku'];

export function isImportField(value: string): value is ProductImportField {
  return (PRODUCT_IMPORT_FIELDS as readonly string[]).includes(value);
}

const CSV_TYPES = new Set(['text/csv', 'application/csv', 'text/x-csv']);
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * CSV or XLSX by MIME type or extension (spec part 2 section 5). Delimited text exports named
 * `.txt` or `.tsv` (Amazon's inventory report, Excel's 'Unicode text') are CSV to the server's
 * reader, so they are taken too.
 */
export function isCsvOrXlsx(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  return CSV_TYPES.has(file.type) || file.type === XLSX_TYPE || /\.(csv|xlsx|txt|tsv)$/.test(name);
}
