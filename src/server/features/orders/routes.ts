import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderCreateSchema, OrderSchema, OrderSummarySchema, PayOrderSchema } from '../../../shared/orders.js';
import { IdParamsSchema } from '../../../shared/products.js';
import { requireAdmin, requireUser } from '../../plugins/auth.js';
import { PayPalClient } from '../payments/paypal-client.js';
import { deliverOrder, listAllOrders, listMyOrders, payOrder, placeOrder, requireOrderFor } from './service.js';

/** The order calls of SPEC.md §7. Every route needs a session; lists and delivery need an admin. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const paypal = new PayPalClient(app.config.paypal);

  app.post(
    '/api/orders',
    { schema: { body: OrderCreateSchema, response: { 201: OrderSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      const order = await placeOrder(app.db, user, request.body);
      // Stock changed: this instance must not serve the old counts from its cache.
      app.catalogCache.invalidate();
      return reply.status(201).send(order);
    },
  );

  app.get('/api/orders/mine', { schema: { response: { 200: z.array(OrderSummarySchema) } } }, async (request) =>
    listMyOrders(app.db, await requireUser(request)),
  );

  app.get('/api/orders', { schema: { response: { 200: z.array(OrderSummarySchema) } } }, async (request) => {
    await requireAdmin(request);
    return listAllOrders(app.db);
  });

  app.get('/api/orders/:id', { schema: { params: IdParamsSchema, response: { 200: OrderSchema } } }, async (request) =>
    requireOrderFor(app.db, await requireUser(request), request.params.id),
  );

  app.put(
    '/api/orders/:id/pay',
    { schema: { params: IdParamsSchema, body: PayOrderSchema, response: { 200: OrderSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return payOrder(app.db, user, request.params.id, request.body, { paypal, testMode: app.config.paymentsTestMode });
    },
  );

  app.put('/api/orders/:id/deliver', { schema: { params: IdParamsSchema, response: { 200: OrderSchema } } }, async (request) => {
    await requireAdmin(request);
    return deliverOrder(app.db, request.params.id);
  });
};
