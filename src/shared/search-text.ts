/**
 * Text forms that make catalogue search forgiving (Cyrillic or Latin, small typos).
 * - latinForm: lower-case Latin transliteration, used for substring and trigram matching.
 * - skeletonForm: consonant classes only, so "каскад", "Cascade" and "cascde" all read "kskd",
 *   and "сафейл" and "SafAle" both read "sfl".
 * Both the stored product text and the shopper's query go through the same functions.
 */

const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  ы: 'y',
  э: 'e',
  ё: 'io',
  ъ: '',
};

/**
 * Sounds written alike in both alphabets map to one consonant class (s and z merge: "Mosaic" is
 * often written "Мозаїк"); vowels vanish except a leading one, which reads "a".
 */
const CYRILLIC_TO_SKELETON: Record<string, string> = {
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  ж: 's',
  з: 's',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  ф: 'f',
  х: 'g',
  ц: 's',
  ч: 's',
  ш: 's',
  щ: 's',
};
const LATIN_DIGRAPHS: [RegExp, string][] = [
  [/sch|sh|ch/g, 's'],
  [/ph/g, 'f'],
  [/th/g, 't'],
  [/ck/g, 'k'],
  [/kh/g, 'g'],
  [/c(?=[eiy])/g, 's'],
  [/x/g, 'ks'],
  [/qu/g, 'kv'],
];
const LATIN_TO_SKELETON: Record<string, string> = {
  b: 'b',
  c: 'k',
  d: 'd',
  f: 'f',
  g: 'g',
  h: 'g',
  k: 'k',
  l: 'l',
  m: 'm',
  n: 'n',
  p: 'p',
  q: 'k',
  r: 'r',
  s: 's',
  t: 't',
  v: 'v',
  w: 'v',
  z: 's',
};

function fold(text: string): string {
  // NFKD splits "ü" into "u" + a combining mark, which is then dropped; "й" and "ї" are letters
  // of their own in Ukrainian, so they are put back together first.
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/и\u0306/g, 'й')
    .replace(/і\u0308/g, 'ї')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Words of a text: letters and digits, everything else separates. */
