/**
 * Products master list calls (spec part 2 sections 3, 5, 7 "Products").
 * Money travels as decimal strings ("12.50"); quantities are integers.
 */
import { z } from 'zod';

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
  currentQuantity: z.number().int(),
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

/** Column mapping: file header -> field key ('' or absent = not imported). */
export const columnMappingSchema = z.record(z.string(), z.string());
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

/** `GET /api/products` query. */
export const productListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(10_000).default(50),
  search: z.string().trim().max(200).optional(),
  filters: z.string().optional(),
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

/** `POST /api/products/preview` answer (spec part 2 section 3 "File preview response"). */
export const filePreviewSchema = z.object({
  headers: z.array(z.string()),
  preview: z.array(z.array(z.string())),
  totalRows: z.number().int(),
  headerRow: z.boolean(),
  format: z.enum(['csv', 'xlsx', 'xls']),
  /** Suggested mapping of header -> field for the flow that asked (import, quantities or scan). */
  suggestedMapping: z.record(z.string(), z.string()),
});
export type FilePreview = z.infer<typeof filePreviewSchema>;

export const importRowErrorSchema = z.object({
  line: z.number().int(),
  field: z.string().nullable(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

/** `POST /api/products/import` answer (spec part 2 section 3 "Import response"). */
export const importResponseSchema = z.object({
  totalRows: z.number().int(),
  imported: z.number().int(),
  updated: z.number().int(),
  errors: z.array(importRowErrorSchema),
});
export type ImportResponse = z.infer<typeof importResponseSchema>;
