import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import { expect, test } from 'vitest';
import { productVariants } from '../../db/schema.js';
import { seedDemoCatalog } from '../../seed/index.js';
import { describeWithApp } from '../../test/database.js';
import { refreshProductSummaries } from '../products/index.js';
import { IPA_BEERSMITH, TWO_RECIPES_BREWFATHER, windows1251Recipe } from '../../../shared/recipes/test-recipes.js';
import type { RecipeImportResult } from '../../../shared/recipes/schema.js';
import { IPA_BEERJSON, IPA_BREWFATHER_JSON } from '../../../shared/recipes/test-recipes-json.js';

function multipart(field: string, filename: string, data: Buffer | string) {
  const boundary = `----recipe${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/xml\r\n\r\n`),
    typeof data === 'string' ? Buffer.from(data) : data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** POST /api/recipes/import on the demo catalogue, with Citra sold out (docs/recipes.md). */
describeWithApp('recipe import API', (ctx) => {
  let seeded = false;
  const ready = async () => {
    const { app } = ctx();
    if (seeded) return app;
    await seedDemoCatalog(app.db);
    const citra = await app.db.update(productVariants).set({ countInStock: 0 }).where(like(productVariants.sku, 'HOP-CITRA-USA-%')).returning();
    await refreshProductSummaries(app.db, new Set(citra.map((v) => v.productId)));
    app.catalogCache.invalidate();
    seeded = true;
    return app;
  };
  const importText = async (body: string | Uint8Array, query = '', type = 'application/xml') =>
    (await ready()).inject({ method: 'POST', url: `/api/recipes/import${query}`, payload: Buffer.from(body), headers: { 'content-type': type } });

  test('a guest imports an IPA: the recipe, and every line matched to the demo catalogue, Citra replaced because it is sold out', async () => {
    const res = await importText(IPA_BEERSMITH);
    expect(res.statusCode).toBe(200);
    const { recipe, match, recipes } = res.json() as RecipeImportResult;
    expect(recipes).toEqual([{ name: 'Citra West Coast IPA', style: 'American IPA', batchSizeL: 20 }]);
    expect(recipe).toMatchObject({ name: 'Citra West Coast IPA', batchSizeL: 20, og: 1.062, fg: 1.012, ibu: 55, abv: 6.6 });
    const byKey = Object.fromEntries(match.ingredients.map((i) => [i.key, i]));
    expect(byKey['hop-0'].candidates[0]).toMatchObject({
      name: 'Хміль Hallertauer Magnum (Німеччина), гранули T90',
      substitute: false,
      inStock: true,
      alphaPct: 13.5,
    });
    expect(byKey['hop-0'].candidates[0].amountKg).toBeCloseTo((0.028 * 12.5) / 13.5, 9);
    expect(byKey['hop-1'].status).toBe('substitute');
    expect(byKey['hop-1'].candidates[0].name).toMatch(/Galaxy|Mosaic/);
    expect(byKey['hop-1'].candidates.find((c) => c.name.includes('Citra'))).toMatchObject({ inStock: false });
    expect(byKey['hop-2'].candidates[0].name).toContain('Cascade');
    expect(byKey['fermentable-0'].candidates[0].name).toBe('Солод Viking Malt Pale Ale');
    expect(byKey['fermentable-1'].candidates[0].name).toBe('Солод Weyermann Munich Type I');
    expect(byKey['fermentable-2'].candidates[0].name).toBe('Солод Weyermann Caramunich Type II');
    expect(byKey['fermentable-0'].candidates[0].packs.map((p) => p.label)).toEqual(expect.arrayContaining(['1 кг', '5 кг']));
    expect(byKey['yeast-0'].candidates[0]).toMatchObject({ name: 'Дріжджі Fermentis SafAle US-05', substitute: false });
    expect(byKey['misc-0']).toMatchObject({ status: 'not-sold', note: 'Солі та кислоти для води в магазині не продаються' });
  });

  test('scaled to 23 L, as a multipart file; the second recipe of a file on request; Windows-1251', async () => {
    const app = await ready();
    const res = await app.inject({ method: 'POST', url: '/api/recipes/import?batchSizeL=23', ...multipart('file', 'ipa.xml', IPA_BEERSMITH) });
    expect(res.statusCode).toBe(200);
    const body = res.json() as RecipeImportResult;
    expect(body.match.batchSizeL).toBe(23);
    expect(body.match.ingredients.find((i) => i.key === 'fermentable-0')!.amountKg).toBeCloseTo(5.75, 9);

    const second = await importText(TWO_RECIPES_BREWFATHER, '?recipe=1');
    expect(second.statusCode).toBe(200);
    expect((second.json() as RecipeImportResult).recipes.map((r) => r.name)).toEqual(['Чеський світлий лагер', 'English Bitter']);
    expect((second.json() as RecipeImportResult).recipe.name).toBe('English Bitter');
    const missing = await importText(TWO_RECIPES_BREWFATHER, '?recipe=5');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('RECIPE_NOT_IN_FILE');

    const cyrillic = await importText(windows1251Recipe(), '', 'text/plain');
    expect(cyrillic.statusCode).toBe(200);
    expect((cyrillic.json() as RecipeImportResult).recipe.fermentables[0].name).toBe('Пшеничний солод');
  });

  test('hostile and broken XML get a 400 with a Ukrainian message, never a 500', async () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><RECIPES><RECIPE><NAME>&x;</NAME><BATCH_SIZE>20</BATCH_SIZE></RECIPE></RECIPES>`;
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><RECIPES>&c;</RECIPES>`;
    for (const hostile of [xxe, laughs]) {
      const res = await importText(hostile);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'RECIPE_UNSAFE_XML' });
      expect(res.body).not.toContain('root:');
    }
    const broken = await importText('<RECIPES>\n<RECIPE>\n<NAME>IPA</NAME>\n<BATCH_SIZE>20</RECIPE>');
    expect(broken.statusCode).toBe(400);
    // The fault travels as blanks, so the English app words it in English (no Ukrainian `detail`).
    expect(broken.json()).toEqual({
      code: 'RECIPE_INVALID_XML',
      params: { line: 4, xml: 'mismatchedTag', tag: 'RECIPE', expected: 'BATCH_SIZE', openLine: 4 },
      message: 'Рядок 4: очікувався </BATCH_SIZE> (відкрито в рядку 4), а знайдено </RECIPE>',
    });
    const badField = await importText('<RECIPES><RECIPE><NAME>IPA</NAME><BATCH_SIZE>багато</BATCH_SIZE></RECIPE></RECIPES>');
    expect(badField.json()).toMatchObject({
      code: 'RECIPE_BAD_FIELD',
      params: { line: 1, recipe: 'IPA', field: 'BATCH_SIZE', problem: 'notANumber', value: 'багато' },
    });
    const empty = await importText('');
    expect(empty.statusCode).toBe(400);
    const html = await importText('<html/>');
    expect(html.json().code).toBe('RECIPE_NOT_BEERXML');
    const badQuery = await importText(IPA_BEERSMITH, '?batchSizeL=0');
    expect(badQuery.statusCode).toBe(400);
  });

  test('BeerJSON and Brewfather’s JSON match like the BeerXML recipe; broken JSON gets a 400 naming the line', async () => {
    const app = await ready();
    const fromXml = (await importText(IPA_BEERSMITH)).json() as RecipeImportResult;
    const firstChoices = (result: RecipeImportResult) => result.match.ingredients.map((i) => [i.key, i.status, i.candidates[0]?.productId ?? null]);
    for (const [name, text] of [
      ['beer.json', IPA_BEERJSON],
      ['brewfather.json', IPA_BREWFATHER_JSON],
    ]) {
      const res = await app.inject({ method: 'POST', url: '/api/recipes/import', ...multipart('file', name, text) });
      expect(res.statusCode, name).toBe(200);
      expect(firstChoices(res.json() as RecipeImportResult), name).toEqual(firstChoices(fromXml));
    }
    const pasted = await importText(IPA_BREWFATHER_JSON, '', 'text/plain');
    expect(pasted.statusCode).toBe(200);
    const broken = await importText('{\n  "name": "IPA",\n  "batchSize": 20,,\n}', '', 'text/plain');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'RECIPE_INVALID_JSON', params: { line: 3 } });
    const foreign = await importText('{"order": 1}', '', 'text/plain');
    expect(foreign.json().code).toBe('RECIPE_UNKNOWN_FORMAT');
  });

  test('a file over 1 MB is refused with 413, as a body and as a multipart file', async () => {
    const app = await ready();
    const big = IPA_BEERSMITH.replace('<RECIPES>', `<RECIPES><!--${'x'.repeat(1024 * 1024)}-->`);
    const asBody = await importText(big);
    expect(asBody.statusCode).toBe(413);
    const asFile = await app.inject({ method: 'POST', url: '/api/recipes/import', ...multipart('file', 'big.xml', big) });
    expect(asFile.statusCode).toBe(413);
    expect(asFile.json().code).toBe('RECIPE_TOO_LARGE');
  });

  test('a hop page’s substitutes in stock: Citra (sold out) lists Galaxy or Mosaic with the reason; malt has none', async () => {
    const app = await ready();
    const slugOf = async (query: string, name: string) =>
      ((await app.inject({ url: `/api/products?${query}` })).json() as { products: { slug: string; name: string }[] }).products.find((p) =>
        p.name.includes(name),
      )!.slug;
    const res = await app.inject({ url: `/api/recipes/substitutes/${await slugOf('keyword=Citra', 'Citra')}` });
    expect(res.statusCode).toBe(200);
    const { substitutes } = res.json() as { substitutes: { name: string; reason: string }[] };
    expect(substitutes.length).toBeGreaterThan(1);
    expect(substitutes.length).toBeLessThanOrEqual(4);
    expect(substitutes[0].name).toMatch(/Galaxy|Mosaic/);
    expect(substitutes[0].reason).toMatch(/^Звична заміна Citra/);
    expect(substitutes.some((s) => s.name.includes('Citra'))).toBe(false);
    const malt = await app.inject({ url: `/api/recipes/substitutes/${await slugOf('category=Malt', 'Солод')}` });
    expect(malt.statusCode).toBe(200);
    expect(malt.json()).toEqual({ substitutes: [] });
    expect((await app.inject({ url: '/api/recipes/substitutes/no-such-hop' })).statusCode).toBe(404);
  });
});
