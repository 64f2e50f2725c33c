import { expect, test } from 'vitest';
import { imageSrcSet, storedWidths } from './product-images';

test('an upload and a demo picture have their stored widths; another address has none and no srcset', () => {
  const url = '/uploads/0b7c1f1e-3d2a-4c55-9a53-1f0e2c3d4b5a-800.webp';
  expect(storedWidths(url)).toEqual([400, 800]);
  expect(imageSrcSet({ url, widths: [400, 800] })).toBe(
    '/uploads/0b7c1f1e-3d2a-4c55-9a53-1f0e2c3d4b5a-400.webp 400w, /uploads/0b7c1f1e-3d2a-4c55-9a53-1f0e2c3d4b5a-800.webp 800w',
  );
  expect(storedWidths('/images/products/hop-cascade-usa.svg')).toEqual([400, 800]);
  expect(imageSrcSet({ url: '/images/products/hop-cascade-usa.svg', widths: [400, 800] })).toBe(
    '/images/products/hop-cascade-usa-400.webp 400w, /images/products/hop-cascade-usa-800.webp 800w',
  );
  expect(storedWidths('/images/cascade.svg')).toEqual([]);
  expect(storedWidths('/uploads/old-photo.webp')).toEqual([]);
  expect(imageSrcSet({ url: '/images/cascade.svg', widths: [] })).toBeUndefined();
});
