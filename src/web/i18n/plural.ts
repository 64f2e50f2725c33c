type PluralForm = 'one' | 'few' | 'many' | 'other';

/**
 * The plural category of a number, by the CLDR rules for Ukrainian and English (what
 * `Intl.PluralRules` answers), without Intl: a browser's first Intl object loads its locale data,
 * ~17 ms of a phone's first page for a review count (docs/decisions/012-first-load.md).
 */
export function pluralForm(language: 'uk' | 'en', n: number): PluralForm {
  const whole = Number.isInteger(n);
  if (language === 'en') return whole && Math.abs(n) === 1 ? 'one' : 'other';
  if (!whole) return 'other';
  const [units, tens] = [Math.abs(n) % 10, Math.abs(n) % 100];
  if (units === 1 && tens !== 11) return 'one';
  if (units >= 2 && units <= 4 && (tens < 12 || tens > 14)) return 'few';
  return 'many';
}

/** Picks the word form a number takes in a language ("1 review", "2 reviews"; "1 відгук", "5 відгуків"). */
export function plural(language: 'uk' | 'en', n: number, forms: Partial<Record<PluralForm, string>> & { other: string }): string {
  return forms[pluralForm(language, n)] ?? forms.other;
}
