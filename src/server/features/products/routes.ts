/**
 * Products routes (spec part 2 section 7 "Products"). Thin: parse, call one service, answer.
 * Reads need a signed-in user, changes a writer (a viewer gets 403); the organisation always
 * comes from the session.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  bulkDeleteBodySchema,
  bulkUpdateBodySchema,
  columnMappingSchema,
  headerChoiceSchema,
  headerLineSchema,
  importOnProblemsSchema,
  locationChoiceSchema,
  productInputSchema,
  productListQuerySchema,
  quantityMappingSchema,
  repeatedRowsSchema,
} from '../../../contracts/products.js';
import { requireUser, requireWriter, type CatalogueVersionRouteConfig } from '../../auth/guard.js';
import { receiveMultipart, type ReceivedForm } from '../../http/multipart.js';
import { MAX_JSON_DEPTH, nestedDeeperThan, tooDeepError } from '../../http/json-body.js';
import { AppError } from '../../errors.js';
import type { AppDeps } from '../../app.js';
import { bulkUpdateProducts } from './bulk-update-products.js';
import { deleteProduct, deleteProducts } from './delete-products.js';
import { importProducts } from './import-products.js';
import { listProductsAnswer, prepareCatalogueSnapshot } from './list-products.js';
import { previewAndKeep, type PreviewFlow } from './preview-upload.js';
import { openFormUploadTokens, removeUploadToken, type TokenFile } from '../audits/upload-tokens.js';
import { PRODUCTS_TEMPLATE_CSV, QUANTITY_TEMPLATE_CSV } from './templates.js';
import { uploadQuantities } from './upload-quantities.js';
import { createProduct, updateProduct } from './save-product.js';

/** The one uploaded file of a form (field `file`), or 400 NO_FILE. */
export function singleFile(form: ReceivedForm) {
  const file = form.files.find((f) => f.field === 'file') ?? form.files[0];
  if (!file) throw new AppError('NO_FILE', 'Choose a file to upload.');
  return file;
}

/**
 * The file of a form: the one sent (field `file`), else the one an upload token names (field
 * `uploadToken`: a file the preview kept, docs/decisions/0161), else 400 NO_FILE.
 */
function fileOrToken(form: ReceivedForm, tokens: { byPosition: Map<number, TokenFile> }) {
  return form.files.length === 0 ? (tokens.byPosition.get(0) ?? singleFile(form)) : singleFile(form);
}

/**
 * Receives a multipart form whose file is sent or named by the user's upload token, and runs
 * `use` with the form and the file; a kept file is deleted with its token once `use` succeeds
 * (an imported file has served), and the request's files are removed whatever happens.
 * @throws AppError as openFormUploadTokens and fileOrToken, and whatever `use` throws.
 */
async function useSentOrKeptFile<T>(
  db: AppDeps['db'],
  req: FastifyRequest,
  user: { id: string; organizationId: string },
  use: (form: ReceivedForm, file: { path: string; fileName: string }) => Promise<T>,
): Promise<T> {
  const form = await receiveMultipart(req);
  const tokens = await openFormUploadTokens(db, user.organizationId, form, user.id);
  try {
    const file = fileOrToken(form, tokens);
    const result = await use(form, file);
    if ('uploadToken' in file) await removeUploadToken(db, user.organizationId, file.uploadToken);
    return result;
  } finally {
    await tokens.cleanup();
  }
}

