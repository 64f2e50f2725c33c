/** Picks the word form a number takes in a language ("1 review", "2 reviews"; "1 відгук", "5 відгуків"). */
export function plural(language: 'uk' | 'en', n: number, forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }): string {
  return forms[new Intl.PluralRules(language).select(n)] ?? forms.other;
}
