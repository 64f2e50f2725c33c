import { describe, expect, test } from 'vitest';
import { wordError } from '../errors/index.js';
import { en } from '../errors/en.js';
import { RecipeImportError } from './beerxml.js';
import { parseRecipeText } from './recipe-json.js';
import { IPA_BEERSMITH } from './test-recipes.js';
import { IPA_BEERJSON, IPA_BREWFATHER_JSON } from './test-recipes-json.js';

const failure = (text: string) => {
  try {
    parseRecipeText(text);
  } catch (err) {
    if (err instanceof RecipeImportError) return { code: err.code, message: err.message, line: err.line, english: wordError(en, err.code, err.params) };
    throw err;
  }
  throw new Error('no error');
};

describe('BeerJSON 1.0 and Brewfather JSON read into the same recipe as BeerXML', () => {
  const [fromXml] = parseRecipeText(IPA_BEERSMITH);

  test.each([
    ['BeerJSON 1.0', IPA_BEERJSON],
    ['Brewfather', IPA_BREWFATHER_JSON],
  ])('%s: name, style, volume, figures and every ingredient in SI units', (_format, text) => {
    const [recipe] = parseRecipeText(text);
    expect(recipe).toMatchObject({ name: 'Citra West Coast IPA', style: 'American IPA', batchSizeL: 20, boilTimeMin: 60, efficiencyPct: 72 });
    expect(recipe).toMatchObject({ og: 1.062, fg: 1.012, ibu: 55, abv: 6.6 });
    expect(recipe.fermentables.map((f) => f.name)).toEqual(fromXml.fermentables.map((f) => f.name));
    recipe.fermentables.forEach((f, i) => {
      expect(f.amountKg).toBeCloseTo(fromXml.fermentables[i].amountKg, 2);
      expect(f.colorEbc!).toBeCloseTo(fromXml.fermentables[i].colorEbc!, -0.5);
      expect(f.type).toBe('Grain');
    });
    expect(recipe.hops.map((h) => [h.name, h.use, h.timeMin, h.alphaPct])).toEqual(fromXml.hops.map((h) => [h.name, h.use, h.timeMin, h.alphaPct]));
    recipe.hops.forEach((h, i) => expect(h.amountKg).toBeCloseTo(fromXml.hops[i].amountKg, 4));
    expect(recipe.yeasts[0]).toMatchObject({ name: 'Safale American', laboratory: 'Fermentis', productId: 'US-05', form: 'Dry', attenuationPct: 81 });
    expect(recipe.yeasts[0].amount).toBeCloseTo(0.0115, 6);
    expect(recipe.miscs.map((m) => m.name)).toEqual(['Gypsum (Calcium Sulfate)', 'Whirlfloc Tablet']);
    expect(recipe.miscs[0]).toMatchObject({ amount: 0.005, amountIsWeight: true });
  });

  test('BeerJSON: colours in EBC, SRM and °L; °Plato; figures the file lacks are computed', () => {
    const json = JSON.parse(IPA_BEERJSON);
    const recipe = json.beerjson.recipes[0];
    recipe.original_gravity = { unit: 'plato', value: 15 };
    delete recipe.final_gravity;
    delete recipe.ibu_estimate;
    delete recipe.color_estimate;
    delete recipe.alcohol_by_volume;
    const [read] = parseRecipeText(JSON.stringify(json));
    expect(read.og).toBeCloseTo(1.061, 3);
    expect(read.fg).toBeCloseTo(1.012, 3);
    expect(read.ibu).toBeGreaterThan(30);
    expect(read.colorEbc).toBeGreaterThan(10);
    expect(read.fermentables[1].colorEbc).toBe(17.7);
  });

  test('Brewfather: a list of recipes, and a batch with its recipe', () => {
    const one = JSON.parse(IPA_BREWFATHER_JSON);
    expect(parseRecipeText(JSON.stringify([one, { ...one, name: 'Друга' }])).map((r) => r.name)).toEqual(['Citra West Coast IPA', 'Друга']);
    expect(parseRecipeText(JSON.stringify({ _type: 'batch', name: 'Batch #3', recipe: one }))[0].name).toBe('Citra West Coast IPA');
  });

  test('broken or foreign JSON, and fields that cannot be read, get Ukrainian messages naming the line or the field', () => {
    expect(failure('{\n  "beerjson": {\n    "recipes": [\n  }\n}')).toMatchObject({ code: 'RECIPE_INVALID_JSON', line: 4 });
    expect(failure('{"products": []}')).toMatchObject({ code: 'RECIPE_UNKNOWN_FORMAT' });
    expect(failure('{"beerjson": {"version": 1, "recipes": []}}')).toMatchObject({ code: 'RECIPE_NOT_BEERXML' });

    const bj = JSON.parse(IPA_BEERJSON);
    bj.beerjson.recipes[0].ingredients.hop_additions[1].amount = { unit: 'handful', value: 2 };
    expect(failure(JSON.stringify(bj))).toEqual({
      code: 'RECIPE_BAD_FIELD',
      message: 'Рецепт «Citra West Coast IPA», хміль 2, поле amount.unit: невідома одиниця «handful»',
      line: undefined,
      english: 'Recipe “Citra West Coast IPA”, hop 2, field amount.unit: unknown unit “handful”',
    });
    const bf = JSON.parse(IPA_BREWFATHER_JSON);
    bf.hops[0].amount = 'багато';
    expect(failure(JSON.stringify(bf)).message).toBe('Рецепт «Citra West Coast IPA», хміль 1, поле amount: «багато» не є числом');
    delete bf.batchSize;
    bf.fermentables = [];
    bf.hops = [{ name: 'Citra', amount: 10 }];
    expect(failure(JSON.stringify(bf))).toMatchObject({ code: 'RECIPE_BAD_FIELD', message: expect.stringContaining('поле batchSize') });
    const negative = JSON.parse(IPA_BREWFATHER_JSON);
    negative.fermentables[0].amount = -5;
    expect(failure(JSON.stringify(negative)).message).toContain('солод/цукор 1, поле amount: від’ємне значення');
    expect(failure(JSON.stringify(negative)).english).toBe('Recipe “Citra West Coast IPA”, malt/sugar 1, field amount: negative value');
  });

  test('the same complaints in English, from the code and its blanks', () => {
    expect(failure('{\n  "beerjson": {\n    "recipes": [\n  }\n}').english).toBe('The file is not valid JSON (line 4)');
    expect(failure('{"beerjson": {"version": 1, "recipes": []}}').english).toBe('The BeerJSON file has no recipes (beerjson.recipes)');
    const bf = JSON.parse(IPA_BREWFATHER_JSON);
    bf.hops[0].amount = null;
    expect(failure(JSON.stringify(bf)).english).toBe('Recipe “Citra West Coast IPA”, hop 1, field amount: no amount (in grams)');
    const many = JSON.parse(IPA_BREWFATHER_JSON);
    many.miscs = Array.from({ length: 200 }, () => many.miscs[0]);
    expect(failure(JSON.stringify(many)).english).toMatch(/^The recipe “Citra West Coast IPA” has \d+ ingredients; 200 at most$/);
  });

  test('the same limits as BeerXML: 200 ingredients, 1 MB', () => {
    const many = JSON.parse(IPA_BREWFATHER_JSON);
    many.miscs = Array.from({ length: 200 }, () => many.miscs[0]);
    expect(failure(JSON.stringify(many))).toMatchObject({ code: 'RECIPE_TOO_MANY_INGREDIENTS' });
    expect(failure(`{"x": "${'a'.repeat(1024 * 1024)}"}`)).toMatchObject({ code: 'RECIPE_TOO_LARGE' });
  });
});
