/**
 * Audit routes (spec part 1 section 7; `/process` is ours, docs/decisions/0009). Thin: parse,
 * call one use case, answer. Every route requires a signed-in user; mutating routes a writer
 * (a viewer gets 403); an audit of another organisation answers 404 like a missing one. Creating
 * an audit past the plan's monthly limit answers 402 AUDIT_LIMIT_REACHED.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  createAuditBodySchema,
  createAuditStubBodySchema,
  createProductAuditBodySchema,
  processStoredBodySchema,
  uploadScanFileFieldsSchema,
} from '../../../contracts/audits.js';
import { filterExpressionSchema } from '../../../contracts/filters.js';
import { auditModeSchema, resultsQuerySchema } from '../../../contracts/results.js';
import type { CurrentUser } from '../../../contracts/auth.js';
import { requireUser, requireWriter } from '../../auth/guard.js';
import { receiveMultipart } from '../../http/multipart.js';
import { AppError, notFound } from '../../errors.js';
import { reportFileName, writeCsvReport, writeXlsxReport } from '../../reports/index.js';
import type { Db } from '../../db/client.js';
import type { AppDeps } from '../../app.js';
import { jsonField } from '../products/routes.js';
import { createAudit } from './create-audit.js';
import { createAuditStub } from './create-audit-stub.js';
import { createProductAudit } from './create-product-audit.js';
import { deleteAudit } from './delete-audit.js';
import { scanFileUploads } from './process-audit.js';
import { processStoredFiles } from './process-stored-files.js';
import { processUploadedFiles } from './process-uploaded-files.js';
import { readPagedResults, reportInput } from './results.js';
import { findAudit, listAudits, readAudit } from './repo.js';
import { uploadScanFile } from './upload-scan-file.js';

const idParams = z.object({ id: z.string() });

async function auditOf(db: Db, user: CurrentUser, params: unknown) {
  const { id } = idParams.parse(params);
  const audit = await findAudit(db, user.organizationId, id);
  if (!audit) throw notFound('Audit');
  return audit;
}

function attachment(reply: FastifyReply, contentType: string, fileName: string) {
  reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${fileName}"`);
}

export async function auditRoutes(app: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  const { dataDir } = config;

  app.get('/api/audits', async (req) => listAudits(db, requireUser(req).organizationId));

  app.post('/api/audits', async (req, reply) => {
    const user = requireWriter(req);
    const body = createAuditBodySchema.parse(req.body ?? {});
    return reply.status(201).send(await createAudit({ db, user, body }));
  });

  app.post('/api/audits/product-audit', async (req, reply) => {
    const user = requireWriter(req);
    const body = createProductAuditBodySchema.parse(req.body ?? {});
    return reply.status(201).send(await createProductAudit({ db, user, body }));
  });

  app.post('/api/audits/stub', async (req, reply) => {
    const user = requireWriter(req);
    const body = createAuditStubBodySchema.parse(req.body ?? {});
    return reply.status(201).send(await createAuditStub({ db, user, body }));
  });

  app.get('/api/audits/:id', async (req) => {
    const user = requireUser(req);
    return readAudit(db, await auditOf(db, user, req.params));
  });

  app.delete('/api/audits/:id', async (req, reply) => {
    const user = requireWriter(req);
    const { id } = idParams.parse(req.params);
    await deleteAudit({ db, dataDir, organizationId: user.organizationId, id });
    return reply.status(204).send();
  });

  app.post('/api/audits/:id/upload', async (req, reply) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    const form = await receiveMultipart(req);
    try {
      const file = form.files.find((f) => f.field === 'scanFile') ?? form.files[0];
      if (!file) throw new AppError('NO_SCAN_FILES', 'Add a scan file (form field scanFile).');
      const fields = uploadScanFileFieldsSchema.parse(form.fields);
      return reply.status(201).send(await uploadScanFile({ db, dataDir, audit, file, fields }));
    } finally {
      await form.cleanup();
    }
  });

  app.post('/api/audits/:id/process', async (req) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    const { mode } = processStoredBodySchema.parse(req.body ?? undefined);
    return processStoredFiles({ db, dataDir, audit, mode });
  });

  app.post('/api/audits/:id/upload-multiple', async (req) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    const form = await receiveMultipart(req);
    try {
      const uploads = scanFileUploads(form.files, form.fields);
      const mode = form.fields.mode ? auditModeSchema.parse(form.fields.mode) : undefined;
      const filterExpression = form.fields.filterExpression ? jsonField(form, 'filterExpression', filterExpressionSchema) : undefined;
      const section = form.fields.section !== undefined ? form.fields.section.trim() || null : undefined;
      return await processUploadedFiles({ db, dataDir, audit, uploads, mode, filterExpression, section });
    } finally {
      await form.cleanup();
    }
  });

  app.get('/api/audits/:id/results-enhanced', async (req) => {
    const user = requireUser(req);
    const audit = await auditOf(db, user, req.params);
    return readPagedResults(db, audit, resultsQuerySchema.parse(req.query));
  });

  app.get('/api/audits/:id/export', async (req, reply) => {
    const user = requireUser(req);
    const audit = await auditOf(db, user, req.params);
    const input = await reportInput(db, audit, user.organizationName);
    attachment(reply, 'text/csv; charset=utf-8', reportFileName(input.audit, 'csv'));
    reply.hijack();
    reply.raw.writeHead(200, reply.getHeaders() as Record<string, string>);
    await writeCsvReport(input, reply.raw);
    reply.raw.end();
  });

  app.get('/api/audits/:id/export-xlsx', async (req, reply) => {
    const user = requireUser(req);
    const audit = await auditOf(db, user, req.params);
    const input = await reportInput(db, audit, user.organizationName);
    attachment(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', reportFileName(input.audit, 'xlsx'));
    reply.hijack();
    reply.raw.writeHead(200, reply.getHeaders() as Record<string, string>);
    await writeXlsxReport(input, reply.raw);
    reply.raw.end();
  });
}
