import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BranchListSchema, BranchQuerySchema } from '../../../shared/orders.js';
import { BranchDirectory } from './service.js';

/**
 * GET /api/delivery/branches?city=: Nova Poshta branches through the server, so the API key never
 * reaches the browser (DESIGN.md §1).
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = new BranchDirectory(app.config.novaPoshta);
  if (directory.isDemo) {
    app.log.warn('NOVA_POSHTA_API_KEY is not set: delivery branches come from the offline demo directory (demo data, not real branches)');
  }

  app.get(
    '/api/delivery/branches',
    {
      schema: { querystring: BranchQuerySchema, response: { 200: BranchListSchema } },
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request) => directory.find(request.query.city),
  );
};
