import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UploadResultSchema } from '../../../shared/products.js';
import { AppError } from '../../errors.js';
import { adminOnly } from '../../plugins/auth.js';
import { FileTooLarge, MAX_UPLOAD_BYTES, storeProductImage } from './service.js';

/**
 * POST /api/upload (docs/api.md): admins send one picture in the multipart field `image`.
 * Multipart is registered here only, so no other route accepts it.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/api/upload',
    {
      onRequest: adminOnly,
      schema: { response: { 201: UploadResultSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('NOT_MULTIPART', { field: 'image' });
      const file = await request.file();
      if (!file) throw new AppError('NO_FILE');
      if (file.fieldname !== 'image') {
        file.file.resume();
        throw new AppError('WRONG_FIELD', { field: 'image' });
      }
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new FileTooLarge();
        throw err;
      }
      const stored = await storeProductImage(bytes, app.config.uploadsDir);
      return reply.status(201).send({ message: 'Зображення завантажено', ...stored });
    },
  );
};
