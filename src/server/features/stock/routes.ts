/**
 * Approve and apply routes (DESIGN.md section 13; contracts/stock.ts). Thin: parse, call one use
 * case, answer. Applying and reversing are the owner's and admins' (route-roles.ts `applyCounts`);
 * the state, a product's history and the books exports are readable by every role. Another organisation's audit or
 * product answers 404 before the body is read.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { applyAuditBodySchema, booksExportQuerySchema, reverseApplicationBodySchema } from '../../../contracts/stock.js';
import { requireUser } from '../../auth/guard.js';
import { notFound } from '../../errors.js';
import type { AppDeps } from '../../app.js';
import { findAudit } from '../audits/repo.js';
import { applyAudit, readApplicationState, reverseApplication } from './apply-audit.js';
import { readBooksOptions, writeBooksFile } from './export-books.js';
import { readProductHistory } from './product-history.js';

const idParams = z.object({ id: z.string() });

export async function stockRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  async function auditOf(organizationId: string, params: unknown) {
    const audit = await findAudit(db, organizationId, idParams.parse(params).id);
    if (!audit) throw notFound('Audit');
    return audit;
  }

  app.get('/api/audits/:id/application', async (req) => {
    const user = requireUser(req);
    return readApplicationState(db, await auditOf(user.organizationId, req.params));
  });

  app.post('/api/audits/:id/apply', async (req) => {
    const user = requireUser(req);
    const audit = await auditOf(user.organizationId, req.params);
    return applyAudit({ db, user, audit, body: applyAuditBodySchema.parse(req.body ?? {}) });
  });

  app.post('/api/audits/:id/apply/reverse', async (req) => {
    const user = requireUser(req);
    const audit = await auditOf(user.organizationId, req.params);
    return reverseApplication({ db, user, audit, body: reverseApplicationBodySchema.parse(req.body ?? {}) });
  });

  app.get('/api/audits/:id/export-books/options', async (req) => {
    const user = requireUser(req);
    return readBooksOptions(db, await auditOf(user.organizationId, req.params));
  });

  app.get('/api/audits/:id/export-books', async (req, reply) => {
    const user = requireUser(req);
    const audit = await auditOf(user.organizationId, req.params);
    const { fileName, text } = await writeBooksFile(db, audit, booksExportQuerySchema.parse(req.query));
    const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(text);
  });

  app.get('/api/products/:id/history', async (req) => {
    const user = requireUser(req);
    return readProductHistory(db, user.organizationId, idParams.parse(req.params).id);
  });
}