/** Parses a JSON form field with a zod schema; 400 naming the field when it is not valid or nested too deep (BODY_TOO_DEEP). */
export function jsonField<T>(form: ReceivedForm, name: string, schema: z.ZodType<T>): T {
  const raw = form.fields[name];
  if (raw === undefined || raw === '') throw new AppError('MISSING_FIELD', `${name} is required.`);
  if (nestedDeeperThan(raw, MAX_JSON_DEPTH)) throw tooDeepError(name);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('INVALID_JSON', `${name} is not valid JSON.`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new AppError('INVALID_FIELD', `${name}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** A plain (not JSON) optional form field checked with a zod schema; 400 naming the field. */
export function optionalField<T>(form: ReceivedForm, name: string, schema: z.ZodType<T>): T | undefined {
  const raw = form.fields[name];
  if (raw === undefined || raw === '') return undefined;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new AppError('INVALID_FIELD', `${name}: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** Bulk calls carry up to MAX_BULK_PRODUCT_IDS ids (~39 bytes each as JSON). */
const BULK_BODY_LIMIT = 5 * 1024 * 1024;
const idParams = z.object({ id: z.string() });

export async function productRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  // The session hook reads the catalogue version with the session (one statement, decision 0154);
  // the answer is sent as the JSON bytes kept for this query text at that version.
  const catalogueVersion: CatalogueVersionRouteConfig = { catalogueVersion: true };
  app.get('/api/products', { config: catalogueVersion }, async (req, reply) => {
    const user = requireUser(req);
    const answer = await listProductsAnswer(db, {
      organizationId: user.organizationId,
      catalogueVersion: req.catalogueVersion ?? undefined,
      queryText: queryTextOf(req.url),
      parse: () => productListQuerySchema.parse(req.query),
    });
    return reply.type('application/json; charset=utf-8').send(answer);
  });

  app.get('/api/products/template', async (req, reply) => {
    requireUser(req);
    return csvDownload(reply, 'products_template.csv', PRODUCTS_TEMPLATE_CSV);
  });

  app.get('/api/products/quantity-template', async (req, reply) => {
    requireUser(req);
    return csvDownload(reply, 'quantity_update_template.csv', QUANTITY_TEMPLATE_CSV);
  });

  app.post('/api/products/preview', async (req) => {
    const user = requireUser(req);
    const form = await receiveMultipart(req);
    const tokens = await openFormUploadTokens(db, user.organizationId, form, user.id);
    try {
      const file = fileOrToken(form, tokens);
      const flow = z.enum(['import', 'quantities', 'scan']).catch('import').parse(form.fields.flow) as PreviewFlow;
      const hasHeader = optionalField(form, 'hasHeader', headerChoiceSchema);
      const headerLine = optionalField(form, 'headerLine', headerLineSchema);
      const location = optionalField(form, 'location', locationChoiceSchema);
      const mapping = form.fields.columnMapping ? jsonField(form, 'columnMapping', columnMappingSchema) : undefined;
      const repeatedRows = optionalField(form, 'repeatedRows', repeatedRowsSchema);
      const choices = { hasHeader, headerLine, location, mapping, repeatedRows };
      return await previewAndKeep({ db, organizationId: user.organizationId, userId: user.id, file, flow, choices });
    } finally {
      await tokens.cleanup();
    }
  });

  app.post('/api/products/import', async (req) => {
    const user = requireWriter(req);
    const imported = await useSentOrKeptFile(db, req, user, (form, file) =>
      importProducts(db, {
        organizationId: user.organizationId,
        filePath: file.path,
        fileName: file.fileName,
        mapping: jsonField(form, 'columnMapping', columnMappingSchema),
        onProblems: optionalField(form, 'onProblems', importOnProblemsSchema),
        location: optionalField(form, 'location', locationChoiceSchema),
        headerLine: optionalField(form, 'headerLine', headerLineSchema),
        repeatedRows: optionalField(form, 'repeatedRows', repeatedRowsSchema),
      }),
    );
    // The list's catalogue snapshot of the new version, built now rather than at the first list.
    prepareCatalogueSnapshot(db, user.organizationId);
    return imported;
  });

  app.post('/api/products/upload-quantities', async (req) => {
    const user = requireWriter(req);
    return useSentOrKeptFile(db, req, user, (form, file) =>
      uploadQuantities(db, {
        organizationId: user.organizationId,
        filePath: file.path,
        fileName: file.fileName,
        mapping: jsonField(form, 'columnMapping', quantityMappingSchema),
        applyValidRows: form.fields.applyValidRows === 'true',
        headerLine: optionalField(form, 'headerLine', headerLineSchema),
        location: optionalField(form, 'location', locationChoiceSchema),
        repeatedRows: optionalField(form, 'repeatedRows', repeatedRowsSchema),
      }),
    );
  });

  app.patch('/api/products/bulk-update', { bodyLimit: BULK_BODY_LIMIT }, async (req) => {
    const user = requireWriter(req);
    const body = bulkUpdateBodySchema.parse(req.body ?? {});
    return bulkUpdateProducts(db, { organizationId: user.organizationId, ...body });
  });

  app.post('/api/products/bulk-delete', { bodyLimit: BULK_BODY_LIMIT }, async (req) => {
    const user = requireWriter(req);
    const body = bulkDeleteBodySchema.parse(req.body ?? {});
    return deleteProducts(db, { organizationId: user.organizationId, productIds: body.productIds });
  });

  app.post('/api/products', async (req, reply) => {
    const user = requireWriter(req);
    const input = productInputSchema.parse(req.body ?? {});
    return reply.status(201).send(await createProduct(db, { organizationId: user.organizationId, input }));
  });

  app.patch('/api/products/:id', async (req) => {
    const user = requireWriter(req);
    const { id } = idParams.parse(req.params);
    return updateProduct(db, { organizationId: user.organizationId, id, body: req.body ?? {} });
  });

  app.delete('/api/products/:id', async (req, reply) => {
    const user = requireWriter(req);
    const { id } = idParams.parse(req.params);
    await deleteProduct(db, { organizationId: user.organizationId, id });
    return reply.status(204).send();
  });
}

/** The query string of a request target as sent (after the first '?'; '' for none). */
function queryTextOf(url: string): string {
  const at = url.indexOf('?');
  return at < 0 ? '' : url.slice(at + 1);
}

function csvDownload(reply: FastifyReply, fileName: string, body: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .send(body);
}
