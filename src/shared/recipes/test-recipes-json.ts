/**
 * JSON recipe files in the shapes BeerJSON 1.0 and Brewfather's export take, made for the tests
 * (docs/recipes.md): the same West Coast IPA as the BeerXML one, written by hand.
 */

/** BeerJSON 1.0: every amount a `{ unit, value }` measure, in the units the schema names. */
export const IPA_BEERJSON = JSON.stringify(
  {
    beerjson: {
      version: 1.0,
      recipes: [
        {
          name: 'Citra West Coast IPA',
          type: 'all grain',
          author: 'Тарас',
          batch_size: { unit: 'l', value: 20 },
          efficiency: { brewhouse: { unit: '%', value: 72 } },
          style: { name: 'American IPA', category: 'IPA', style_guide: 'BJCP 2021', type: 'beer' },
          boil: { boil_time: { unit: 'min', value: 60 } },
          original_gravity: { unit: 'sg', value: 1.062 },
          final_gravity: { unit: 'sg', value: 1.012 },
          alcohol_by_volume: { unit: '%', value: 6.6 },
          ibu_estimate: { method: 'Tinseth', value: { unit: 'IBUs', value: 55 } },
          color_estimate: { unit: 'SRM', value: 8.5 },
          ingredients: {
            fermentable_additions: [
              {
                name: 'Pale Malt (2 Row) UK',
                type: 'grain',
                origin: 'United Kingdom',
                color: { unit: 'Lovi', value: 3 },
                yield: { fine_grind: { unit: '%', value: 78 } },
                amount: { unit: 'kg', value: 5 },
              },
              {
                name: 'Munich Malt',
                type: 'grain',
                producer: 'Weyermann',
                color: { unit: 'EBC', value: 17.7 },
                yield: { fine_grind: { unit: '%', value: 80 } },
                amount: { unit: 'g', value: 500 },
              },
              { name: 'Caramel/Crystal Malt - 60L', type: 'grain', color: { unit: 'Lovi', value: 60 }, amount: { unit: 'lb', value: 0.661 } },
            ],
            hop_additions: [
              {
                name: 'Magnum',
                origin: 'Germany',
                form: 'pellet',
                alpha_acid: { unit: '%', value: 12.5 },
                amount: { unit: 'g', value: 28 },
                timing: { use: 'add_to_boil', time: { unit: 'min', value: 0 }, duration: { unit: 'min', value: 60 } },
              },
              {
                name: 'Citra',
                form: 'pellet',
                alpha_acid: { unit: '%', value: 12 },
                amount: { unit: 'g', value: 30 },
                timing: { use: 'add_to_boil', duration: { unit: 'min', value: 10 } },
              },
              {
                name: 'Cascade',
                form: 'pellet',
                alpha_acid: { unit: '%', value: 5.5 },
                amount: { unit: 'oz', value: 1.0582 },
                timing: { use: 'add_to_boil', duration: { unit: 'min', value: 0 } },
              },
              {
                name: 'Citra',
                form: 'pellet',
                alpha_acid: { unit: '%', value: 12 },
                amount: { unit: 'g', value: 50 },
                timing: { use: 'add_to_fermentation', duration: { unit: 'day', value: 3 } },
              },
            ],
            culture_additions: [
              {
                name: 'Safale American',
                type: 'ale',
                form: 'dry',
                producer: 'Fermentis',
                product_id: 'US-05',
                attenuation: { unit: '%', value: 81 },
                amount: { unit: 'pkg', value: 1 },
              },
            ],
            miscellaneous_additions: [
              { name: 'Gypsum (Calcium Sulfate)', type: 'water agent', amount: { unit: 'g', value: 5 }, timing: { use: 'add_to_mash' } },
              { name: 'Whirlfloc Tablet', type: 'fining', amount: { unit: 'each', value: 1 }, timing: { use: 'add_to_boil' } },
            ],
          },
        },
      ],
    },
  },
  null,
  2,
);

/** Brewfather's recipe export: metric numbers (malt kg, hops g), `_type: "recipe"`, dry hop days. */
export const IPA_BREWFATHER_JSON = JSON.stringify(
  {
    _id: 'bf-recipe-1',
    _type: 'recipe',
    name: 'Citra West Coast IPA',
    author: 'Тарас',
    type: 'All Grain',
    batchSize: 20,
    boilTime: 60,
    efficiency: 72,
    og: 1.062,
    fg: 1.012,
    ibu: 55,
    abv: 6.6,
    color: 16.7,
    style: { name: 'American IPA', category: 'IPA', styleGuide: 'BJCP 2015' },
    fermentables: [
      { name: 'Pale Malt (2 Row) UK', type: 'Grain', amount: 5, color: 3, potential: 1.036, origin: 'United Kingdom', supplier: '' },
      { name: 'Munich Malt', type: 'Grain', amount: 0.5, color: 9, potentialPercentage: 80, supplier: 'Weyermann' },
      { name: 'Caramel/Crystal Malt - 60L', type: 'Grain', amount: 0.3, color: 60, potential: 1.034 },
    ],
    hops: [
      { name: 'Magnum', alpha: 12.5, amount: 28, use: 'Boil', time: 60, type: 'Pellet', usage: 'Bittering', origin: 'Germany' },
      { name: 'Citra', alpha: 12, amount: 30, use: 'Boil', time: 10, type: 'Pellet', usage: 'Both' },
      { name: 'Cascade', alpha: 5.5, amount: 30, use: 'Aroma', time: 0, type: 'Pellet', usage: 'Both' },
      { name: 'Citra', alpha: 12, amount: 50, use: 'Dry Hop', time: 0, day: 3, type: 'Pellet', usage: 'Both' },
    ],
    yeasts: [{ name: 'Safale American', laboratory: 'Fermentis', productId: 'US-05', type: 'Ale', form: 'Dry', amount: 1, unit: 'pkg', attenuation: 81 }],
    miscs: [
      { name: 'Gypsum (Calcium Sulfate)', type: 'Water Agent', use: 'Mash', amount: 5, unit: 'g' },
      { name: 'Whirlfloc Tablet', type: 'Fining', use: 'Boil', amount: 1, unit: 'items' },
    ],
  },
  null,
  2,
);
