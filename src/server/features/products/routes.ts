import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParamsSchema, ProductListQuerySchema } from '../../../shared/products.js';
import { requireAdmin } from '../../plugins/auth.js';
import { getProductPage, getTopProducts, requireProductDetail } from './service.js';

/** Catalogue reads (SPEC.md §7). Lists and the top row come from the in-memory catalogue cache. */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/products', { schema: { querystring: ProductListQuerySchema } }, async (request, reply) => {
    const query = request.query;
    if (query.all) await requireAdmin(request);
    const key = `list:${JSON.stringify(query)}`;
    const json = await app.catalogCache.get(key, () =>
      getProductPage(app.db, query, app.config.pageSize, query.all),
    );
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/products/top', async (_request, reply) => {
    const json = await app.catalogCache.get('top', () => getTopProducts(app.db));
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get('/api/products/:id', { schema: { params: IdParamsSchema } }, async (request) =>
    requireProductDetail(app.db, request.params.id),
  );
};
