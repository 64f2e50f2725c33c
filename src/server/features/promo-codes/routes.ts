import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema } from '../../../shared/products.js';
import {
  PromoCheckResultSchema,
  PromoCheckSchema,
  PromoCodeDeletedSchema,
  PromoCodeInputSchema,
  PromoCodeListSchema,
  PromoCodeSchema,
} from '../../../shared/promo-codes.js';
import { TooManyAttempts } from '../../errors.js';
import { adminOnly, getSessionUser } from '../../plugins/auth.js';
import { checkPromo, createPromoCode, editPromoCode, listPromoCodesJson, promoCustomerOf, removePromoCode } from './service.js';

/**
 * Guessing codes is slowed twice (docs/promo-codes.md, "Guessing"): per client address by the route's
 * own limit, and per shopper (the account, or the guest's e-mail and phone) across addresses, both in
 * the rate-limit store that keeps counting in each instance's memory while Redis is away.
 */
export const PROMO_CHECKS_PER_WINDOW = 20;
const PROMO_CHECK_WINDOW_MS = 10 * 60_000;

export const promoCodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const perShopper = app.createRateLimit({
    max: PROMO_CHECKS_PER_WINDOW,
    timeWindow: PROMO_CHECK_WINDOW_MS,
    keyGenerator: (req) => `promo-check:${(req as { limitKey?: string }).limitKey}`,
  });
  const countShopper = async (request: FastifyRequest, key: string) => {
    const result = await perShopper(Object.assign(request, { limitKey: key }));
    if (!result.isAllowed && result.isExceeded) throw new TooManyAttempts(result.ttlInSeconds);
  };

  app.post(
    '/api/promo-codes/check',
    {
      schema: { body: PromoCheckSchema, response: { 200: PromoCheckResultSchema } },
      config: { rateLimit: { max: PROMO_CHECKS_PER_WINDOW, timeWindow: PROMO_CHECK_WINDOW_MS } },
    },
    async (request) => {
      const user = await getSessionUser(request);
      const who = promoCustomerOf(user?.id ?? null, user ? user.email : request.body.email, request.body.phone);
      if (who.userId) await countShopper(request, `user:${who.userId}`);
      if (who.email) await countShopper(request, `email:${who.email}`);
      if (who.phone) await countShopper(request, `phone:${who.phone}`);
      return checkPromo(app.db, request.body, user?.id ?? null, user?.email ?? null);
    },
  );

  const admin = { onRequest: adminOnly };
  app.get('/api/admin/promo-codes', { ...admin, schema: { response: { 200: PromoCodeListSchema } } }, async () => ({
    promoCodes: await listPromoCodesJson(app.db),
  }));

  app.post('/api/admin/promo-codes', { ...admin, schema: { body: PromoCodeInputSchema, response: { 201: PromoCodeSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPromoCode(app.db, request.body)),
  );

  app.put(
    '/api/admin/promo-codes/:id',
    { ...admin, schema: { params: IdParamsSchema, body: PromoCodeInputSchema, response: { 200: PromoCodeSchema } } },
    async (request) => editPromoCode(app.db, request.params.id, request.body),
  );

  app.delete('/api/admin/promo-codes/:id', { ...admin, schema: { params: IdParamsSchema, response: { 200: PromoCodeDeletedSchema } } }, async (request) =>
    removePromoCode(app.db, request.params.id),
  );
};
