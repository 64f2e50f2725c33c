import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProductDetailSchema, ProductListSchema, ProductUpdateSchema, type Product } from '../products.js';
import { fromWire, toWire } from './index.js';

const hop = {
  producer: 'Czech Republic',
  alphaAcid: 3.5,
  cropYear: 2024,
  fermentationTemperature: null,
  fermentationType: null,
} satisfies Partial<Product>;

describe('the original product fields at the edge', () => {
  it('answers each product, wherever it sits, with the original fields beside the true ones', () => {
    const list = toWire(ProductListSchema, { products: [{ name: 'Saaz', ...hop }], page: 1, pages: 1 }) as { products: Record<string, unknown>[] };
    expect(list.products[0]).toEqual({
      name: 'Saaz',
      origin: 'Czech Republic',
      producer: 'Czech Republic',
      alfa: 3.5,
      alphaAcid: 3.5,
      cropYear: 2024,
      ferment_temp: null,
      fermentationTemperature: null,
      ferment_type: null,
      fermentationType: null,
    });
    expect(toWire(ProductDetailSchema, { ...hop, reviews: [] })).toMatchObject({ origin: 'Czech Republic', alfa: 3.5, reviews: [] });
    // Fields a schema does not know are left alone; so is anything that is not an object of it.
    expect(toWire(ProductListSchema, null)).toBeNull();
    expect(toWire(z.object({ origin: z.string() }), { origin: 'x' })).toEqual({ origin: 'x' });
  });

  it('takes an edit posted with the original names as the true one; a field given both ways keeps the true one', () => {
    expect(fromWire(ProductUpdateSchema, { name: 'Saaz', origin: 'USA', alfa: 4, ferment_temp: '18 °C', ferment_type: 'top' })).toEqual({
      name: 'Saaz',
      producer: 'USA',
      alphaAcid: 4,
      fermentationTemperature: '18 °C',
      fermentationType: 'top',
    });
    expect(fromWire(ProductUpdateSchema, { producer: 'Нове', origin: 'Старе' })).toEqual({ producer: 'Нове' });
    const truthful = { name: 'Saaz', producer: 'USA', alphaAcid: null };
    expect(fromWire(ProductUpdateSchema, truthful)).toEqual(truthful);
    expect(fromWire(ProductUpdateSchema, 'not an object')).toBe('not an object');
  });
});
