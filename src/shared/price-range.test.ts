import { expect, test } from 'vitest';
import { formatPriceRange, parsePriceRange } from './price-range';

test('a price range reads hryvnia with either end left out and a decimal comma', () => {
  expect(parsePriceRange('100-500')).toEqual({ min: 100, max: 500 });
  expect(parsePriceRange('100,5-500')).toEqual({ min: 100.5, max: 500 });
  expect(parsePriceRange('100..500')).toEqual({ min: 100, max: 500 });
  expect(parsePriceRange('100-')).toEqual({ min: 100, max: null });
  expect(parsePriceRange('-500')).toEqual({ min: null, max: 500 });
  expect(formatPriceRange('100', '500,5')).toBe('100-500.5');
  expect(formatPriceRange(' ', '')).toBeUndefined();
});

test('anything else is not a range', () => {
  for (const bad of ['', '-', 'abc', '500-100', '1-2-3', "100-500' or 1=1--", '1e3-2e3', '-5--1', '99999999-', '100;500']) {
    expect(parsePriceRange(bad), bad).toBeNull();
  }
});
