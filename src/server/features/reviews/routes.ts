import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, ReviewCreateSchema, ReviewSchema } from '../../../shared/products.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { addReview } from './service.js';

const ReviewAddedSchema = z.object({
  message: z.string(),
  review: ReviewSchema,
  rating: z.number(),
  numReviews: z.number(),
});

/** POST /api/products/{id}/reviews (docs/api.md): signed-in shoppers, one review each. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/products/:id/reviews',
    {
      onRequest: signedIn,
      schema: { params: IdParamsSchema, body: ReviewCreateSchema, response: { 201: ReviewAddedSchema } },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const added = await addReview(app.db, request.params.id, user, request.body);
      app.catalogCache.invalidate();
      return reply.status(201).send({ message: 'Дякуємо за відгук!', ...added });
    },
  );
};
