/**
 * Audit routes (spec part 1 section 7). Thin: parse, call one service function, answer.
 * Every route requires a signed-in user; mutating routes a writer; an audit of another
 * organisation answers 404 like a missing one.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { createAuditBodySchema } from '../../../contracts/audits.js';
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
import { processAudit, scanFileUploads } from './process-audit.js';
import { readPagedResults, reportInput } from './results.js';
import { deleteAudit, findAudit, insertAudit, listAudits, readAudit } from './repo.js';

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

export async function auditRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.get('/api/audits', async (req) => listAudits(db, requireUser(req).organizationId));

  app.post('/api/audits', async (req, reply) => {
    const user = requireWriter(req);
    const body = createAuditBodySchema.parse(req.body ?? {});
    const row = await insertAudit(db, {
      organizationId: user.organizationId,
      userId: user.id,
      name: body.name,
      section: body.section || null,
      description: body.description || null,
      auditType: body.auditType,
      mode: body.mode,
      status: 'draft',
    });
    return reply.status(201).send(await readAudit(db, row));
  });

  app.get('/api/audits/:id', async (req) => {
    const user = requireUser(req);
    return readAudit(db, await auditOf(db, user, req.params));
  });

  app.delete('/api/audits/:id', async (req, reply) => {
    const user = requireWriter(req);
    const { id } = idParams.parse(req.params);
    if (!(await deleteAudit(db, user.organizationId, id))) throw notFound('Audit');
    return reply.status(204).send();
  });

  app.post('/api/audits/:id/upload-multiple', async (req) => {
    const user = requireWriter(req);
    const audit = await auditOf(db, user, req.params);
    const form = await receiveMultipart(req);
    try {
      const uploads = scanFileUploads(form.files, form.fields);
      const mode = form.fields.mode ? auditModeSchema.parse(form.fields.mode) : undefined;
      const filterExpression = form.fields.filterExpression ? jsonField(form, 'filterExpression', filterExpressionSchema) : undefined;
      if (audit.auditType === 'product-audit' && !filterExpression && !audit.filterExpression) {
        throw new AppError('MISSING_FILTER', 'A product audit needs a filter expression.');
      }
      const section = form.fields.section !== undefined ? form.fields.section.trim() || null : undefined;
      return await processAudit(db, audit, uploads, { mode, filterExpression, section });
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
