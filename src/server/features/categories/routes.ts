import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryInputSchema, CategoryListSchema, CategorySchema, ProducerInputSchema, ProducerSchema } from '../../../shared/categories.js';
import { IdParamsSchema, MessageSchema } from '../../../shared/products.js';
import { adminOnly } from '../../plugins/auth.js';
import { sendCachedAnswer } from '../../plugins/compression.js';
import {
  createCategory,
  deleteCategory,
  deleteProducer,
  getAdminCategories,
  getProducers,
  getPublicCategories,
  saveProducer,
  updateCategory,
} from './service.js';

/**
 * The catalogue's categories, producers and attribute definitions (docs/api.md): the tree every page
 * reads, cached with the catalogue; the owner's edits at /api/admin/* empty that cache at once.
 */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/categories', async (request, reply) => {
    const answer = await app.catalogCache.json('categories', CategoryListSchema, () => getPublicCategories(app.db));
    return sendCachedAnswer(request, reply, answer, 'application/json; charset=utf-8');
  });

  const changed = <T>(value: T) => {
    app.catalogCache.invalidate();
    return value;
  };

  app.get('/api/admin/categories', { onRequest: adminOnly, schema: { response: { 200: CategoryListSchema } } }, async () => getAdminCategories(app.db));

  app.post(
    '/api/admin/categories',
    { onRequest: adminOnly, schema: { body: CategoryInputSchema, response: { 201: CategorySchema } } },
    async (request, reply) => reply.status(201).send(changed(await createCategory(app.db, request.body))),
  );

  app.put(
    '/api/admin/categories/:id',
    { onRequest: adminOnly, schema: { params: IdParamsSchema, body: CategoryInputSchema, response: { 200: CategorySchema } } },
    async (request) => changed(await updateCategory(app.db, request.params.id, request.body)),
  );

  app.delete('/api/admin/categories/:id', { onRequest: adminOnly, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } }, async (request) => {
    await deleteCategory(app.db, request.params.id);
    return changed({ message: 'Категорію видалено' });
  });

  app.get('/api/admin/producers', { onRequest: adminOnly, schema: { response: { 200: z.object({ producers: z.array(ProducerSchema) }) } } }, async () =>
    getProducers(app.db),
  );

  app.post('/api/admin/producers', { onRequest: adminOnly, schema: { body: ProducerInputSchema, response: { 201: ProducerSchema } } }, async (request, reply) =>
    reply.status(201).send(changed(await saveProducer(app.db, null, request.body))),
  );

  app.put(
    '/api/admin/producers/:id',
    { onRequest: adminOnly, schema: { params: IdParamsSchema, body: ProducerInputSchema, response: { 200: ProducerSchema } } },
    async (request) => changed(await saveProducer(app.db, request.params.id, request.body)),
  );

  app.delete('/api/admin/producers/:id', { onRequest: adminOnly, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } }, async (request) => {
    await deleteProducer(app.db, request.params.id);
    return changed({ message: 'Виробника видалено' });
  });
};
