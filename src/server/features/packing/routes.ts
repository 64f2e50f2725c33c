import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PackingSlipQuerySchema, PackingSlipsSchema } from '../../../shared/packing.js';
import { adminOnly } from '../../plugins/auth.js';
import { packingSlips, waybillLabels } from './service.js';

/** GET /api/admin/packing-slips and /api/admin/waybill-labels (docs/api.md): admins only. */
export const packingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/packing-slips',
    { onRequest: adminOnly, schema: { querystring: PackingSlipQuerySchema, response: { 200: PackingSlipsSchema } } },
    (request) => packingSlips(app.db, request.query.ids, app.config.siteUrl),
  );

  app.get('/api/admin/waybill-labels', { onRequest: adminOnly, schema: { querystring: PackingSlipQuerySchema } }, async (request, reply) => {
    const pdf = await waybillLabels(app.db, request.query.ids, app.config.novaPoshta);
    return reply
      .type('application/pdf')
      .header('content-disposition', 'inline; filename="nova-poshta-labels.pdf"')
      .header('cache-control', 'no-store')
      .send(pdf);
  });
};
