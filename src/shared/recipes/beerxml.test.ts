import { describe, expect, test } from 'vitest';
import { en } from '../errors/en';
import { wordError } from '../errors/index';
import { decodeRecipeBytes, parseBeerXml, RecipeImportError } from './beerxml';

const english = (err: RecipeImportError) => wordError(en, err.code, err.params);
import { IPA_BEERSMITH, STOUT_BREWTARGET, TWO_RECIPES_BREWFATHER, windows1251Recipe } from './test-recipes';

function importError(run: () => unknown): RecipeImportError {
  try {
    run();
  } catch (err) {
    if (err instanceof RecipeImportError) return err;
    throw err;
  }
  throw new Error('expected a RecipeImportError');
}

describe('BeerXML import', () => {
  test('a BeerSmith export: every list, SI units, the recipe’s own figures', () => {
    const [recipe] = parseBeerXml(IPA_BEERSMITH);
    expect(recipe).toMatchObject({
      name: 'Citra West Coast IPA',
      style: 'American IPA',
      batchSizeL: 20,
      boilTimeMin: 60,
      og: 1.062,
      fg: 1.012,
      ibu: 55,
      abv: 6.6,
    });
    expect(recipe.colorEbc).toBeCloseTo(16.7, 1);
    expect(recipe.hops.map((h) => [h.name, h.use, h.amountKg])).toEqual([
      ['Magnum', 'boil', 0.028],
      ['Citra', 'boil', 0.03],
      ['Cascade', 'aroma', 0.03],
      ['Citra', 'dry hop', 0.05],
    ]);
    expect(recipe.fermentables[2]).toMatchObject({ name: 'Caramel/Crystal Malt - 60L', amountKg: 0.3, colorEbc: 118.2 });
    expect(recipe.yeasts[0]).toMatchObject({ productId: 'US-05', laboratory: 'Fermentis', amount: 0.0115, amountIsWeight: true });
    expect(recipe.miscs.map((m) => m.type)).toEqual(['Water Agent', 'Fining']);
  });

  test('a Brewfather export: two recipes, empty numbers, DISPLAY_AMOUNT only, decimal commas, computed figures', () => {
    const recipes = parseBeerXml(TWO_RECIPES_BREWFATHER);
    expect(recipes.map((r) => r.name)).toEqual(['Чеський світлий лагер', 'English Bitter']);
    const [lager] = recipes;
    expect(lager.efficiencyPct).toBe(72);
    expect(lager.fermentables.map((f) => f.amountKg)).toEqual([5.2, 0.25]);
    expect(lager.hops[1].alphaPct).toBeNull();
    expect(lager.hops[0].use).toBe('first wort');
    // No OG, FG, IBU or colour in the file: estimated from the ingredients.
    expect(lager.og).toBeGreaterThan(1.04);
    expect(lager.og).toBeLessThan(1.06);
    expect(lager.fg).toBeLessThan(lager.og!);
    expect(lager.ibu).toBeGreaterThan(10);
    expect(lager.colorEbc).toBeGreaterThan(4);
  });

  test('a Brewtarget file with a bare <RECIPE> root and no declaration', () => {
    const [stout] = parseBeerXml(STOUT_BREWTARGET);
    expect(stout.name).toBe('Dry Stout');
    expect(stout.fermentables).toHaveLength(3);
    expect(stout.colorEbc).toBeGreaterThan(60);
  });

  test('Windows-1251 and UTF-8 with a BOM are read in their encoding', () => {
    const [wheat] = parseBeerXml(decodeRecipeBytes(windows1251Recipe()));
    expect(wheat.name).toBe('Пшеничне');
    expect(wheat.fermentables[0].name).toBe('Пшеничний солод');
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(IPA_BEERSMITH)]);
    expect(parseBeerXml(decodeRecipeBytes(bom))[0].name).toBe('Citra West Coast IPA');
  });

  test('a file whose bytes are not the declared UTF-8, or an unknown encoding, is refused', () => {
    const latin = Uint8Array.from([...'<RECIPES><RECIPE><NAME>Caf'].map((c) => c.charCodeAt(0)).concat([0xe9]));
    expect(importError(() => decodeRecipeBytes(latin)).code).toBe('RECIPE_ENCODING');
    const ebcdic = new TextEncoder().encode('<?xml version="1.0" encoding="EBCDIC-US"?><RECIPES/>');
    expect(importError(() => decodeRecipeBytes(ebcdic)).message).toContain('ebcdic-us');
    expect(english(importError(() => decodeRecipeBytes(ebcdic)))).toBe('The encoding “ebcdic-us” is not supported: save the file in UTF-8 or Windows-1251');
  });

  test('XXE and billion laughs are refused before any entity is read', () => {
    const xxe = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]><RECIPES><RECIPE><NAME>&x;</NAME></RECIPE></RECIPES>`;
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">]>\n<RECIPES>&lol2;</RECIPES>`;
    for (const hostile of [xxe, laughs]) {
      const err = importError(() => parseBeerXml(hostile));
      expect(err.code).toBe('RECIPE_UNSAFE_XML');
      expect(err.message).toMatch(/DOCTYPE/);
    }
    // An undeclared entity without a DOCTYPE is refused too.
    expect(importError(() => parseBeerXml('<RECIPES><RECIPE><NAME>&lol;</NAME></RECIPE></RECIPES>')).code).toBe('RECIPE_UNSAFE_XML');
    // A bare ampersand is broken XML, not a hostile one.
    expect(importError(() => parseBeerXml('<RECIPES><RECIPE><NAME>AT&T</NAME></RECIPE></RECIPES>')).code).toBe('RECIPE_INVALID_XML');
    // The predefined ones and character references are fine.
    const [recipe] = parseBeerXml('<RECIPES><RECIPE><NAME>Ale &amp; Lager &#8470;1</NAME><BATCH_SIZE>20</BATCH_SIZE></RECIPE></RECIPES>');
    expect(recipe.name).toBe('Ale & Lager №1');
  });

  test('broken XML names the line in Ukrainian', () => {
    const err = importError(() => parseBeerXml('<RECIPES>\n<RECIPE>\n<NAME>IPA</NAME>\n<BATCH_SIZE>20</BATCH_SIZ>\n</RECIPE>\n</RECIPES>'));
    expect(err.code).toBe('RECIPE_INVALID_XML');
    expect(err.line).toBe(4);
    expect(err.message).toMatch(/^Рядок 4: очікувався <\/BATCH_SIZE>/);
    expect(english(err)).toBe('The file is not well-formed XML (line 4): expected </BATCH_SIZE> (opened on line 4), found </BATCH_SIZ>');
  });

  test('a bad field is named with its line and the recipe', () => {
    const text =
      '<RECIPES><RECIPE><NAME>IPA</NAME><BATCH_SIZE>20</BATCH_SIZE>\n<HOPS><HOP><NAME>Citra</NAME>\n<AMOUNT>багато</AMOUNT></HOP></HOPS></RECIPE></RECIPES>';
    const err = importError(() => parseBeerXml(text));
    expect(err.code).toBe('RECIPE_BAD_FIELD');
    expect(err.message).toBe('Рядок 3, рецепт «IPA», хміль 1, поле AMOUNT: «багато» не є числом');
    expect(english(err)).toBe('Line 3, recipe “IPA”, hop 1, field AMOUNT: “багато” is not a number');
    const noBatch = importError(() => parseBeerXml('<RECIPES><RECIPE><NAME>IPA</NAME></RECIPE></RECIPES>'));
    expect(noBatch.message).toContain('BATCH_SIZE');
    expect(english(noBatch)).toBe('Line 1, recipe “IPA”, field BATCH_SIZE: no batch size (in litres)');
  });

  test('not BeerXML, too many ingredients, too large', () => {
    expect(importError(() => parseBeerXml('<html><body/></html>')).code).toBe('RECIPE_NOT_BEERXML');
    expect(importError(() => parseBeerXml('just text')).code).toBe('RECIPE_INVALID_XML');
    const many = Array.from({ length: 201 }, () => '<MISC><NAME>Salt</NAME></MISC>').join('');
    expect(importError(() => parseBeerXml(`<RECIPES><RECIPE><NAME>X</NAME><BATCH_SIZE>20</BATCH_SIZE><MISCS>${many}</MISCS></RECIPE></RECIPES>`)).code).toBe(
      'RECIPE_TOO_MANY_INGREDIENTS',
    );
    expect(importError(() => decodeRecipeBytes(new Uint8Array(1024 * 1024 + 1))).code).toBe('RECIPE_TOO_LARGE');
  });
});
