import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminLegalListSchema,
  AdminLegalPageSchema,
  LegalPageParamsSchema,
  LegalPageSaveSchema,
  LegalPageSchema,
  LegalPreviewResponseSchema,
  LegalPreviewSchema,
  LegalVersionParamsSchema,
} from '../../../shared/legal.js';
import { adminOnly, requireUser } from '../../plugins/auth.js';
import { listLegalPagesForAdmin, previewLegalMarkdown, requireLegalPage, saveLegalPage } from './service.js';

/**
 * GET /api/legal/{key} (the version in force), GET /api/legal/{key}/versions/{n}; the admin's
 * GET /api/admin/legal, PUT /api/admin/legal/{key} (a new version) and POST /api/admin/legal/preview.
 */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { siteUrl } = app.config;

  app.get('/api/legal/:key', { schema: { params: LegalPageParamsSchema, response: { 200: LegalPageSchema } } }, async (request) =>
    requireLegalPage(app.db, siteUrl, request.params.key),
  );

  app.get('/api/legal/:key/versions/:version', { schema: { params: LegalVersionParamsSchema, response: { 200: LegalPageSchema } } }, async (request) =>
    requireLegalPage(app.db, siteUrl, request.params.key, request.params.version),
  );

  app.get('/api/admin/legal', { onRequest: adminOnly, schema: { response: { 200: AdminLegalListSchema } } }, async () => ({
    pages: await listLegalPagesForAdmin(app.db),
  }));

  app.put(
    '/api/admin/legal/:key',
    { onRequest: adminOnly, schema: { params: LegalPageParamsSchema, body: LegalPageSaveSchema, response: { 200: AdminLegalPageSchema } } },
    async (request) => {
      const admin = await requireUser(request);
      // One transaction, so the audit trail records the change with it.
      return app.db.transaction((tx) => saveLegalPage(tx, request.params.key, request.body, admin));
    },
  );

  app.post(
    '/api/admin/legal/preview',
    { onRequest: adminOnly, schema: { body: LegalPreviewSchema, response: { 200: LegalPreviewResponseSchema } } },
    async (request) => ({ html: await previewLegalMarkdown(app.db, siteUrl, request.body.body) }),
  );
};
