/**
 * Audit routes (spec part 1 section 7; `/process` is ours, docs/decisions/0009). Thin: parse,
 * call one use case, answer. Every route requires a signed-in user; mutating routes a writer
 * (a viewer gets 403); an audit of another organisation answers 404 like a missing one. Creating
 * an audit past the plan's monthly limit answers 402 AUDIT_LIMIT_REACHED. The upload calls take
 * a scan file's bytes or the `uploadToken` its preview answered (upload-tokens.ts, decision 0047).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  auditListQuerySchema,
  createAuditBodySchema,
  createAuditStubBodySchema,
  createProductAuditBodySchema,
  processStoredBodySchema,
  recountAuditBodySchema,
  updateAuditBodySchema,
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
import { discardDraft } from './discard-draft.js';
import { PROCESSABLE, scanFileUploads, waitForProcessing } from './process-audit.js';
import { forgetCatalogueSnapshot, prefetchCatalogueSnapshot } from './catalogue-prefetch.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { processStoredFiles } from './process-stored-files.js';
import { processUploadedFiles } from './process-uploaded-files.js';
import { readPagedResults, reportInput } from './results.js';
import { readMisplacedStock } from './read-misplaced-stock.js';
import { findAudit, listAuditPage, listAudits, readAudit, type AuditRow } from './repo.js';
import { changeAudit, recountAudit } from './update-audit.js';
import { createAuditTask, taskAssignee } from '../tasks/create-audit-task.js';
import { createAuditTaskBodySchema } from '../../../contracts/tasks.js';
import { mailLinkOrigin } from '../../mail/mailer.js';
import { uploadScanFile } from './upload-scan-file.js';
import { openFormUploadTokens } from './upload-tokens.js';

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

/**
 * `?wait=false` on the processing calls: answer 202 with the audit (status processing) at once
 * and let the caller follow `GET /api/audits/{id}`; without it the request answers when the job
 * ends, as the spec's contract has it (docs/decisions/0056).
 */
const processQuerySchema = z.object({ wait: z.enum(['true', 'false']).optional() });

export async function auditRoutes(app: FastifyInstance, { db, jobs, config }: AppDeps & { jobs: JobQueue }): Promise<void> {
  /** Answers a started run: at once (202, the audit) or when it ends (200, the result). */
  async function answerRun(req: FastifyRequest, reply: FastifyReply, started: AuditRow) {
    if (processQuerySchema.parse(req.query ?? {}).wait === 'false') return reply.status(202).send(await readAudit(db, started));
    return waitForProcessing(db, started.organizationId, started.id);
  }

  // With `page`, one page of the list (the Audits screen); without, every audit (spec contract).
  app.get('/api/audits', async (req) => {
    const { organizationId } = requireUser(req);
    const query = req.query as Record<string, unknown>;
    if (query.page === undefined) return listAudits(db, organizationId);
    return listAuditPage(db, organizationId, auditListQuerySchema.parse(query));
  });

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

  app.patch('/api/audits/:id', async (req) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    return changeAudit({ db, user, audit, body: updateAuditBodySchema.parse(req.body ?? {}) });
  });

  app.post('/api/audits/:id/recount', async (req, reply) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    const body = recountAuditBodySchema.parse(req.body ?? {});
    // An assignee is checked before the recount exists, so a refused one leaves no audit behind.
    if (body.assignedTo !== undefined) await taskAssignee(db, user.organizationId, body.assignedTo, 'assignedTo');
    const recount = await recountAudit({ db, user, audit, body });
    if (body.assignedTo !== undefined) {
      const appUrl = mailLinkOrigin(config.publicUrl, app.mailer, `${req.protocol}://${req.host}`);
      const taskBody = createAuditTaskBodySchema.parse({ auditId: recount.id, assignedTo: body.assignedTo, title: recount.name });
      await createAuditTask({ db, mailer: app.mailer, user, body: taskBody, appUrl });
    }
    return reply.status(201).send(recount);
  });

  app.delete('/api/audits/:id', async (req, reply) => {
    const user = requireWriter(req);
    const { id } = idParams.parse(req.params);
    await deleteAudit({ db, organizationId: user.organizationId, id });
    return reply.status(204).send();
  });

  app.delete('/api/audits/:id/draft', async (req, reply) => {
    const user = requireWriter(req);
    await discardDraft({ db, user, audit: await auditOf(db, user, req.params) });
    return reply.status(204).send();
  });

  app.post('/api/audits/:id/upload', async (req, reply) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    const form = await receiveMultipart(req);
    const tokens = await openFormUploadTokens(db, user.organizationId, form);
    try {
      const file = form.files.find((f) => f.field === 'scanFile') ?? form.files[0] ?? tokens.byPosition.get(0);
      if (!file) throw new AppError('NO_SCAN_FILES', 'Add a scan file (form field scanFile, or uploadToken from its preview).');
      const fields = uploadScanFileFieldsSchema.parse(form.fields);
      return reply.status(201).send(await uploadScanFile({ db, audit, file, fields }));
    } finally {
      await tokens.cleanup();
    }
  });

  app.post('/api/audits/:id/process', async (req, reply) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    const { mode } = processStoredBodySchema.parse(req.body ?? undefined);
    return answerRun(req, reply, await processStoredFiles({ db, jobs, audit, mode }));
  });

  app.post('/api/audits/:id/upload-multiple', async (req, reply) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    // The job's catalogue is read while the files arrive (docs/decisions/0151); a request that
    // fails starts no job, and drops it.
    if (PROCESSABLE.includes(audit.status)) prefetchCatalogueSnapshot(db, audit.organizationId, audit.id);
    try {
      const form = await receiveMultipart(req);
      const tokens = await openFormUploadTokens(db, user.organizationId, form);
      try {
        const uploads = scanFileUploads(form.files, form.fields, tokens.byPosition);
        const mode = form.fields.mode ? auditModeSchema.parse(form.fields.mode) : undefined;
        const filterExpression = form.fields.filterExpression ? jsonField(form, 'filterExpression', filterExpressionSchema) : undefined;
        const section = form.fields.section !== undefined ? form.fields.section.trim() || null : undefined;
        const started = await processUploadedFiles({ db, jobs, audit, uploads, mode, filterExpression, section });
        await tokens.cleanup();
        return await answerRun(req, reply, started);
      } finally {
        await tokens.cleanup();
      }
    } catch (err) {
      forgetCatalogueSnapshot(audit.id);
      throw err;
    }
  });

  app.get('/api/audits/:id/results-enhanced', async (req) => {
    const user = requireUser(req);
    const audit = await auditOf(db, user, req.params);
    return readPagedResults(db, audit, resultsQuerySchema.parse(req.query));
  });

  app.get('/api/audits/:id/misplaced-stock', async (req) => {
    const user = requireUser(req);
    return readMisplacedStock(db, await auditOf(db, user, req.params));
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
