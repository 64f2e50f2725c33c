import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RefundRequestSchema } from '../../../shared/orders.js';
import { OrderWireSchema } from '../../../shared/wire/orders.js';
import { IdParamsSchema } from '../../../shared/products.js';
import { adminOnly, requireUser } from '../../plugins/auth.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { orderJson } from '../orders/index.js';
import { refundOrder } from './service.js';

/** PUT /api/orders/{id}/refund (admin): docs/orders.md, "Refunds". */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = { db: app.db, notices: noticeSettingsOf(app.config, app.log) };
  app.put(
    '/api/orders/:id/refund',
    { onRequest: adminOnly, schema: { params: IdParamsSchema, body: RefundRequestSchema, response: { 200: OrderWireSchema } } },
    async (request) => orderJson(await refundOrder(ctx, app.payments, await requireUser(request), request.params.id, request.body)),
  );
};
