/**
 * Count routes (DESIGN.md section 14; docs/decisions/0125). Thin: parse, call one use case,
 * answer. Counting is for the roles that run audits (a viewer gets 403); an audit or session of
 * another organisation answers 404 like a missing one.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { appendReadsBodySchema } from '../../../contracts/counts.js';
import { requireUser, requireWriter } from '../../auth/guard.js';
import type { AppDeps } from '../../app.js';
import { notFound } from '../../errors.js';
import type { ScanValueRouteConfig } from '../../http/request-guards.js';
import { findAudit } from '../audits/repo.js';
import { appendCountReads } from './append-count-reads.js';
import { countFileText } from './count-file.js';
import { countSheetCsv } from './count-sheet-csv.js';
import { openCountSession, toCountSession } from './open-count-session.js';
import { readCountCatalogue } from './read-count-catalogue.js';
import { findCountSession, listReads } from './repo.js';

const idParams = z.object({ id: z.string() });
const countSheetQuerySchema = z.object({
  expected: z.enum(['true', 'false']).optional(),
  location: z.string().max(500).optional(),
  format: z.enum(['pdf', 'csv']).optional(),
});

export async function countRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  async function auditOf(organizationId: string, params: unknown) {
    const audit = await findAudit(db, organizationId, idParams.parse(params).id);
    if (!audit) throw notFound('Audit');
    return audit;
  }

  async function sessionOf(organizationId: string, params: unknown) {
    const session = await findCountSession(db, organizationId, idParams.parse(params).id);
    if (!session) throw notFound('Count session');
    const audit = await findAudit(db, organizationId, session.auditId);
    if (!audit) throw notFound('Count session');
    return { session, audit };
  }

  app.post('/api/audits/:id/count-session', async (req, reply) => {
    const user = requireWriter(req);
    const { session, created } = await openCountSession({ db, user, audit: await auditOf(user.organizationId, req.params) });
    return reply.status(created ? 201 : 200).send(session);
  });

  app.get('/api/audits/:id/count-catalogue', async (req) => {
    const user = requireWriter(req);
    return readCountCatalogue({ db, user, audit: await auditOf(user.organizationId, req.params) });
  });

  // Count sheets (PDF, or with `format=csv` the CSV to type counts back into): `expected=true`
  // adds the expected column (never in a blind count); `location=` limits the sheet to one location.
  app.get('/api/audits/:id/count-sheet', async (req, reply) => {
    const user = requireWriter(req);
    const audit = await auditOf(user.organizationId, req.params);
    const query = countSheetQuerySchema.parse(req.query ?? {});
    const catalogue = await readCountCatalogue({ db, user, audit });
    const products = catalogue.products.filter((p) => p.inScope && (query.location === undefined || (p.location ?? '') === query.location));
    const withExpected = query.expected === 'true' && !catalogue.blind;
    const base = `${audit.name} - count sheet${query.location ? ` - ${query.location}` : ''}`.replace(/[^\w .()-]+/g, '_');
    if (query.format === 'csv') {
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${base}.csv"`)
        .send(countSheetCsv(products, { withExpected, catalogue: catalogue.products }));
    }
    // Barcodes are checked against every product of the organisation, not only the sheet's.
    // The PDF writer and its libraries are loaded when a sheet is first asked for, not at start.
    const { writeCountSheetPdf } = await import('./count-sheet-pdf.js');
    const pdf = await writeCountSheetPdf(products, { auditName: audit.name, withExpected, catalogue: catalogue.products });
    const name = `${base}.pdf`;
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(Buffer.from(pdf));
  });

  app.get('/api/count-sessions/:id', async (req) => {
    const user = requireUser(req);
    const { session, audit } = await sessionOf(user.organizationId, req.params);
    return { session: await toCountSession(db, session, audit, user), reads: toReads(await listReads(db, session.id)) };
  });

  // Scan values keep the group separator of GS1 strings (request-guards.ts).
  app.post('/api/count-sessions/:id/reads', { config: { scanValues: true } satisfies ScanValueRouteConfig }, async (req) => {
    const user = requireWriter(req);
    const { session } = await sessionOf(user.organizationId, req.params);
    const body = appendReadsBodySchema.parse(req.body ?? {});
    return appendCountReads({ db, user, sessionId: session.id, body });
  });

  app.get('/api/count-sessions/:id/file', async (req, reply) => {
    const user = requireUser(req);
    const { session, audit } = await sessionOf(user.organizationId, req.params);
    const name = `${audit.name} - ${session.teamName}.csv`.replace(/[^\w .()-]+/g, '_');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(countFileText(await listReads(db, session.id)));
  });
}

/** Stored reads in the contract's shape (reads and undos). */
function toReads(reads: Awaited<ReturnType<typeof listReads>>) {
  return reads.map((r) =>
    r.cancels !== null
      ? { id: r.id, kind: 'undo' as const, cancels: r.cancels, readAt: r.readAt }
      : { id: r.id, kind: 'read' as const, value: r.value!, quantity: r.quantity!, location: r.location, readAt: r.readAt },
  );
}
