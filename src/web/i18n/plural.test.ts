import { expect, test } from 'vitest';
import { en } from './en';
import { pluralForm } from './plural';
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

test('the plural forms are the CLDR forms Intl gives, for whole numbers and fractions', () => {
  const numbers = [...Array.from({ length: 1200 }, (_, n) => n), -1, -2, -5, -11, -21, 0.5, 1.5, 2.25, 10.1];
  for (const language of ['uk', 'en'] as const) {
    const rules = new Intl.PluralRules(language);
    for (const n of numbers) expect(pluralForm(language, n), `${language} ${n}`).toBe(rules.select(n));
  }
});
