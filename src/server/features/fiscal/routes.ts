import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminFiscalReceiptSchema, FiscalStatusSchema } from '../../../shared/fiscal.js';
import { IdParamsSchema } from '../../../shared/products.js';
import { AppError } from '../../errors.js';
import { adminOnly } from '../../plugins/auth.js';
import { findOrder } from '../orders/index.js';
import { findReceiptsOfOrder, retryFailed } from './repository.js';
import { adminReceiptJson } from './service.js';

/** The admin's view of fiscal receipts (docs/fiscal.md): whether Checkbox is set up, and an order's receipts. */
export const fiscalRoutes: FastifyPluginAsyncZod = async (app) => {
  const receiptsOf = async (orderId: string) => {
    if (!(await findOrder(app.db, orderId))) throw new AppError('ORDER_NOT_FOUND');
    return (await findReceiptsOfOrder(app.db, orderId)).map(adminReceiptJson);
  };

  app.get('/api/fiscal/status', { onRequest: adminOnly, schema: { response: { 200: FiscalStatusSchema } } }, async () => {
    const checkbox = app.config.checkbox;
    return { configured: checkbox !== null, apiUrl: checkbox?.apiUrl ?? null, shiftCloseHour: checkbox?.shiftCloseHour ?? null };
  });

  const orderReceipts = { onRequest: adminOnly, schema: { params: IdParamsSchema, response: { 200: z.array(AdminFiscalReceiptSchema) } } };
  app.get('/api/orders/:id/receipts', orderReceipts, async (request) => receiptsOf(request.params.id));

  // A failed receipt (Checkbox refused it) goes again under the same id once the cause is fixed.
  app.post('/api/orders/:id/receipts/retry', orderReceipts, async (request) => {
    const orderId = request.params.id;
    if (!(await findOrder(app.db, orderId))) throw new AppError('ORDER_NOT_FOUND');
    if ((await retryFailed(app.db, orderId, new Date())) === 0) {
      throw new AppError('NO_FAILED_RECEIPTS');
    }
    return receiptsOf(orderId);
  });
};
