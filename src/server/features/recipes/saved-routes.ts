import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { MessageSchema } from '../../../shared/products.js';
import {
  MAX_SAVED_RECIPE_BYTES,
  SavedRecipeListSchema,
  SavedRecipeParamsSchema,
  SavedRecipeQuerySchema,
  SavedRecipeSchema,
  SavedRecipeSummarySchema,
  SaveRecipeBodySchema,
  UpdateRecipeBodySchema,
} from '../../../shared/recipes/saved.js';
import { cachedRecipeCandidates } from './catalog.js';
import { deleteSavedRecipe, getSavedRecipe, listSavedRecipes, saveRecipe, updateSavedRecipe } from './saved.js';

/** Saved recipes (docs/api.md, "Recipes"): saving and one's list need a session; a recipe's link works for anyone. */
export const savedRecipeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/recipes',
    {
      onRequest: signedIn,
      bodyLimit: MAX_SAVED_RECIPE_BYTES,
      schema: { body: SaveRecipeBodySchema, response: { 201: SavedRecipeSummarySchema } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await saveRecipe(app.db, user.id, request.body));
    },
  );

  app.get('/api/recipes', { onRequest: signedIn, schema: { response: { 200: SavedRecipeListSchema } } }, async (request) =>
    listSavedRecipes(app.db, (await requireUser(request)).id),
  );

  app.get(
    '/api/recipes/:id',
    { schema: { params: SavedRecipeParamsSchema, querystring: SavedRecipeQuerySchema, response: { 200: SavedRecipeSchema } } },
    async (request) => getSavedRecipe(app.db, request.params.id, request.query.batchSizeL, cachedRecipeCandidates(app)),
  );

  app.put(
    '/api/recipes/:id',
    {
      onRequest: signedIn,
      bodyLimit: MAX_SAVED_RECIPE_BYTES,
      schema: { params: SavedRecipeParamsSchema, body: UpdateRecipeBodySchema, response: { 200: SavedRecipeSummarySchema } },
    },
    async (request) => updateSavedRecipe(app.db, (await requireUser(request)).id, request.params.id, request.body),
  );

  app.delete('/api/recipes/:id', { onRequest: signedIn, schema: { params: SavedRecipeParamsSchema, response: { 200: MessageSchema } } }, async (request) => {
    await deleteSavedRecipe(app.db, (await requireUser(request)).id, request.params.id);
    return { message: 'Рецепт видалено' };
  });
};
