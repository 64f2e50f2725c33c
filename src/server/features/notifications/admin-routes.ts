import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OutboxListQuerySchema, OutboxListSchema, OutboxMessageSchema, type OutboxMessage } from '../../../shared/outbox.js';
import { IdParamsSchema } from '../../../shared/products.js';
import type { OutboxMessageRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { adminOnly } from '../../plugins/auth.js';
import { findMessage, listMessages, reviveDead } from './outbox.js';

/** The admin's list is a work list, not an archive: the newest this many. */
const LIST_LIMIT = 100;

type Listed = Omit<OutboxMessageRow, 'textBody' | 'htmlBody' | 'holdsSecret'>;
const toJson = (row: Listed): OutboxMessage => ({
  id: row.id,
  channel: row.channel,
  recipient: row.recipient,
  subject: row.subject,
  orderId: row.orderId,
  attempts: row.attempts,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  nextAttemptAt: row.nextAttemptAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  deadAt: row.deadAt?.toISOString() ?? null,
});

/**
 * GET /api/admin/outbox?state=dead|pending|sent and POST /api/admin/outbox/:id/retry
 * (docs/notifications.md, "Dead notices"): the notices that gave up, and sending one again.
 */
export const outboxAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/outbox',
    { onRequest: adminOnly, schema: { querystring: OutboxListQuerySchema, response: { 200: OutboxListSchema } } },
    async (request) => ({
      messages: (await listMessages(app.db, request.query.state, LIST_LIMIT)).map(toJson),
    }),
  );

  app.post(
    '/api/admin/outbox/:id/retry',
    { onRequest: adminOnly, schema: { params: IdParamsSchema, response: { 200: OutboxMessageSchema } } },
    async (request) => {
      const revived = await reviveDead(app.db, request.params.id, new Date());
      if (revived) {
        request.log.info({ id: revived.id }, 'dead notice queued again by an admin');
        return toJson(revived);
      }
      if (await findMessage(app.db, request.params.id)) throw new AppError('OUTBOX_MESSAGE_NOT_DEAD');
      throw new AppError('OUTBOX_MESSAGE_NOT_FOUND');
    },
  );
};
