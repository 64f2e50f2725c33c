import { mkdirSync, writeFileSync } from 'node:fs';
import { like } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { productVariants } from '../../db/schema.js';
import { seedDemoCatalog } from '../../seed/index.js';
import { describeWithApp } from '../../test/database.js';
import { refreshProductSummaries } from '../products/index.js';
import { IPA_BEERSMITH } from '../../../shared/recipes/test-recipes.js';
import type { RecipeImportResult } from '../../../shared/recipes/schema.js';
import { MAX_SAVED_RECIPES, type SavedRecipe, type SavedRecipeSummary } from '../../../shared/recipes/saved.js';

const webDir = `/tmp/shop-saved-recipes-test-web-${process.pid}`;
mkdirSync(webDir, { recursive: true });
writeFileSync(
  `${webDir}/index.html`,
  '<!doctype html>\n<html lang="uk">\n  <head>\n    <title>Хмільна крамниця</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
);

/** Saved recipes: POST/GET/PUT/DELETE /api/recipes (docs/api.md, "Recipes") and the page /recipe/{id}. */
describeWithApp(
  'saved recipes API',
  (ctx) => {
    let imported: RecipeImportResult | undefined;
    const ready = async () => {
      const { app } = ctx();
      if (imported) return { app, imported };
      await seedDemoCatalog(app.db);
      const res = await app.inject({ method: 'POST', url: '/api/recipes/import', payload: IPA_BEERSMITH, headers: { 'content-type': 'application/xml' } });
      imported = res.json() as RecipeImportResult;
      return { app, imported };
    };
    const signIn = () => ctx().shop.customer();
    const body = (result: RecipeImportResult, extra: object = {}) => ({ recipe: result.recipe, batchSizeL: 23, ...extra });

    test('a brewer saves a recipe; anyone with the link sees it matched against today’s stock; the owner’s list holds it', async () => {
      const { app, imported } = await ready();
      const { cookie } = await signIn();
      const magnum = imported.match.ingredients.find((i) => i.key === 'hop-0')!.candidates[0].productId;
      const res = await app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: { cookie },
        payload: body(imported, { selection: { 'hop-0': magnum, 'misc-0': null }, milled: true }),
      });
      expect(res.statusCode).toBe(201);
      const saved = res.json() as SavedRecipeSummary;
      expect(saved).toMatchObject({ name: 'Citra West Coast IPA', style: 'American IPA', batchSizeL: 23 });
      expect(saved.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

      const citra = await app.db.update(productVariants).set({ countInStock: 0 }).where(like(productVariants.sku, 'HOP-CITRA-USA-%')).returning();
      await refreshProductSummaries(app.db, new Set(citra.map((v) => v.productId)));
      const shared = await app.inject({ url: `/api/recipes/${saved.id}` });
      expect(shared.statusCode).toBe(200);
      const view = shared.json() as SavedRecipe;
      expect(view).toMatchObject({ id: saved.id, milled: true, selection: { 'hop-0': magnum, 'misc-0': null }, batchSizeL: 23 });
      expect(view.match.batchSizeL).toBe(23);
      // Today's stock: Citra sold out since it was saved, so a substitute comes first.
      const citraLine = view.match.ingredients.find((i) => i.key === 'hop-1')!;
      expect(citraLine.status).toBe('substitute');
      expect(citraLine.candidates[0].name).toMatch(/Galaxy|Mosaic/);

      const rescaled = await app.inject({ url: `/api/recipes/${saved.id}?batchSizeL=40` });
      expect((rescaled.json() as SavedRecipe).match.batchSizeL).toBe(40);

      const mine = await app.inject({ url: '/api/recipes', headers: { cookie } });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ recipes: [saved] });
    });

    test('the owner renames, changes and deletes; another user gets 404 for each, a guest 401', async () => {
      const { app, imported } = await ready();
      const owner = await signIn();
      const other = await signIn();
      const { id } = (
        await app.inject({ method: 'POST', url: '/api/recipes', headers: { cookie: owner.cookie }, payload: body(imported) })
      ).json() as SavedRecipeSummary;

      for (const cookie of [other.cookie]) {
        const put = await app.inject({ method: 'PUT', url: `/api/recipes/${id}`, headers: { cookie }, payload: { name: 'Моє!' } });
        expect(put.statusCode).toBe(404);
        expect(put.json().code).toBe('RECIPE_NOT_FOUND');
        const del = await app.inject({ method: 'DELETE', url: `/api/recipes/${id}`, headers: { cookie } });
        expect(del.statusCode).toBe(404);
        expect((await app.inject({ url: '/api/recipes', headers: { cookie } })).json()).toEqual({ recipes: [] });
      }
      expect((await app.inject({ method: 'PUT', url: `/api/recipes/${id}`, payload: { name: 'x' } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'DELETE', url: `/api/recipes/${id}` })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/recipes' })).statusCode).toBe(401);

      const renamed = await app.inject({
        method: 'PUT',
        url: `/api/recipes/${id}`,
        headers: { cookie: owner.cookie },
        payload: { name: '  IPA на Різдво ', milled: true },
      });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ id, name: 'IPA на Різдво' });
      expect((await app.inject({ url: `/api/recipes/${id}` })).json()).toMatchObject({ name: 'IPA на Різдво', milled: true });
      for (const bad of [
        {},
        { name: '   ' },
        { name: 'x'.repeat(121) },
        { batchSizeL: 0 },
        { selection: { 'hop-0': 'not-an-id' } },
        { selection: { evil: null } },
      ]) {
        const res = await app.inject({ method: 'PUT', url: `/api/recipes/${id}`, headers: { cookie: owner.cookie }, payload: bad });
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }

      const deleted = await app.inject({ method: 'DELETE', url: `/api/recipes/${id}`, headers: { cookie: owner.cookie } });
      expect(deleted.statusCode).toBe(200);
      expect((await app.inject({ url: `/api/recipes/${id}` })).statusCode).toBe(404);
      expect((await app.inject({ method: 'DELETE', url: `/api/recipes/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
    });

    test('saving: 401 without a session, 400 for a recipe out of bounds, 413 over 256 KB, 409 past the limit; nothing stored', async () => {
      const { app, imported } = await ready();
      const { cookie, user } = await signIn();
      const anonymous = await app.inject({ method: 'POST', url: '/api/recipes', payload: body(imported) });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().code).toBe('NOT_SIGNED_IN');

      const hop = imported.recipe.hops[0];
      const bad = [
        { recipe: { ...imported.recipe, hops: [{ ...hop, amountKg: -1 }] }, batchSizeL: 20 },
        { recipe: { ...imported.recipe, hops: [{ ...hop, alphaPct: 140 }] }, batchSizeL: 20 },
        { recipe: { ...imported.recipe, name: '' }, batchSizeL: 20 },
        { recipe: { ...imported.recipe, miscs: Array.from({ length: 200 }, () => imported.recipe.miscs[0]) }, batchSizeL: 20 },
        { recipe: imported.recipe, batchSizeL: 5000 },
        { recipe: imported.recipe },
        { batchSizeL: 20 },
      ];
      for (const payload of bad) {
        const res = await app.inject({ method: 'POST', url: '/api/recipes', headers: { cookie }, payload });
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('VALIDATION_ERROR');
      }
      const huge = await app.inject({
        method: 'POST',
        url: '/api/recipes',
        headers: { cookie },
        payload: body(imported, { name: 'x', recipe: { ...imported.recipe, style: 'x'.repeat(300 * 1024) } }),
      });
      expect(huge.statusCode).toBe(413);
      expect((await app.inject({ url: '/api/recipes', headers: { cookie } })).json()).toEqual({ recipes: [] });

      const { savedRecipes } = await import('../../db/schema.js');
      await app.db.insert(savedRecipes).values(
        Array.from({ length: MAX_SAVED_RECIPES }, (_, i) => ({
          id: `limit${String(i).padStart(3, '0')}${user.id.replace(/-/g, '').slice(0, 14)}`,
          userId: user.id,
          name: 'IPA',
          recipe: imported.recipe,
          batchSizeL: 20,
          selection: {},
        })),
      );
      const over = await app.inject({ method: 'POST', url: '/api/recipes', headers: { cookie }, payload: body(imported) });
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ code: 'RECIPE_LIMIT', params: { max: MAX_SAVED_RECIPES } });
    });

    test('the page /recipe/{id} embeds the recipe as the API answers it, is not for indexing, and 404s once deleted', async () => {
      const { app, imported } = await ready();
      const { cookie } = await signIn();
      const { id } = (
        await app.inject({ method: 'POST', url: '/api/recipes', headers: { cookie }, payload: body(imported, { name: 'IPA <на свято>' }) })
      ).json() as SavedRecipeSummary;
      const page = await app.inject({ url: `/recipe/${id}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>IPA &lt;на свято&gt; — рецепт | Хмільна крамниця</title>');
      expect(page.body).toContain('<meta name="robots" content="noindex" />');
      const data = JSON.parse(/<script type="application\/json" id="page-data">([^<]*)<\/script>/.exec(page.body)![1]) as { key: unknown[]; value: unknown }[];
      expect(data[0]).toEqual({ key: ['recipes', 'saved', id, null], value: (await app.inject({ url: `/api/recipes/${id}` })).json() });

      await app.inject({ method: 'DELETE', url: `/api/recipes/${id}`, headers: { cookie } });
      expect((await app.inject({ url: `/recipe/${id}` })).statusCode).toBe(404);
      expect((await app.inject({ url: '/recipe/not-a-recipe' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/recipe' })).statusCode).toBe(200);
    });

    test('a link that does not exist or is malformed: 404 or 400, never a 500', async () => {
      const { app } = await ready();
      expect((await app.inject({ url: '/api/recipes/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/recipes/short' })).statusCode).toBe(400);
      expect((await app.inject({ url: '/api/recipes/AAAAAAAAAAAAAAAAAAAAAA?batchSizeL=abc' })).statusCode).toBe(400);
    });
  },
  { env: { WEB_DIR: webDir } },
);
