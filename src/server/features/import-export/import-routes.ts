import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ImportAppliedSchema,
  ImportMappingSchema,
  ImportParamsSchema,
  ImportPreviewSchema,
  MAX_IMPORT_BYTES,
  SupplierMappingsSchema,
  type ImportMapping,
} from '../../../shared/import-export.js';
import { AppError } from '../../errors.js';
import { adminOnly, requireAdmin } from '../../plugins/auth.js';
import { listSupplierMappings } from './import-repository.js';
import { applyImport, previewImport } from './import-service.js';
import { ImportTooLarge } from './price-list-reader.js';

/**
 * Supplier price lists (docs/api.md, docs/import-export.md): the preview writes nothing to the
 * catalogue; the apply writes exactly that preview. Multipart is registered for these routes only.
 */
export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 4, parts: 5 }, throwFileSizeLimit: true });

  app.post(
    '/api/admin/import/products',
    { onRequest: adminOnly, schema: { response: { 200: ImportPreviewSchema } }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const admin = await requireAdmin(request);
      if (!request.isMultipart()) throw new AppError('NOT_MULTIPART', { field: 'file' });
      let bytes: Buffer | null = null;
      let fileName = '';
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file') {
              part.file.resume();
              throw new AppError('WRONG_FIELD', { field: 'file' });
            }
            bytes = await part.toBuffer();
            fileName = part.filename;
          } else fields[part.fieldname] = String(part.value);
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new ImportTooLarge();
        throw err;
      }
      if (!bytes) throw new AppError('NO_FILE');
      const supplier = (fields.supplier ?? '').trim().slice(0, 100);
      return previewImport(app.db, { bytes, fileName, supplier, mapping: parseMapping(fields.mapping), adminId: admin.id });
    },
  );

  app.post(
    '/api/admin/import/products/:importId/apply',
    { onRequest: adminOnly, schema: { params: ImportParamsSchema, response: { 200: ImportAppliedSchema } } },
    async (request) => {
      const applied = await applyImport(app.db, request.params.importId, { url: app.config.siteUrl, secret: app.config.jwtSecret });
      app.catalogCache.invalidate();
      return applied;
    },
  );

  app.get('/api/admin/import/suppliers', { onRequest: adminOnly, schema: { response: { 200: SupplierMappingsSchema } } }, async () => ({
    suppliers: (await listSupplierMappings(app.db)).map((row) => ({ supplier: row.supplier, mapping: row.mapping })),
  }));
};

function parseMapping(text: string | undefined): ImportMapping | null {
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('IMPORT_MAPPING_INVALID');
  }
  const parsed = ImportMappingSchema.safeParse(json);
  if (!parsed.success) throw new AppError('IMPORT_MAPPING_INVALID');
  return parsed.data;
}
