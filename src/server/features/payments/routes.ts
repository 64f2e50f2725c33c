import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PayPalConfigSchema } from '../../../shared/orders.js';

/** GET /api/config/paypal (SPEC.md §7): the public client id for PayPal's buttons, and test mode. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/config/paypal', { schema: { response: { 200: PayPalConfigSchema } } }, async () => ({
    clientId: app.config.paypal.clientId ?? null,
    testMode: app.config.paymentsTestMode,
  }));
};
