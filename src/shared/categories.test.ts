import { describe, expect, test } from 'vitest';
import { attributesFromFields, categoryPath, checkAttributeValues, attributeFields, parseAttributeFilters } from './categories.js';

const hops = [
  { key: 'alpha', type: 'number' as const, options: [], filterable: true },
  {
    key: 'purpose',
    type: 'enum' as const,
    options: [
      { value: 'aroma', name: 'Ароматичний', nameEn: 'Aroma' },
      { value: 'dual', name: 'Універсальний', nameEn: 'Dual' },
    ],
    filterable: true,
  },
  { key: 'aroma', type: 'text' as const, options: [], filterable: false },
  { key: 'organic', type: 'boolean' as const, options: [], filterable: true },
];

describe('attribute filters in the address', () => {
  test.each([
    ['12..14', { min: 12, max: 14 }],
    ['12-14', { min: 12, max: 14 }],
    ['12,5..', { min: 12.5, max: null }],
    ['..14', { min: null, max: 14 }],
    ['13', { min: 13, max: 13 }],
  ])('a number range %s', (value, range) => {
    expect(parseAttributeFilters(hops, { 'attr.alpha': value })).toEqual({ ok: true, filters: [{ key: 'alpha', type: 'range', ...range }] });
  });

  test('values, comma-separated or repeated; yes/no as true or false', () => {
    expect(parseAttributeFilters(hops, { 'attr.purpose': 'aroma,dual', 'attr.organic': 'true', keyword: 'x' })).toEqual({
      ok: true,
      filters: [
        { key: 'purpose', type: 'values', values: ['aroma', 'dual'] },
        { key: 'organic', type: 'values', values: ['true'] },
      ],
    });
    expect(parseAttributeFilters(hops, { 'attr.purpose': ['aroma', 'dual'] })).toMatchObject({ ok: true, filters: [{ values: ['aroma', 'dual'] }] });
  });

  test.each([
    ['attr.alpha', '14..12', 'malformed'],
    ['attr.alpha', '..', 'malformed'],
    ['attr.alpha', 'abc', 'malformed'],
    ['attr.purpose', 'sweet', 'malformed'],
    ['attr.organic', 'maybe', 'malformed'],
    ['attr.aroma', 'citrus', 'unknown'],
    ['attr.colour', '5..10', 'unknown'],
  ])('%s=%s is refused as %s', (param, value, reason) => {
    expect(parseAttributeFilters(hops, { [param]: value })).toEqual({ ok: false, param, reason });
  });
});

describe("a product's attribute values", () => {
  test('clean values pass, trimmed; null and empty remove one', () => {
    expect(
      checkAttributeValues(hops, { alpha: 12.5, purpose: 'aroma', aroma: ' цитрус ', organic: false, beta: undefined, cropYear: undefined }),
    ).toMatchObject({
      ok: false,
      key: 'beta',
    });
    expect(checkAttributeValues(hops, { alpha: 12.5, purpose: 'aroma', aroma: ' цитрус ', organic: false })).toEqual({
      ok: true,
      values: { alpha: 12.5, purpose: 'aroma', aroma: 'цитрус', organic: false },
    });
    expect(checkAttributeValues(hops, { alpha: null, aroma: '' })).toEqual({ ok: true, values: {} });
  });

  test.each([
    [{ alpha: '12' }, 'type'],
    [{ alpha: Number.NaN }, 'type'],
    [{ purpose: 'sweet' }, 'option'],
    [{ organic: 'yes' }, 'type'],
    [{ aroma: 'х'.repeat(201) }, 'length'],
    [{ colour: 5 }, 'unknown'],
  ])('%o is refused (%s)', (values, reason) => {
    expect(checkAttributeValues(hops, values)).toMatchObject({ ok: false, reason });
  });

  test('the fields from before attributes read from and write to the attributes', () => {
    expect(attributeFields({ alpha: 12.4, cropYear: 2025, purpose: 'aroma' })).toEqual({
      alphaAcid: 12.4,
      cropYear: 2025,
      fermentationType: null,
      fermentationTemperature: null,
    });
    expect(attributeFields({ fermentation: 'bottom', temperature: '12–15 °C' })).toEqual({
      alphaAcid: null,
      cropYear: null,
      fermentationType: 'bottom',
      fermentationTemperature: '12–15 °C',
    });
    expect(attributesFromFields({ alphaAcid: 12, fermentationType: null })).toEqual({ alpha: 12, fermentation: null });
  });
});

test('category pages keep the old addresses; a new category gets /catalog/{slug}', () => {
  expect(categoryPath('Hops', null)).toBe('/hops');
  expect(categoryPath('Kegs', 'Equipment')).toBe('/equipment?category=Kegs');
  expect(categoryPath('malt-extract', null)).toBe('/catalog/malt-extract');
});
