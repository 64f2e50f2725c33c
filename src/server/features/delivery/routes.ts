import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BranchListSchema, BranchQuerySchema, CityListSchema, CityQuerySchema, NovaPoshtaRefSchema } from '../../../shared/delivery.js';

/**
 * The Nova Poshta directory through the server, so the API key never reaches the browser
 * (docs/delivery.md): GET /api/delivery/cities?q= and GET /api/delivery/branches?cityRef=&q=&type=
 * (or the older ?city=).
 */
export const deliveryRoutes: FastifyPluginAsyncZod = async (app) => {
  const directory = app.deliveryDirectory;
  if (directory.isDemo) {
    app.log.warn('NOVA_POSHTA_API_KEY is not set: delivery uses the offline demo directory (demo data, not real branches)');
  }
  // Typing sends a request every few letters: generous, but a bound.
  const rateLimit = { max: 300, timeWindow: '1 minute' };

  app.get('/api/delivery/cities', { schema: { querystring: CityQuerySchema, response: { 200: CityListSchema } }, config: { rateLimit } }, async (request) =>
    directory.findCities(request.query.q),
  );

  app.get(
    '/api/delivery/branches',
    {
      schema: {
        querystring: BranchQuerySchema.extend({ ref: NovaPoshtaRefSchema.optional() }),
        response: { 200: BranchListSchema },
      },
      config: { rateLimit },
    },
    async (request) => directory.findBranches(request.query),
  );
};
