import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductListSchema,
  ProductRefParamsSchema,
  SuggestionsSchema,
  SuggestQuerySchema,
  TopProductsSchema,
} from '../../../shared/products.js';
import { toWireJson } from '../../../shared/wire/index.js';
import { typedWords } from '../../../shared/search-text.js';
import { ATTRIBUTE_PARAM_PREFIX } from '../../../shared/categories.js';
import { AppError } from '../../errors.js';
import { getSessionUser, requireAdmin } from '../../plugins/auth.js';
import { sendCachedAnswer } from '../../plugins/compression.js';
import { getProductPage, getSuggestions, getTopProducts, requireProductDetail } from './service.js';

const JSON_TYPE = 'application/json; charset=utf-8';
const LIST_PARAMS = new Set(Object.keys(ProductListQuerySchema.shape));

/**
 * Catalogue reads (docs/api.md). Lists, the top row and product details come from the in-memory
 * catalogue cache, already compressed for clients that accept it (docs/decisions/002-catalogue-cache.md).
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  // Cached answers carry their compressed forms already: the per-request compression hooks stay off.
  const precompressed = { compress: false, decompress: false } as const;

  app.get('/api/products', { ...precompressed, schema: { querystring: ProductListQuerySchema } }, async (request, reply) => {
    // Parameters the list does not read (anything but its own and `attr.*`) never make a cache entry of their own.
    const query = Object.fromEntries(
      Object.entries(request.query).filter(([key]) => LIST_PARAMS.has(key) || key.startsWith(ATTRIBUTE_PARAM_PREFIX)),
    ) as typeof request.query;
    if (query.all) await requireAdmin(request);
    const answer = await app.catalogCache.json(`list:${JSON.stringify(query)}`, ProductListSchema, () =>
      getProductPage(app.db, query, app.config.pageSize, query.all),
    );
    return sendCachedAnswer(request, reply, answer, JSON_TYPE);
  });

  // Asked at every pause in typing: the same words in any case or punctuation share one cached answer.
  app.get('/api/search/suggest', { ...precompressed, schema: { querystring: SuggestQuerySchema } }, async (request, reply) => {
    const q = typedWords(request.query.q).join(' ');
    const answer = await app.catalogCache.json(`suggest:${q}`, SuggestionsSchema, () => getSuggestions(app.db, q));
    return sendCachedAnswer(request, reply, answer, JSON_TYPE);
  });

  app.get('/api/products/top', precompressed, async (request, reply) => {
    const answer = await app.catalogCache.json('top', TopProductsSchema, () => getTopProducts(app.db));
    return sendCachedAnswer(request, reply, answer, JSON_TYPE);
  });

  // A missing product throws before anything is stored, so only published products are cached.
  // A draft or hidden one is found for an admin only (the product editor), never cached.
  app.get('/api/products/:id', { ...precompressed, schema: { params: ProductRefParamsSchema } }, async (request, reply) => {
    let answer;
    try {
      answer = await app.catalogCache.json(`product:${request.params.id}`, ProductDetailSchema, () => requireProductDetail(app.db, request.params.id));
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'PRODUCT_NOT_FOUND') || !(await getSessionUser(request))?.isAdmin) throw error;
      return reply
        .header('cache-control', 'no-store')
        .type(JSON_TYPE)
        .send(toWireJson(ProductDetailSchema, await requireProductDetail(app.db, request.params.id, { admin: true })));
    }
    return sendCachedAnswer(request, reply, answer, JSON_TYPE);
  });
};
