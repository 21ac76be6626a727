/**
 * Audit task routes (spec part 1 section 7; spec part 2 section 7 "Tasks"; DESIGN.md section 9).
 * Thin: parse, call one use case, answer. Reads need a signed-in user (any role); writes a writer
 * (a viewer gets 403). A task of another organisation answers 404 like a missing one.
 *
 *   POST   /api/audit-tasks               create (201)           owner, admin, member
 *   GET    /api/audit-tasks               the caller's tasks     every role
 *   GET    /api/all-audit-tasks           the organisation's     every role
 *   GET    /api/audit-tasks/:id           one task               every role
 *   POST   /api/audit-tasks/:id/start     pending -> in_progress assignee, owner, admin
 *   POST   /api/audit-tasks/:id/complete  in_progress -> complete assignee, owner, admin
 *   DELETE /api/audit-tasks/:id           delete (204)           owner, admin, member (own)
 *   POST   /api/audit-tasks/bulk-delete   delete many            owner, admin, member (own)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bulkDeleteTasksBodySchema, createAuditTaskBodySchema } from '../../../contracts/tasks.js';
import { requireUser, requireWriter } from '../../auth/guard.js';
import { notFound } from '../../errors.js';
import type { AppDeps } from '../../app.js';
import { mailLinkOrigin } from '../../mail/mailer.js';
import { changeTaskStatus } from './change-task-status.js';
import { createAuditTask } from './create-audit-task.js';
import { deleteAuditTasks } from './delete-audit-tasks.js';
import { listTasks, readTask } from './repo.js';

const idParams = z.object({ id: z.string() });

export async function taskRoutes(app: FastifyInstance, { db, config }: AppDeps): Promise<void> {
  /** Where the task e-mail's link points: PUBLIC_URL; without e-mail it is only logged (page's origin). */
  const appUrl = (req: FastifyRequest) => mailLinkOrigin(config.publicUrl, app.mailer, `${req.protocol}://${req.host}`);

  app.post('/api/audit-tasks', async (req, reply) => {
    const user = requireWriter(req);
    const body = createAuditTaskBodySchema.parse(req.body ?? {});
    return reply.status(201).send(await createAuditTask({ db, mailer: app.mailer, user, body, appUrl: appUrl(req) }));
  });

  app.get('/api/audit-tasks', async (req) => {
    const user = requireUser(req);
    return listTasks(db, user.organizationId, { assignedTo: user.id });
  });

  app.get('/api/all-audit-tasks', async (req) => listTasks(db, requireUser(req).organizationId));

  app.get('/api/audit-tasks/:id', async (req) => {
    const user = requireUser(req);
    const task = await readTask(db, user.organizationId, idParams.parse(req.params).id);
    if (!task) throw notFound('Task');
    return task;
  });

  for (const verb of ['start', 'complete'] as const) {
    app.post(`/api/audit-tasks/:id/${verb}`, async (req) => {
      const user = requireWriter(req);
      return changeTaskStatus({ db, user, id: idParams.parse(req.params).id, verb });
    });
  }

  app.delete('/api/audit-tasks/:id', async (req, reply) => {
    const user = requireWriter(req);
    await deleteAuditTasks({ db, user, ids: [idParams.parse(req.params).id] });
    return reply.status(204).send();
  });

  app.post('/api/audit-tasks/bulk-delete', async (req) => {
    const user = requireWriter(req);
    const { ids } = bulkDeleteTasksBodySchema.parse(req.body ?? {});
    return { deleted: await deleteAuditTasks({ db, user, ids }) };
  });
}
