import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BulkChangeResultSchema,
  IdParamsSchema,
  MessageSchema,
  ProductSchema,
  ProductUpdateSchema,
  VariantBulkChangesSchema,
} from '../../../shared/products.js';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import { changeVariantsInBulk, createProduct, deleteProduct, updateProductDetails } from './service.js';
import { noticeSettingsOf } from '../notifications/index.js';

/**
 * Product administration (docs/api.md): create, edit, delete; admins only. Every write empties the
 * catalogue cache at once, so the admin sees the change on the next read.
 * The role is checked on request, before the body is read or validated.
 */
export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/products', { onRequest: adminOnly, schema: { response: { 201: ProductSchema } } }, async (request, reply) => {
    const admin = await requireAdmin(request);
    const product = await createProduct(app.db, admin.id);
    app.catalogCache.invalidate();
    return reply.status(201).send(product);
  });

  app.put(
    '/api/products/:id',
    { onRequest: adminOnly, schema: { params: IdParamsSchema, body: ProductUpdateSchema, response: { 200: ProductSchema } } },
    async (request) => {
      const site = { url: app.config.siteUrl, secret: app.config.jwtSecret };
      const product = await updateProductDetails(app.db, request.params.id, request.body, site, noticeSettingsOf(app.config));
      app.catalogCache.invalidate();
      return product;
    },
  );

  // The product list's bulk edit: several packs' price, discount or stock in one transaction.
  app.patch(
    '/api/admin/variants',
    { onRequest: adminOnly, schema: { body: VariantBulkChangesSchema, response: { 200: BulkChangeResultSchema } } },
    async (request) => {
      const changed = await changeVariantsInBulk(app.db, request.body, { url: app.config.siteUrl, secret: app.config.jwtSecret });
      app.catalogCache.invalidate();
      return { products: changed };
    },
  );

  app.delete('/api/products/:id', { onRequest: adminOnly, schema: { params: IdParamsSchema, response: { 200: MessageSchema } } }, async (request) => {
    // One transaction, so the audit trail records the change with it.
    await app.db.transaction((tx) => deleteProduct(tx, request.params.id));
    app.catalogCache.invalidate();
    return { message: 'Товар видалено' };
  });
};
