import { describe, expect, test } from 'vitest';
import { parseBeerXml } from './beerxml';
import { colourFromText, hopVarietyOf, maltKindOf, matchRecipe, normalizeName, yeastStrainOf, type CatalogItem } from './matching';
import { compareIbu, planPurchase } from './plan';
import { IPA_BEERSMITH, TWO_RECIPES_BREWFATHER } from './test-recipes';

let nextId = 0;
function product(category: string, name: string, extra: Partial<CatalogItem> & { stock?: number; packs?: [string, number, number][] } = {}): CatalogItem {
  const id = `p${++nextId}`;
  const stock = extra.stock ?? 10;
  const packs =
    extra.packs ??
    (category === 'Malt'
      ? [
          ['1 кг', 62, stock],
          ['5 кг', 295, Math.floor(stock / 5)],
        ]
      : category === 'Yeast'
        ? [['11,5 г', 95, stock]]
        : [
            ['50 г', 130, stock],
            ['100 г', 240, stock],
          ]);
  return {
    id: id,
    slug: id,
    name,
    image: '/x.webp',
    category,
    producer: '',
    alphaAcid: null,
    colorEbc: null,
    ...extra,
    variants: packs.map(([label, price, countInStock], i) => ({ id: `${id}-v${i}`, label, price, discount: 0, countInStock, weight: 0.1 })),
  };
}

const catalog: CatalogItem[] = [
  product('Hops', 'Хміль Citra (США), гранули T90', { alphaAcid: 14, stock: 0 }),
  product('Hops', 'Хміль Galaxy (Австралія), гранули T90', { alphaAcid: 14.2 }),
  product('Hops', 'Хміль Mosaic (США), гранули T90', { alphaAcid: 12.1 }),
  product('Hops', 'Хміль Cascade (США), гранули T90', { alphaAcid: 6.4 }),
  product('Hops', 'Хміль Hallertauer Magnum (Німеччина), гранули T90', { alphaAcid: 14 }),
  product('Hops', 'Хміль Hallertauer Mittelfrüh (Німеччина), гранули T90', { alphaAcid: 4.1 }),
  product('Hops', 'Хміль Saaz / Žatec (Чехія), гранули T90', { alphaAcid: 3.4 }),
  product('Malt', 'Солод Viking Malt Pale Ale', { colorEbc: 6, producer: 'Viking Malt' }),
  product('Malt', 'Солод Weyermann Pilsner', { colorEbc: 3.5, producer: 'Weyermann' }),
  product('Malt', 'Солод Weyermann Munich Type I', { colorEbc: 14.5, producer: 'Weyermann' }),
  product('Malt', 'Солод Weyermann Caramunich Type II', { colorEbc: 120, producer: 'Weyermann' }),
  product('Yeast', 'Дріжджі Fermentis SafAle US-05'),
  product('Yeast', 'Дріжджі Fermentis SafLager W-34/70'),
  product('Yeast', 'Дріжджі Lallemand LalBrew Diamond Lager'),
];

describe('names', () => {
  test('hop varieties in Latin, Cyrillic and with or without accents', () => {
    expect(normalizeName('Hallertauer Mittelfrüh')).toBe('hallertauer mittelfruh');
    expect(hopVarietyOf('Žatec')).toBe('saaz');
    expect(hopVarietyOf('Жатецький')).toBe('saaz');
    expect(hopVarietyOf('Czech Saaz')).toBe('saaz');
    expect(hopVarietyOf('Hallertau Mittelfrueh')).toBe('hallertau-mittelfruh');
    expect(hopVarietyOf('Хміль Hallertauer Magnum (Німеччина)')).toBe('magnum');
    expect(hopVarietyOf('Каскад')).toBe('cascade');
    expect(hopVarietyOf('Unobtanium')).toBeNull();
  });

  test('yeast product codes however they are written', () => {
    expect(yeastStrainOf('US-05')).toBe('us-05');
    expect(yeastStrainOf('Safale US05')).toBe('us-05');
    expect(yeastStrainOf('SafLager W-34/70')).toBe('w-34/70');
    expect(yeastStrainOf('W34/70')).toBe('w-34/70');
    expect(yeastStrainOf('BE-256')).toBe('be-256');
    expect(yeastStrainOf('LalBrew Verdant IPA')).toBe('verdant-ipa');
    expect(yeastStrainOf('Nottingham Ale Yeast')).toBe('nottingham');
  });

  test('malt kinds and colours from names and descriptions', () => {
    expect(maltKindOf('Caramel/Crystal Malt - 60L')).toBe('crystal');
    expect(maltKindOf('Pale Malt (2 Row) UK')).toBe('pale');
    expect(maltKindOf('Солод Weyermann Caramunich Type II')).toBe('crystal');
    expect(colourFromText('Базовий солод, колір 2,5–4,5 EBC.')).toBe(3.5);
    expect(colourFromText('кольору близько 900 EBC')).toBe(900);
    expect(colourFromText('без кольору')).toBeNull();
  });
});

