/**
 * Products master list calls (spec part 2 sections 3, 5, 7 "Products").
 * Money travels as decimal strings ("12.50"); quantities are integers.
 */
import { z } from 'zod';
import { productFiltersParamSchema } from './product-filters.js';
import { productIdentifiersSchema } from './product-identifiers.js';
import { enteredQuantitySchema, quantitySchema } from './quantity.js';

export const productSchema = z.object({
  id: z.string(),
  sku: z.string(),
  upc: z.string().nullable(),
  otherIdentifier: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  distributor: z.string().nullable(),
  manufacturer: z.string().nullable(),
  category: z.string().nullable(),
  location: z.string().nullable(),
  currentQuantity: quantitySchema,
  /** More barcodes and aliases, each with its units per read, in the order given. */
  alternateIdentifiers: productIdentifiersSchema,
  costPrice: z.string().nullable(),
  price: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

/** Import field keys in the order the mapping step lists them (spec part 2 section 3). */
export const PRODUCT_IMPORT_FIELDS = [
  'sku',
  'name',
  'upc',
  'otherIdentifier',
  'description',
  'distributor',
  'manufacturer',
  'currentQuantity',
  'category',
  'location',
  'costPrice',
  'price',
  'tags',
] as const;
export const productImportFieldSchema = z.enum(PRODUCT_IMPORT_FIELDS);
export type ProductImportField = z.infer<typeof productImportFieldSchema>;

/** The label each import field shows in the mapping step and in import errors (spec part 2 section 3). */
export const PRODUCT_IMPORT_FIELD_LABELS: Record<ProductImportField, string> = {
  sku: 'SKU',
  name: 'Product Name',
  upc: 'UPC',
  otherIdentifier: 'Other ID',
  description: 'Description',
  distributor: 'Distributor',
  manufacturer: 'Manufacturer',
  currentQuantity: 'Current Stock',
  category: 'Category',
  location: 'Location',
  costPrice: 'Cost Price',
  price: 'Selling Price',
  tags: 'Tags',
};

/** Column mapping: file header -> field key ('' or absent = not imported). */
export const columnMappingSchema = z.record(z.string(), z.string());
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/**
 * `GET /api/products` query (spec part 2 section 7): page (1-based), limit (50, at most 10,000),
 * search (SKU or name contains, case-insensitive), filters (the Advanced Filters as JSON, see
 * product-filters.ts), getAllIds=true for every matching id instead of a page.
 */
export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(10_000).default(50),
  search: z.string().trim().max(200).optional(),
  filters: productFiltersParamSchema.optional(),
  getAllIds: z.enum(['true', 'false']).optional(),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productListResponseSchema = z.object({
  products: z.array(productSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponseSchema>;

/** `GET /api/products?getAllIds=true` answer: every matching id, in list order (spec part 2 section 3). */
export const productIdsResponseSchema = z.object({ productIds: z.array(z.string()) });
export type ProductIdsResponse = z.infer<typeof productIdsResponseSchema>;

/** Most ids one bulk call takes: more than the largest plan's catalogue. */
export const MAX_BULK_PRODUCT_IDS = 100_000;
const productIdsSchema = z
  .array(z.guid('is not a product id'))
  .min(1, 'Please select at least one product.')
  .max(MAX_BULK_PRODUCT_IDS, `at most ${MAX_BULK_PRODUCT_IDS} products at once`);

/** Text of a bulk edit: trimmed; blank clears the field. */
const bulkText = z
  .string()
  .trim()
  .max(500)
  .nullable()
  .transform((v) => (v === null || v === '' ? null : v));
/** A price: a number or decimal text, at most 2 decimal places, not negative; null clears it. */
const bulkMoney = z.union([z.number(), z.string().trim().max(30)]).nullable();

const bulkTags = z
  .array(z.string().max(100).refine((t) => !t.includes(','), 'a tag may not contain a comma (files separate tags with commas)'))
  .max(100);

/** The fields both the bulk edit and the Add / Edit Product dialog change, each optional. */
const editableFields = {
  distributor: bulkText.optional(),
  manufacturer: bulkText.optional(),
  category: bulkText.optional(),
  location: bulkText.optional(),
  currentQuantity: enteredQuantitySchema.optional(),
  costPrice: bulkMoney.optional(),
  price: bulkMoney.optional(),
  tags: bulkTags.optional(),
};

/**
 * `PATCH /api/products/bulk-update` body (spec part 2 section 7): only the fields being changed.
 * Unknown fields (sku, name...) are refused. `tags` replace the product's tags, `addTags` are added
 * to them (trimmed, blanks and case-insensitive duplicates dropped in both).
 */
export const bulkUpdateBodySchema = z.object({
  productIds: productIdsSchema,
  updates: z
    .strictObject({
      ...editableFields,
      /** Tags added to each product's own tags (kept as they are; case-insensitive duplicates skipped). */
      addTags: bulkTags.optional(),
    })
    .refine((u) => Object.values(u).some((v) => v !== undefined), 'Please select at least one field to update.')
    .refine((u) => u.tags === undefined || u.addTags === undefined, 'Send tags (replace) or addTags (add), not both.'),
});
export type BulkUpdateBody = z.infer<typeof bulkUpdateBodySchema>;
export type BulkUpdates = BulkUpdateBody['updates'];

export const bulkUpdateResponseSchema = z.object({ updated: z.number().int() });
export type BulkUpdateResponse = z.infer<typeof bulkUpdateResponseSchema>;

/**
 * `POST /api/products` body: one product, as the Add Product dialog sends it (SKU required and
 * unique in the organisation, case-insensitively; blank text is no value; prices at most 2
 * decimal places; tags trimmed, duplicates dropped). `PATCH /api/products/{id}` takes any part
 * of it (the Edit Product dialog): only the fields sent change.
 */
export const productInputSchema = z.strictObject({
  sku: z.string().trim().min(1, 'SKU is required').max(200),
  name: bulkText.optional(),
  upc: bulkText.optional(),
  otherIdentifier: bulkText.optional(),
  description: bulkText.optional(),
  /** Replaces the product's alternate identifiers when sent. */
  alternateIdentifiers: productIdentifiersSchema.optional(),
  ...editableFields,
});
export type ProductInput = z.infer<typeof productInputSchema>;
/** The body as a client sends it (before the server trims and converts). */
export type ProductInputBody = z.input<typeof productInputSchema>;

export const productPatchSchema = productInputSchema
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), 'Send at least one field to change.');
export type ProductPatch = z.infer<typeof productPatchSchema>;

/** `POST /api/products/bulk-delete` body: one statement for the whole selection. */
export const bulkDeleteBodySchema = z.object({ productIds: productIdsSchema });
export type BulkDeleteBody = z.infer<typeof bulkDeleteBodySchema>;

export const bulkDeleteResponseSchema = z.object({ deleted: z.number().int() });
export type BulkDeleteResponse = z.infer<typeof bulkDeleteResponseSchema>;

/** Quantity upload mapping: file header -> 'sku' | 'quantity' ('' or 'skip' = not used). */
export const QUANTITY_UPLOAD_FIELDS = ['sku', 'quantity'] as const;
export const quantityMappingSchema = z.record(z.string(), z.string());

/**
 * `POST /api/products/upload-quantities` answer (spec part 2 section 3 "Quantity upload
 * response"): products updated, data rows read, and unknown SKUs (always empty on success: a
 * file with unknown SKUs is refused, see upload-quantities.ts).
 */
/** A row of a quantity file left out of a partial update, as the file had it, with the reason. */
export const rejectedQuantityRowSchema = z.object({
  line: z.number().int(),
  sku: z.string(),
  quantity: z.string(),
  reason: z.string(),
});
export type RejectedQuantityRow = z.infer<typeof rejectedQuantityRowSchema>;

/**
 * `POST /api/products/upload-quantities` answer. All or nothing by default (spec part 2 section 5);
 * with the form field `applyValidRows=true` the matching rows are updated and the rest listed in
 * `rejected` (file order, at most 10,000; `rejectedCount` all of them), their SKUs in unknownSkus.
 */
export const quantityUploadResponseSchema = z.object({
  updated: z.number().int(),
  totalRows: z.number().int(),
  unknownSkus: z.array(z.string()),
  rejected: z.array(rejectedQuantityRowSchema).optional(),
  rejectedCount: z.number().int().optional(),
  /** Rows read but not applied, by reason: rows without identifier or quantity, rows of one item summed, repeated rows. */
  skipped: z.array(z.object({ reason: z.string(), count: z.number().int() })).optional(),
  /** Rows skipped for want of an identifier or a quantity, by line (the first 500). */
  skippedLines: z.array(z.object({ line: z.number().int(), reason: z.string() })).optional(),
  /** Rows of one SKU summed (lines named), damaged codes. */
  warnings: z.array(z.object({ line: z.number().int(), field: z.string().nullable(), message: z.string() })).optional(),
  warningCount: z.number().int().optional(),
});
export type QuantityUploadResponse = z.infer<typeof quantityUploadResponseSchema>;

/**
 * Whether a scan file's first row is a header (form field `hasHeader` of the preview and upload
 * calls): `auto` decides from the data (DESIGN.md section 6), `yes`/`no` is the user's choice.
 */
export const HEADER_CHOICES = ['auto', 'yes', 'no'] as const;
export const headerChoiceSchema = z.enum(HEADER_CHOICES);
export type HeaderChoice = z.infer<typeof headerChoiceSchema>;

/** A decision of the table's interpretation (src/domain/table-interpretation.ts), as the preview states it. */
export const tableDecisionSchema = z.object({ topic: z.enum(['header', 'columns', 'key', 'rows', 'stock', 'layout']), text: z.string() });
export const skippedLineSchema = z.object({ line: z.number().int(), reason: z.string() });
export const keyedBySchema = z.object({
  source: z.enum(['sku', 'barcode', 'system id', 'handle and options', 'name']),
  count: z.number().int(),
  firstLines: z.array(z.number().int()),
});

/** `POST /api/products/preview` answer (spec part 2 section 3 "File preview response"). */
export const filePreviewSchema = z.object({
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  headerRow: z.boolean(),
  format: z.enum(['csv', 'xlsx', 'xls']),
  /** True for a text file read as fixed-width columns (aligned by blanks), not by a delimiter. */
  fixedWidth: z.boolean().optional(),
  /** The header row's line in the file (0: the file has none, its columns are numbered). */
  headerLine: z.number().int().optional(),
  /** The file's first rows with their lines (first cells only): the rows the user may choose as the header (form field `headerLine`). */
  headerCandidates: z.array(z.object({ line: z.number().int(), cells: z.array(z.string()) })).optional(),
  /** Suggested mapping of header -> field for the flow that asked (import, quantities or scan). */
  suggestedMapping: z.record(z.string(), z.string()),
  /** Import flow: the proposal per column, with a confidence and the reason shown in the mapping step. */
  columnProposals: z
    .array(z.object({ header: z.string(), field: z.string().nullable(), confidence: z.enum(['high', 'medium', 'low']).nullable(), reason: z.string() }))
    .optional(),
  /** Import flow: the known export layout recognised (e.g. 'Shopify product export'), or null. */
  layout: z.string().nullable().optional(),
  /** Import flow: per-location quantity columns of a multi-location export (empty otherwise). */
  locations: z.array(z.object({ header: z.string(), location: z.string() })).optional(),
  /**
   * Import flow: the stores or locations a count can be for (per-location columns, or the values of
   * a store column), the one proposed (`chosen`: a name or 'all'); empty for a single-location file.
   */
  locationChoice: z.object({ options: z.array(z.string()), chosen: z.string().nullable() }).optional(),
  /**
   * Import flow: what further rows of one item do to its stock ('sum', or keep the 'first' row's:
   * form field `repeatedRows`); null for a barcode table, whose further rows are barcodes.
   */
  repeatedRows: z.enum(['sum', 'first']).nullable().optional(),
  /** Import flow: the decisions of the file's interpretation, in a shop owner's words. */
  decisions: z.array(tableDecisionSchema).optional(),
  /** Warnings about the file as a whole (e.g. lines decoded as Windows-1252). */
  warnings: z.array(z.string()).optional(),
  /**
   * Scan flow, for a user who may upload: the file is kept for the upload calls, which take this
   * token (form field `uploadToken`/`uploadToken_i`) instead of the file, until `uploadTokenExpiresAt`
   * (ISO 8601, 1 hour after the preview). The preview also takes it in place of the file.
   */
  uploadToken: z.string().optional(),
  uploadTokenExpiresAt: z.string().optional(),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;

export const importRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** Rows of a catalogue left out because they carry no product or repeat one, by reason. */
export const skippedRowsSchema = z.array(z.object({ reason: z.string(), count: z.number().int() }));

/**
 * What `POST /api/products/import` does with rows that have problems (form field `onProblems`):
 * `importNothing` (the default: the file is refused, IMPORT_INVALID) or `importValid` (the good
 * rows are imported in one transaction; the bad ones are listed and offered as CSV).
 */
/** Form field `headerLine` of the preview, import and quantity-upload calls: the header row's line in the file. */
export const headerLineSchema = z.coerce.number().int().min(1).max(1000);

/** Form field `repeatedRows` of the preview and import calls: further rows of one item add their stock ('sum') or not ('first'). */
export const repeatedRowsSchema = z.enum(['sum', 'first']);

/** Form field `location` of the preview and import calls: a location's or store's name, or `all` (summed). */
export const locationChoiceSchema = z.string().trim().min(1).max(200);

export const IMPORT_ON_PROBLEMS = ['importNothing', 'importValid'] as const;
export const importOnProblemsSchema = z.enum(IMPORT_ON_PROBLEMS);
export type ImportOnProblems = z.infer<typeof importOnProblemsSchema>;

/**
 * `POST /api/products/import` answer (spec part 2 section 3 "Import response"), plus: rows
 * skipped (no product, repeated rows), rows rejected when `onProblems` was `importValid` (listed
 * in `errors`, all of them in `rejectedCsv`), and warnings (damaged barcodes left out).
 */
export const importResponseSchema = z.object({
  totalRows: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importRowErrorSchema),
  skipped: skippedRowsSchema.optional(),
  rejected: z.number().int().optional(),
  rejectedCsv: z.string().optional(),
  warnings: z.array(importRowErrorSchema).optional(),
  warningCount: z.number().int().optional(),
  /** Rows skipped for want of any identifier (image, parent, title, group, total rows), by line, and as CSV. */
  skippedLines: z.array(skippedLineSchema).optional(),
  skippedCsv: z.string().optional(),
  /** Rows whose key is not a SKU (a barcode, the system's id, Handle + options), by source. */
  keyedBy: z.array(keyedBySchema).optional(),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