export function searchWords(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

export function latinForm(word: string): string {
  let out = '';
  for (const ch of fold(word)) out += CYRILLIC_TO_LATIN[ch] ?? ch;
  return out.replace(/[^a-z0-9]/g, '');
}

export function skeletonForm(word: string): string {
  let latin = '';
  for (const ch of fold(word)) {
    if (ch in CYRILLIC_TO_SKELETON) latin += CYRILLIC_TO_SKELETON[ch].toUpperCase();
    else latin += ch;
  }
  // Upper-case letters came from Cyrillic and are already classes; lower-case are Latin.
  for (const [pattern, replacement] of LATIN_DIGRAPHS) latin = latin.replace(pattern, replacement.toUpperCase());
  let out = /^[aeiouyаеєиіїоуюяыэё]/.test(latin) ? 'a' : '';
  for (const ch of latin) {
    const cls = ch >= '0' && ch <= '9' ? ch : ch === ch.toUpperCase() ? ch.toLowerCase() : LATIN_TO_SKELETON[ch];
    if (cls && /[a-z0-9]/.test(cls) && !out.endsWith(cls)) out += cls;
  }
  return out;
}

/** Words longer than this are matched by their first letters only. */
const MAX_KEY_LENGTH = 15;

/**
 * Words shoppers use for the seeded categories beside their names (plurals, synonyms), by slug. Every
 * category, one the owner adds too, is also named by its own Ukrainian and English names, read from
 * the catalogue at each search, so a renamed category is found by its new name at once
 * (docs/decisions/001-search.md).
 */
export const CATEGORY_SEARCH_WORDS: Record<string, string> = {
  Hops: 'хміль hops hop',
  Yeast: 'дріжджі yeast',
  Malt: 'солод malt',
  Kegs: 'кеги кег keg kegs',
  Fittings: 'фітинги фітинг fittings fitting',
  Heads: 'заправні головки головка coupler couplers',
  Coolers: 'охолоджувачі охолоджувач чилери чилер chiller chillers cooler',
  BeerTaps: 'пивні крани кран tap taps',
  Defoamers: 'піногасники піногасник defoamer',
  Reducers: 'редуктори редуктор regulator regulators',
  BeerColumns: 'пивні колони колона tower towers',
  Accessories: 'аксесуари приладдя accessories',
};

/** Abbreviations and units ("кг", "мл", "шт") have no vowel: they never stand for a longer word. */
const hasVowel = (latin: string) => /[aeiouy]/.test(latin);

/**
 * Model names are written with or without punctuation and spaces ("US-05", "us05", "US 05"):
 * a name also stores its model parts written together: a short letter code (up to three letters)
 * or a number followed by one or two numbers ("US-05" → "us05", "W-34/70" → "w3470", "34/70" → "3470").
 */
function joinedModelWords(words: string[]): string[] {
  const joined: string[] = [];
  const isNumber = (w: string) => /^\d+$/.test(w);
  const isCode = (w: string) => isNumber(w) || (w.length <= 3 && /^\p{L}+$/u.test(w));
  for (let i = 0; i + 1 < words.length; i++) {
    if (!isCode(words[i]) || !isNumber(words[i + 1])) continue;
    joined.push(words[i] + words[i + 1]);
    if (i + 2 < words.length && isNumber(words[i + 2])) joined.push(words[i] + words[i + 1] + words[i + 2]);
  }
  return joined;
}

function addWordKeys(keys: Set<string>, word: string) {
  const latin = latinForm(word).slice(0, MAX_KEY_LENGTH);
  const skeleton = skeletonForm(word).slice(0, MAX_KEY_LENGTH);
  for (let n = 2; n <= latin.length; n++) keys.add(`l${latin.slice(0, n)}`);
  for (let n = 3; n <= skeleton.length; n++) keys.add(`s${skeleton.slice(0, n)}`);
  if (latin) keys.add(`=${latin}`);
  if (skeleton.length >= 2 && hasVowel(latin)) keys.add(`~${latin[0]}${skeleton}`);
}

/** The key every product of a category stores, which a query word naming the category looks for. */
export const categoryKey = (category: string) => `#${category}`;

/**
 * The stored search columns of a product.
 * - searchText: Latin forms, padded with spaces, for the trigram fallback that catches typos.
 * - searchKeys: every prefix of every word's Latin form ("l…") and consonant skeleton ("s…"),
 *   the whole words ("=…", "~…"), model names written together and the category ("#…"), so a
 *   query word matches by one GIN array lookup, and several words by one index scan.
 */
export function productSearchColumns(product: { name: string; producer?: string; category?: string }): { searchText: string; searchKeys: string[] } {
  const words = [product.name, product.producer ?? ''].flatMap(searchWords);
  const keys = new Set<string>();
  for (const word of [...words, ...joinedModelWords(words)]) addWordKeys(keys, word);
  if (product.category) keys.add(categoryKey(product.category));
  return { searchText: ` ${words.map(latinForm).join(' ')} `, searchKeys: [...keys] };
}

/** A category as the search reads it from the catalogue. */
export interface SearchCategory {
  slug: string;
  name: string;
  nameEn: string;
  /** The group's slug, or null. */
  parent: string | null;
}

/** Each category's word keys and the slugs its products are filed under (a group's are its categories'). */
export type CategoryWordIndex = { slug: string; productSlugs: string[]; keys: Set<string> }[];

export function categoryWordIndex(categories: readonly SearchCategory[]): CategoryWordIndex {
  return categories.map((category) => {
    const keys = new Set<string>();
    for (const word of searchWords(`${category.name} ${category.nameEn} ${CATEGORY_SEARCH_WORDS[category.slug] ?? ''}`)) addWordKeys(keys, word);
    const children = categories.filter((c) => c.parent === category.slug).map((c) => c.slug);
    return { slug: category.slug, productSlugs: [category.slug, ...children], keys };
  });
}

/**
 * The categories a query word names ("кеги", "kegs", "головки", a category the owner added): their
 * products match that word whatever their name says (by their category's key), and rank first.
 */
export function categoriesNamedBy(word: string, index: CategoryWordIndex): CategoryWordIndex {
  const { any } = queryWordKeys(word);
  return index.filter(({ keys }) => any.some((key) => keys.has(key)));
}

/**
 * The words suggestions look for while a shopper types: a lone letter after other words is the next
 * word's first letter, too short to match anything yet, so "набір п" suggests what "набір" does
 * (instead of finding nothing and falling back to the typo search).
 */
export function typedWords(text: string): string[] {
  const words = searchWords(text);
  const last = words.at(-1);
  return words.length > 1 && last!.length === 1 && !/\d/.test(last!) ? words.slice(0, -1) : words;
}

/**
 * The words of a shopper's query. A lone letter is the start of a model name ("W-34/70", "S 04"),
 * so it is joined to the word after it, as the product's joined model names are stored.
 */
export function queryWords(keyword: string): string[] {
  const words: string[] = [];
  let pending = '';
  for (const word of searchWords(keyword)) {
    if (word.length === 1 && !/\d/.test(word)) pending += word;
    else {
      words.push(pending + word);
      pending = '';
    }
  }
  if (pending) words.push(pending);
  return words;
}

/**
 * How one query word can match: `any` holds the keys of which a product must have at least one;
 * `exact` the keys of a whole-word match, which ranks first.
 */
export function queryWordKeys(word: string): { any: string[]; exact: string[]; latin: string } {
  const latin = latinForm(word).slice(0, MAX_KEY_LENGTH);
  const skeleton = skeletonForm(word).slice(0, MAX_KEY_LENGTH);
  const any: string[] = [];
  if (latin.length >= 2) any.push(`l${latin}`);
  // A short skeleton says little ("кег" and "кг" both read "kg"): it must match a whole word
  // that starts with the same letter ("xyzzy" and "Czech" both read "ks").
  const whole = skeleton.length >= 2 && hasVowel(latin) ? `~${latin[0]}${skeleton}` : null;
  if (skeleton.length >= 3) any.push(`s${skeleton}`);
  else if (whole && latin.length >= 4) any.push(whole);
  const exact = [`=${latin}`, ...(whole ? [whole] : [])];
  return { any, exact, latin };
}