describe('matching a recipe', () => {
  const [ipa] = parseBeerXml(IPA_BEERSMITH);

  test('sold-out Citra gets an in-stock substitute with the reason; the exact match stays listed as sold out', () => {
    const match = matchRecipe(ipa, catalog);
    const citra = match.ingredients.find((i) => i.key === 'hop-1')!;
    expect(citra.status).toBe('substitute');
    expect(citra.note).toBe('Citra немає в наявності — запропоновано заміну');
    expect(citra.candidates[0].name).toContain('Galaxy');
    expect(citra.candidates[0].reason).toMatch(/^Звична заміна Citra/);
    expect(citra.candidates.at(-1)).toMatchObject({ inStock: false, substitute: false });
  });

  test('a bittering addition is rescaled to the lot’s alpha; aroma and dry hops keep their weight', () => {
    const match = matchRecipe(ipa, catalog);
    const magnum = match.ingredients.find((i) => i.key === 'hop-0')!;
    expect(magnum.status).toBe('matched');
    expect(magnum.candidates[0].amountKg).toBeCloseTo((0.028 * 12.5) / 14, 9);
    expect(magnum.candidates[0].reason).toContain('перераховано з α 12,5 % на 14 %');
    const dry = match.ingredients.find((i) => i.key === 'hop-3')!;
    expect(dry.candidates[0].amountKg).toBeCloseTo(0.05, 9);
  });

  test('malts by kind and colour, yeast by code, water salts and finings said plainly', () => {
    const match = matchRecipe(ipa, catalog);
    const byKey = Object.fromEntries(match.ingredients.map((i) => [i.key, i]));
    expect(byKey['fermentable-0'].candidates[0].name).toContain('Pale Ale');
    expect(byKey['fermentable-1'].candidates[0].name).toContain('Munich');
    expect(byKey['fermentable-2'].candidates[0].name).toContain('Caramunich');
    expect(byKey['yeast-0']).toMatchObject({ status: 'matched' });
    expect(byKey['yeast-0'].candidates[0].reason).toBe('Той самий штам (SafAle US-05)');
    expect(byKey['misc-0']).toMatchObject({ status: 'not-sold', note: 'Солі та кислоти для води в магазині не продаються' });
    expect(byKey['misc-1'].note).toMatch(/Освітлювачі/);
  });

  test('a liquid lager yeast gets dry lager strains of its family; Žatec and Жатецький find Saaz', () => {
    const [lager] = parseBeerXml(TWO_RECIPES_BREWFATHER);
    const match = matchRecipe(lager, catalog);
    const yeast = match.ingredients.find((i) => i.kind === 'yeast')!;
    expect(yeast.status).toBe('substitute');
    expect(yeast.candidates.map((c) => c.name)).toEqual(expect.arrayContaining([expect.stringContaining('W-34/70'), expect.stringContaining('Diamond')]));
    expect(yeast.candidates[0].reason).toMatch(/^Сухий аналог WLP830/);
    // 25 L of lager: two sachets.
    expect(yeast.candidates[0].amountKg).toBeCloseTo(0.023, 9);
    const hops = match.ingredients.filter((i) => i.kind === 'hop');
    expect(hops.map((h) => h.candidates[0]?.name)).toEqual([
      expect.stringContaining('Saaz'),
      expect.stringContaining('Saaz'),
      expect.stringContaining('Mittelfrüh'),
    ]);
  });

  test('scaling 20 → 23 L: every amount grows 15 %; the plan adds up both Citra lines, picks packs and leaves out what is not sold', () => {
    const match = matchRecipe(ipa, catalog, { batchSizeL: 23 });
    expect(match.scale).toBeCloseTo(1.15, 9);
    const pale = match.ingredients.find((i) => i.key === 'fermentable-0')!;
    expect(pale.amountKg).toBeCloseTo(5.75, 9);
    const plan = planPurchase(match, {}, { milled: true });
    const galaxy = plan.lines.find((l) => l.name.includes('Galaxy'))!;
    expect(galaxy.ingredientKeys).toEqual(['hop-1', 'hop-3']);
    // 30 g × 12/14.2 is not rescaled (a 10-minute addition): 34.5 g + 57.5 g dry = 92 g → one 100 g pack.
    expect(galaxy.amountKg).toBeCloseTo(0.092, 9);
    expect(galaxy.packs.map((p) => [p.pack.label, p.qty])).toEqual([['100 г', 1]]);
    const paleLine = plan.lines.find((l) => l.name.includes('Pale Ale'))!;
    expect(paleLine.milled).toBe(true);
    expect(paleLine.packs.map((p) => [p.pack.label, p.qty])).toEqual([
      ['5 кг', 1],
      ['1 кг', 1],
    ]);
    expect(plan.lines.find((l) => l.category === 'Yeast')!.milled).toBe(false);
    expect(plan.leftOut.map((l) => l.key)).toEqual(['misc-0', 'misc-1']);
    expect(plan.costMinor).toBe(plan.lines.reduce((sum, l) => sum + l.costMinor, 0));
  });

  test('changing a match and leaving a line out; the IBU with the chosen hops stays near the recipe’s', () => {
    const match = matchRecipe(ipa, catalog);
    const mosaic = match.ingredients.find((i) => i.key === 'hop-1')!.candidates.find((c) => c.name.includes('Mosaic'))!;
    const plan = planPurchase(match, { 'hop-1': mosaic.productId, 'hop-2': null }, { milled: false });
    expect(plan.lines.some((l) => l.name.includes('Mosaic'))).toBe(true);
    expect(plan.leftOut.find((l) => l.key === 'hop-2')?.reason).toBe('Ви прибрали цей рядок');
    const ibu = compareIbu(ipa, match, {});
    expect(ibu.recipe).toBe(55);
    expect(Math.abs(ibu.withChosenHops! - ibu.designed)).toBeLessThan(3);
  });
});
