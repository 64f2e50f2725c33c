import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BranchListSchema,
  BranchQuerySchema,
  CityListSchema,
  CityQuerySchema,
  DeliveryEstimateSchema,
  EstimateQuerySchema,
  NovaPoshtaRefSchema,
  StreetListSchema,
  StreetQuerySchema,
} from '../../../shared/delivery.js';
import { getSettings } from '../settings/index.js';

/**
 * The Nova Poshta directory through the server, so the API key never reaches the browser
 * (docs/delivery.md): GET /api/delivery/cities?q=, GET /api/delivery/branches?cityRef=&q=&type=
 * (or the older ?city=), GET /api/delivery/streets?settlementRef=&q= and the parcel's price and
 * date, GET /api/delivery/estimate.
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

  app.get(
    '/api/delivery/streets',
    { schema: { querystring: StreetQuerySchema, response: { 200: StreetListSchema } }, config: { rateLimit } },
    async (request) => directory.findStreets(request.query.settlementRef, request.query.q),
  );

  // Never an error for Nova Poshta's sake: no answer in time is `available: false` (docs/delivery.md).
  app.get(
    '/api/delivery/estimate',
    { schema: { querystring: EstimateQuerySchema, response: { 200: DeliveryEstimateSchema } }, config: { rateLimit } },
    async (request) => {
      const { settlementRef, branchRef, weightKg, value } = request.query;
      const senderCityRef = (await getSettings(app.db)).novaPoshtaSender.cityRef;
      return app.deliveryEstimator.estimate({ settlementRef, branchRef: branchRef === 'door' ? null : branchRef, weightKg, value, senderCityRef });
    },
  );
};
