import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { HopSubstitutesSchema, MAX_RECIPE_BYTES, RecipeImportQuerySchema, RecipeImportResultSchema } from '../../../shared/recipes/schema.js';
import { ProductRefParamsSchema } from '../../../shared/products.js';
import { cachedRecipeCandidates } from './catalog.js';
import { hopSubstitutes, importRecipe } from './service.js';
import { savedRecipeRoutes } from './saved-routes.js';

const TEXT_TYPES = ['application/xml', 'text/xml', 'text/plain'];

/**
 * POST /api/recipes/import (docs/api.md): a BeerXML file as the body (XML or plain text, any
 * encoding it declares) or as the multipart field `file`. Guests too; nothing is stored.
 */
export const recipeRoutes: FastifyPluginAsyncZod = async (app) => {
  // Raw bytes: the file's own declaration decides the encoding (Windows-1251 exports exist).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(TEXT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_RECIPE_BYTES }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, { limits: { fileSize: MAX_RECIPE_BYTES, files: 1, fields: 2, parts: 3 }, throwFileSizeLimit: true });

  await app.register(savedRecipeRoutes);

  app.post(
    '/api/recipes/import',
    {
      schema: { querystring: RecipeImportQuerySchema, response: { 200: RecipeImportResultSchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => {
      let bytes: Uint8Array;
      if (request.isMultipart()) {
        const file = await request.file();
        if (!file) throw new AppError('NO_FILE');
        if (file.fieldname !== 'file') {
          file.file.resume();
          throw new AppError('WRONG_FIELD', { field: 'file' });
        }
        try {
          bytes = await file.toBuffer();
        } catch (err) {
          if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('RECIPE_TOO_LARGE');
          throw err;
        }
      } else if (Buffer.isBuffer(request.body)) {
        bytes = request.body;
      } else {
        throw new AppError('RECIPE_NO_FILE');
      }
      if (!bytes.length) throw new AppError('RECIPE_NO_FILE');
      return importRecipe(app.db, bytes, request.query, cachedRecipeCandidates(app));
    },
  );

  // Cached with the catalogue: the hop pages of the rendered shop embed the same answer (docs/seo.md).
  app.get('/api/recipes/substitutes/:id', { schema: { params: ProductRefParamsSchema, response: { 200: HopSubstitutesSchema } } }, async (request) =>
    JSON.parse(await app.catalogCache.get(`substitutes:${request.params.id}`, HopSubstitutesSchema, () => hopSubstitutes(app.db, request.params.id))),
  );
};
