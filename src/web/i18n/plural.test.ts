import { expect, test } from 'vitest';
import { en } from './en';
import { uk } from './uk';

test('review counts take the word form their number needs', () => {
  expect([1, 2, 5].map((n) => en.catalog.reviewsCount(n))).toEqual(['1 review', '2 reviews', '5 reviews']);
  expect([1, 3, 5, 11, 21, 22].map((n) => uk.catalog.reviewsCount(n))).toEqual([
    '1 відгук',
    '3 відгуки',
    '5 відгуків',
    '11 відгуків',
    '21 відгук',
    '22 відгуки',
  ]);
  expect(en.catalog.rating(4, 1)).toBe('Rated 4.0 of 5, 1 review');
});
