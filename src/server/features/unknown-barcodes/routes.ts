/**
 * Unknown barcodes routes (DESIGN.md section 13; contracts/unknown-barcodes.ts). Thin: parse,
 * call one use case, answer. The list is every role's; mapping a value and recomputing after a
 * product was made from it change the catalogue, so they are the owner's and admins'
 * (route-roles.ts `manageCatalogue`). Another organisation's product or value answers 404.
 */
import type { FastifyInstance } from 'fastify';
import { mapUnknownBarcodeBodySchema, recomputeUnknownBarcodeBodySchema, unknownBarcodeListQuerySchema } from '../../../contracts/unknown-barcodes.js';
import type { AppDeps } from '../../app.js';
import { requireUser } from '../../auth/guard.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { mapUnknownBarcode, recomputeUnknownBarcode } from './map-unknown-barcode.js';
import { listUnknownBarcodes } from './repo.js';

export async function unknownBarcodeRoutes(app: FastifyInstance, { db, jobs }: AppDeps & { jobs: JobQueue }): Promise<void> {
  app.get('/api/unknown-barcodes', async (req) => {
    const user = requireUser(req);
    return listUnknownBarcodes(db, user.organizationId, unknownBarcodeListQuerySchema.parse(req.query));
  });

  app.post('/api/unknown-barcodes/map', async (req) => {
    const user = requireUser(req);
    return mapUnknownBarcode(db, jobs, user.organizationId, mapUnknownBarcodeBodySchema.parse(req.body ?? {}));
  });

  app.post('/api/unknown-barcodes/recompute', async (req) => {
    const user = requireUser(req);
    return recomputeUnknownBarcode(db, jobs, user.organizationId, recomputeUnknownBarcodeBodySchema.parse(req.body ?? {}).value);
  });
}
