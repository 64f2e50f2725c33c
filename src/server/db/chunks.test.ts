import { expect, test } from 'vitest';
import { CHUNK, chunks } from './chunks.js';

test('a long list comes in slices of the size asked, the last one shorter, nothing lost or repeated', () => {
  expect(chunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
  expect(chunks([], 2)).toEqual([]);
  const many = Array.from({ length: CHUNK * 2 + 1 }, (_, i) => i);
  const parts = chunks(many);
  expect(parts.map((part) => part.length)).toEqual([CHUNK, CHUNK, 1]);
  expect(parts.flat()).toEqual(many);
});
