import { describe, expect, test } from 'vitest';
import { latinForm, productSearchColumns, searchWords, skeletonForm } from './search-text';

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

  test('words split on anything but letters and digits; wildcards vanish', () => {
    expect(searchWords('US-05, 100%_ok')).toEqual(['us', '05', '100', 'ok']);
    expect(searchWords('%%%')).toEqual([]);
  });

  test('stored columns are padded so word starts can be matched', () => {
    const columns = productSearchColumns('Хміль Cascade', 'USA');
    expect(columns.searchText).toBe(' khmil cascade usa ');
    expect(columns.searchSkeleton.startsWith(' ')).toBe(true);
    expect(columns.searchSkeleton.endsWith(' ')).toBe(true);
  });
});
