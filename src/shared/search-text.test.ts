import { describe, expect, test } from 'vitest';
import {
  categoriesNamedBy,
  categoryKey,
  categoryWordIndex,
  latinForm,
  productSearchColumns,
  queryWordKeys,
  queryWords,
  searchWords,
  skeletonForm,
  typedWords,
} from './search-text';

describe('search text forms', () => {
  test('Cyrillic and Latin spellings of a name share a skeleton', () => {
    expect(skeletonForm('каскад')).toBe(skeletonForm('Cascade'));
    expect(skeletonForm('cascde')).toBe(skeletonForm('Cascade'));
    expect(skeletonForm('сафейл')).toBe(skeletonForm('SafAle'));
    expect(skeletonForm('сітра')).toBe(skeletonForm('Citra'));
    expect(skeletonForm('галаксі')).toBe(skeletonForm('Galaxy'));
    expect(skeletonForm('мозаїк')).toBe(skeletonForm('Mosaic'));
  });

  test('a leading vowel keeps words apart that would otherwise collide', () => {
    expect(skeletonForm('Australia').startsWith(skeletonForm('сітра'))).toBe(false);
  });

  test('latin forms transliterate Ukrainian and fold diacritics', () => {
    expect(latinForm('Хміль')).toBe('khmil');
    expect(latinForm('Mittelfrüh')).toBe('mittelfruh');
    expect(latinForm('Žatec')).toBe('zatec');
    expect(latinForm('Їжак')).toBe('izhak');
  });

  test('suggestions leave out a last lone letter after other words: the next word is still being typed', () => {
    expect(typedWords('Набір п')).toEqual(['набір']);
    expect(typedWords('кран нерж')).toEqual(['кран', 'нерж']);
    // Alone, a letter is all there is; a digit may be a whole model number ("US 5").
    expect(typedWords('w')).toEqual(['w']);
    expect(typedWords('us 5')).toEqual(['us', '5']);
  });

  test('words split on anything but letters and digits; wildcards vanish', () => {
    expect(searchWords('US-05, 100%_ok')).toEqual(['us', '05', '100', 'ok']);
    expect(searchWords('%%%')).toEqual([]);
  });

  test('a product stores every prefix of its words, and a query word finds it by one of them', () => {
    const columns = productSearchColumns({ name: 'Хміль Cascade', producer: 'USA' });
    expect(columns.searchText).toBe(' khmil cascade usa ');
    const matches = (word: string) => queryWordKeys(word).any.some((key) => columns.searchKeys.includes(key));
    expect(matches('каскад')).toBe(true);
    expect(matches('casc')).toBe(true);
    expect(matches('cascde')).toBe(true);
    expect(matches('хміл')).toBe(true);
    expect(matches('citra')).toBe(false);
    // One letter means nothing.
    expect(queryWordKeys('c').any).toEqual([]);
  });

  test('a short skeleton must match a whole word: "кег" does not find "кг"', () => {
    const columns = productSearchColumns({ name: 'Хміль, 1 кг' });
    expect(queryWordKeys('кег').any.some((key) => columns.searchKeys.includes(key))).toBe(false);
    expect(queryWordKeys('кеги').any.some((key) => columns.searchKeys.includes(key))).toBe(false);
  });

  test('a category word names its category, in either language, also in the plural', () => {
    const index = categoryWordIndex([
      { slug: 'Yeast', name: 'Дріжджі', nameEn: 'Yeast', parent: null },
      { slug: 'Equipment', name: 'Обладнання', nameEn: 'Equipment', parent: null },
      { slug: 'Kegs', name: 'Кеги', nameEn: 'Kegs', parent: 'Equipment' },
      { slug: 'Heads', name: 'Заправні головки', nameEn: 'Filling heads', parent: 'Equipment' },
      { slug: 'malt-extract', name: 'Солодовий екстракт', nameEn: 'Malt extract', parent: null },
    ]);
    const named = (word: string) => categoriesNamedBy(word, index).map((c) => c.slug);
    expect(named('кеги')).toEqual(['Kegs']);
    expect(named('kegs')).toEqual(['Kegs']);
    expect(named('головки')).toEqual(['Heads']);
    expect(named('дріжджі')).toEqual(['Yeast']);
    expect(named('каскад')).toEqual([]);
    expect(named('xyzzy')).toEqual([]);
    // A category the owner added, by its own names; a group names its categories' products.
    expect(named('екстракт')).toEqual(['malt-extract']);
    expect(categoriesNamedBy('обладнання', index)[0].productSlugs).toEqual(['Equipment', 'Kegs', 'Heads']);
    // A product stores its category's key, which the query word then looks for.
    expect(productSearchColumns({ name: 'Кег 19 л', producer: 'Kegland', category: 'Kegs' }).searchKeys).toContain(categoryKey('Kegs'));
  });

  test('model names match with or without punctuation and spaces', () => {
    const yeast = productSearchColumns({ name: 'Дріжджі Fermentis SafAle US-05, 500 г', producer: 'Fermentis' });
    const lager = productSearchColumns({ name: 'Дріжджі Fermentis SafLager W-34/70, 500 г', producer: 'Fermentis' });
    const matchesAll = (columns: { searchKeys: string[] }, query: string) =>
      queryWords(query).every((word) => queryWordKeys(word).any.some((key) => columns.searchKeys.includes(key)));
    for (const query of ['us05', 'US-05', 'us 05', 'US05']) expect(matchesAll(yeast, query), query).toBe(true);
    for (const query of ['w34/70', 'w3470', 'W-34/70', 'w34']) expect(matchesAll(lager, query), query).toBe(true);
    expect(matchesAll(yeast, 'us06')).toBe(false);
    expect(queryWords('W-34/70 s 04')).toEqual(['w34', '70', 's04']);
  });

  test('nonsense shares no whole-word skeleton with a real word: "xyzzy" is not "Czech"', () => {
    const czech = productSearchColumns({ name: 'Хміль Saaz (Чехія)', producer: 'Czech Republic' });
    expect(queryWordKeys('xyzzy').any.some((key) => czech.searchKeys.includes(key))).toBe(false);
  });
});
