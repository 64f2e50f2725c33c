import { expect, test } from 'vitest';
import { decodeRecipeBytes } from '../../../shared/recipes/beerxml.js';
import { matchRecipe } from '../../../shared/recipes/matching.js';
import { parseRecipeText } from '../../../shared/recipes/recipe-json.js';
import { IPA_BEERSMITH, STOUT_BREWTARGET, TWO_RECIPES_BREWFATHER } from '../../../shared/recipes/test-recipes.js';
import { seedDemoCatalog } from '../../seed/index.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct, pack } from '../../test/factories.js';
import { loadRecipeCatalog, matchRecipeToCatalog } from './catalog.js';

/**
 * The narrow read (catalog.ts) matches exactly as matching against the whole brewing catalogue
 * does, on a catalogue crowded with equals: many lots of one variety, sold out or not, malts of
 * one kind in several colours and producers, yeasts of one strain.
 */
describeWithApp('recipe matching reads the catalogue narrowly', (ctx) => {
  test('every recipe and batch size matches as against the whole catalogue', async () => {
    const { app } = ctx();
    await seedDemoCatalog(app.db);
    const hops = ['Citra', 'Mosaic', 'Galaxy', 'Cascade', 'Hallertauer Magnum', 'Saaz', 'Simcoe', 'East Kent Goldings', 'Centennial', 'Amarillo'];
    for (let i = 0; i < 80; i++) {
      const soldOut = i % 3 === 0;
      await createProduct(app.db, {
        name: `Хміль ${hops[i % hops.length]} лот ${i}`,
        alphaAcid: 4 + (i % 11),
        createdAt: new Date(Date.now() - i * 60_000),
        variants: [pack('50 г', 100_00 + i, soldOut ? 0 : 5, 0.05), pack('100 г', 180_00 + i, soldOut ? 0 : i % 4, 0.1)],
      });
    }
    for (let i = 0; i < 18; i++) {
      await createProduct(app.db, {
        name: `Солод ${['Pale Ale', 'Munich', 'Caramunich', 'Chocolate'][i % 4]} партія ${i}`,
        category: 'Malt',
        producer: i % 2 ? 'Weyermann' : 'Viking Malt',
        description: `Колір ${3 + i * 7}–${5 + i * 7} EBC`,
        createdAt: new Date(Date.now() - i * 60_000),
        variants: [pack('1 кг', 60_00, i % 5 === 0 ? 0 : 10, 1), pack('5 кг', 280_00, 2, 5)],
      });
      await createProduct(app.db, {
        name: `Дріжджі ${['SafAle US-05', 'SafAle S-04', 'SafLager W-34/70'][i % 3]} ${i}`,
        category: 'Yeast',
        producer: 'Fermentis',
        createdAt: new Date(Date.now() - i * 60_000),
        variants: [pack('11,5 г', 120_00, i % 4 === 0 ? 0 : 20, 0.0115)],
      });
    }
    const whole = await loadRecipeCatalog(app.db);
    const recipes = [IPA_BEERSMITH, TWO_RECIPES_BREWFATHER, STOUT_BREWTARGET].flatMap((text) =>
      parseRecipeText(decodeRecipeBytes(new TextEncoder().encode(text))),
    );
    expect(recipes.length).toBeGreaterThanOrEqual(4);
    for (const recipe of recipes) {
      for (const batchSizeL of [undefined, 23]) {
        expect(await matchRecipeToCatalog(app.db, recipe, { batchSizeL })).toEqual(matchRecipe(recipe, whole, { batchSizeL }));
      }
    }
  }, 120_000);
});
