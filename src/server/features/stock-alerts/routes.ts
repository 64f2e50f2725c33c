import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, MessageSchema } from '../../../shared/products.js';
import { StockAlertCreateSchema, StockAlertUnsubscribeSchema } from '../../../shared/stock-alerts.js';
import { subscribe, unsubscribe } from './service.js';

/** "Повідомити, коли з'явиться" (docs/api.md, "Stock alerts"): open to guests, so limited per address. */
export const stockAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/products/:id/stock-alerts',
    {
      schema: { params: IdParamsSchema, body: StockAlertCreateSchema, response: { 201: MessageSchema } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await subscribe(app.db, request.params.id, request.body);
      return reply.status(201).send({ message: 'Ми напишемо, щойно товар з’явиться' });
    },
  );

  app.post(
    '/api/stock-alerts/unsubscribe',
    {
      schema: { body: StockAlertUnsubscribeSchema, response: { 200: MessageSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      await unsubscribe(app.db, app.config.jwtSecret, request.body.email, request.body.signature);
      return { message: 'Ви більше не отримуватимете листів про надходження' };
    },
  );
};
