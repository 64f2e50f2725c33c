import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicSettingsSchema, ShopSettingsResponseSchema, ShopSettingsUpdateSchema } from '../../../shared/settings.js';
import { adminOnly } from '../../plugins/auth.js';
import { getPublicSettings, getSettings, saveSettings } from './repository.js';

/**
 * GET /api/settings (what shoppers see: shop details, transfer details, pricing rules),
 * GET /api/settings/admin and PUT /api/settings (the admin: everything, with the waybill sender).
 */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/settings', { schema: { response: { 200: PublicSettingsSchema } } }, async () => getPublicSettings(app.db));

  app.get('/api/settings/admin', { schema: { response: { 200: ShopSettingsResponseSchema } }, onRequest: adminOnly }, async () => getSettings(app.db));

  app.put(
    '/api/settings',
    { schema: { body: ShopSettingsUpdateSchema, response: { 200: ShopSettingsResponseSchema } }, onRequest: adminOnly },
    async (request) => {
      // One transaction, so the audit trail records the change with it.
      const saved = await app.db.transaction((tx) => saveSettings(tx, request.body));
      // The feeds name the shop: they are built again (other instances hear the table's NOTIFY).
      app.catalogCache.invalidate();
      return saved;
    },
  );
};
