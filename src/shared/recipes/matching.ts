import { formatNumber } from '../pricing.js';
import { labelWeightKg } from '../packs.js';
import { isMillable } from '../line-options.js';
import { isBitteringAddition, rescaleForAlpha, scaleAmount } from './brewing.js';
import type { IngredientMatch, MatchCandidate, MatchPack, Recipe, RecipeFermentable, RecipeHop, RecipeMatch, RecipeMisc, RecipeYeast } from './schema.js';
import { HOP_VARIETIES, MALT_KINDS, NOT_SOLD_HERE, YEAST_STRAINS, type MaltKind } from './substitutions.js';

/**
 * Matching a recipe to the catalogue (docs/recipes.md): hops by variety, malts by kind and colour,
 * yeasts by product code; substitutes ranked from the substitution table; what the shop does not
 * sell named plainly. Pure: the caller passes the catalogue in.
 */

/** The part of a product the matcher reads (a product of the shop's API fits). */
export interface CatalogItem {
  id: string;
  slug: string;
  name: string;
  image: string;
  category: string;
  producer: string;
  /** A hop's alpha acids, %. */
  alphaAcid: number | null;
  /** Malt colour in EBC, when the catalogue says it (colourFromText reads descriptions). */
  colorEbc: number | null;
  variants: { id: string; label: string; price: number; discount: number; countInStock: number; weight: number }[];
}

export const MAX_CANDIDATES = 5;
/** Dry yeast: one sachet for up to 25 L of ale, two for a lager (cooler fermentations want more cells). */
const LITRES_PER_SACHET = 25;
const STANDARD_SACHET_KG = 0.0115;

/** Lowercase, accents dropped (Žatec → zatec, Mittelfrüh → mittelfruh), punctuation to spaces. */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’'`]/g, '')
    .replace(/[^\p{L}\p{N}/]+/gu, ' ')
    .trim();
}

type AliasIndex = { key: string; pattern: RegExp; length: number }[];

function aliasIndex(table: Record<string, { aliases: string[] }>): AliasIndex {
  const index: AliasIndex = [];
  for (const [key, entry] of Object.entries(table)) {
    for (const alias of entry.aliases) {
      const normal = normalizeName(alias);
      if (!normal) continue;
      const escaped = normal.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      index.push({ key, pattern: new RegExp(`(?:^|[^\\p{L}\\p{N}])${escaped}(?:$|[^\\p{L}\\p{N}])`, 'u'), length: normal.length });
    }
  }
  // The longest alias wins: "hallertauer magnum" before "hallertauer".
  return index.sort((a, b) => b.length - a.length);
}

const hopIndex = aliasIndex(HOP_VARIETIES);
const yeastIndex = aliasIndex(YEAST_STRAINS);
const maltIndex = aliasIndex(MALT_KINDS);

function findKey(text: string, index: AliasIndex): string | null {
  const normal = normalizeName(text);
  if (!normal) return null;
  // Hyphens are dropped by normalising ("US-05" → "us 05"); codes are tried joined as well.
  const joined = normal.replace(/(\p{L}) (\d)/gu, '$1$2');
  for (const entry of index) if (entry.pattern.test(normal) || entry.pattern.test(joined)) return entry.key;
  return null;
}

/**
 * findKey for one table, remembering names already read: a catalogue's names come back on every
 * import, and reading one tries every alias. Bounded, so names never seen again do not pile up.
 */
function keyReader(index: AliasIndex, limit = 50_000): (text: string) => string | null {
  const known = new Map<string, string | null>();
  return (text) => {
    let key = known.get(text);
    if (key === undefined) {
      key = findKey(text, index);
      if (known.size >= limit) known.clear();
      known.set(text, key);
    }
    return key;
  };
}

export const hopVarietyOf = keyReader(hopIndex);
export const yeastStrainOf = keyReader(yeastIndex);
const maltKey = keyReader(maltIndex);
export const maltKindOf = (text: string): MaltKind | null => maltKey(text) as MaltKind | null;

/** A malt's colour from a description such as "колір 2,5–4,5 EBC" or "близько 900 EBC": the middle of the range. */
export function colourFromText(text: string): number | null {
  const match = /(\d+(?:[.,]\d+)?)(?:\s*[–—-]\s*(\d+(?:[.,]\d+)?))?\s*EBC/i.exec(text);
  if (!match) return null;
  const low = Number(match[1].replace(',', '.'));
  const high = match[2] ? Number(match[2].replace(',', '.')) : low;
  return (low + high) / 2;
}

const inStock = (item: CatalogItem) => item.variants.some((v) => v.countInStock > 0);

function packsOf(item: CatalogItem): MatchPack[] {
  return item.variants.map((v) => ({
    id: v.id,
    label: v.label,
    price: v.price,
    discount: v.discount,
    countInStock: v.countInStock,
    weight: v.weight,
    contentKg: labelWeightKg(v.label) ?? v.weight,
  }));
}

function candidate(item: CatalogItem, fields: { confidence: number; reason: string; substitute: boolean; amountKg: number }): MatchCandidate {
  return {
    productId: item.id,
    slug: item.slug,
    name: item.name,
    image: item.image,
    category: item.category,
    alphaPct: item.alphaAcid,
    inStock: inStock(item),
    substitute: fields.substitute,
    confidence: Math.round(Math.min(1, Math.max(0, fields.confidence)) * 100) / 100,
    reason: fields.reason,
    amountKg: fields.amountKg,
    millable: isMillable(item.category),
    packs: packsOf(item),
  };
}

/** In-stock first, then by confidence; a sold-out exact match stays in the list, last. */
function ranked(candidates: MatchCandidate[]): MatchCandidate[] {
  const seen = new Set<string>();
  const sorted = candidates
    .sort((a, b) => Number(b.inStock) - Number(a.inStock) || b.confidence - a.confidence)
    .filter((c) => (seen.has(c.productId) ? false : (seen.add(c.productId), true)));
  // The sold-out ingredient itself always stays in the list, so the page can say it is missing.
  const soldOutExact = sorted.find((c) => !c.inStock && !c.substitute);
  const kept = sorted.slice(0, MAX_CANDIDATES);
  if (soldOutExact && !kept.includes(soldOutExact)) kept[MAX_CANDIDATES - 1] = soldOutExact;
  return kept;
}

function statusOf(candidates: MatchCandidate[]): IngredientMatch['status'] {
  const first = candidates[0];
  if (!first || !first.inStock) return 'missing';
  return first.substitute ? 'substitute' : 'matched';
}

const pct = (n: number) => `${formatNumber(n, { min: 0, max: 1 })} %`;

const HOP_FAMILY_WORDS: Record<string, string> = {
  'citrus-tropical': 'цитрусово-тропічний',
  noble: 'благородний європейський',
  english: 'англійський',
  'american-classic': 'класичний американський',
  resinous: 'смолисто-хвойний',
  'new-zealand': 'новозеландський',
  'neutral-bittering': 'нейтральний гірких сортів',
  african: 'південноафриканський',
};

/** The products of one category, each with its table key read once. */
interface Keyed {
  item: CatalogItem;
  key: string | null;
}

export interface MatchOptions {
  /** Brew this many litres; the recipe's batch size when absent. */
  batchSizeL?: number;
}

export function matchRecipe(recipe: Recipe, catalog: readonly CatalogItem[], options: MatchOptions = {}): RecipeMatch {
  const batchSizeL = options.batchSizeL ?? recipe.batchSizeL;
  const scale = batchSizeL / recipe.batchSizeL;
  const hops = catalog.filter((p) => p.category === 'Hops').map((item) => ({ item, key: hopVarietyOf(item.name) }));
  const yeasts = catalog.filter((p) => p.category === 'Yeast').map((item) => ({ item, key: yeastStrainOf(item.name) }));
  const malts = catalog.filter((p) => p.category === 'Malt').map((item) => ({ item, key: maltKindOf(item.name) }));
  const ingredients: IngredientMatch[] = [
    ...recipe.fermentables.map((f, i) => matchFermentable(f, i, malts, scale)),
    ...recipe.hops.map((h, i) => matchHop(h, i, hops, scale)),
    ...recipe.yeasts.map((y, i) => matchYeast(y, i, yeasts, batchSizeL, scale)),
    ...recipe.miscs.map((m, i) => notSold(m, i, scale)),
  ];
  return { batchSizeL, scale, ingredients };
}

function matchHop(hop: RecipeHop, index: number, products: Keyed[], scale: number): IngredientMatch {
  const amountKg = scaleAmount(hop.amountKg, 1, scale);
  const key = hopVarietyOf(hop.name);
  const variety = key ? HOP_VARIETIES[key] : null;
  const bittering = isBitteringAddition(hop.use, hop.timeMin);
  const amountFor = (item: CatalogItem) => (bittering ? rescaleForAlpha(amountKg, hop.alphaPct, item.alphaAcid) : amountKg);
  const alphaNote = (item: CatalogItem) =>
    bittering && hop.alphaPct && item.alphaAcid && Math.abs(hop.alphaPct - item.alphaAcid) >= 0.1
      ? `; кількість перераховано з α ${pct(hop.alphaPct)} на ${pct(item.alphaAcid)}`
      : '';
  const found: MatchCandidate[] = [];
  for (const { item, key: productKey } of products) {
    if (!productKey) continue;
    if (key && productKey === key) {
      found.push(
        candidate(item, {
          confidence: 0.95,
          reason: `Той самий сорт (${HOP_VARIETIES[key].name})${alphaNote(item)}`,
          substitute: false,
          amountKg: amountFor(item),
        }),
      );
      continue;
    }
    if (!variety || !inStock(item)) continue;
    const other = HOP_VARIETIES[productKey];
    const listed = variety.substitutes.indexOf(productKey);
    const alphaCloseness = 1 - Math.min(1, Math.abs(other.alphaPct - variety.alphaPct) / 10);
    let confidence = 0;
    let reason = '';
    if (listed >= 0) {
      confidence = 0.8 - listed * 0.06;
      reason = `Звична заміна ${variety.name}: ${other.family === variety.family ? `той самий профіль (${HOP_FAMILY_WORDS[other.family]})` : 'схожий профіль'}`;
    } else if (other.family === variety.family) {
      confidence = 0.5 + (other.purpose === variety.purpose ? 0.05 : 0) + alphaCloseness * 0.1;
      reason = `Схожий аромат (${HOP_FAMILY_WORDS[other.family]})`;
    } else if (bittering && other.purpose !== 'aroma') {
      confidence = 0.3 + alphaCloseness * 0.1;
      reason = 'Для гіркоти годиться будь-який сорт з достатньою α';
    }
    if (confidence > 0) found.push(candidate(item, { confidence, reason: reason + alphaNote(item), substitute: true, amountKg: amountFor(item) }));
  }
  const candidates = ranked(found);
  const status = statusOf(candidates);
  const exactSoldOut = candidates.some((c) => !c.substitute && !c.inStock);
  const note = !variety
    ? `Сорт «${hop.name}» невідомий магазину — оберіть заміну вручну`
    : exactSoldOut && status !== 'matched'
      ? `${variety.name} немає в наявності — запропоновано заміну`
      : !candidates.length
        ? `${variety.name} у магазині немає, і схожих сортів у наявності теж`
        : null;
  return { key: `hop-${index}`, kind: 'hop', name: hop.name, amountKg, status, note, candidates };
}

const YEAST_FAMILY_WORDS: Record<string, string> = {
  'american-ale': 'американський ель',
  'english-ale': 'англійський ель',
  'belgian-ale': 'бельгійський ель',
  wheat: 'пшеничне пиво',
  'german-ale': 'німецький ель / кельш',
  lager: 'лагер',
  kveik: 'квейк',
  saison: 'сезон',
  'new-england': 'New England IPA',
};

function matchYeast(yeast: RecipeYeast, index: number, products: Keyed[], batchSizeL: number, scale: number): IngredientMatch {
  const key = yeastStrainOf(yeast.productId) ?? yeastStrainOf(`${yeast.name} ${yeast.laboratory}`);
  const strain = key ? YEAST_STRAINS[key] : null;
  const family = strain?.family ?? (/lager/i.test(yeast.type) ? 'lager' : /wheat/i.test(yeast.type) ? 'wheat' : null);
  const lager = family === 'lager';
  const weightKg = yeast.amountIsWeight && yeast.amount ? scaleAmount(yeast.amount, 1, scale) : null;
  const sachets = weightKg
    ? Math.max(1, Math.ceil(weightKg / STANDARD_SACHET_KG - 0.15))
    : Math.max(1, Math.ceil((batchSizeL * (lager ? 2 : 1)) / LITRES_PER_SACHET));
  const amountFor = (item: CatalogItem) => {
    const smallest = Math.min(...packsOf(item).map((p) => p.contentKg));
    return sachets * (Number.isFinite(smallest) ? smallest : STANDARD_SACHET_KG);
  };
  const found: MatchCandidate[] = [];
  for (const { item, key: productKey } of products) {
    if (!productKey) continue;
    const other = YEAST_STRAINS[productKey];
    if (key && productKey === key) {
      found.push(candidate(item, { confidence: 0.95, reason: `Той самий штам (${other.name})`, substitute: false, amountKg: amountFor(item) }));
    } else if (family && other.family === family && inStock(item)) {
      const attenuation = strain?.attenuationPct ?? yeast.attenuationPct;
      const gap = attenuation ? Math.abs(other.attenuationPct - attenuation) : 5;
      const liquidTwin = strain && !strain.dry;
      const confidence = (liquidTwin ? 0.8 : strain ? 0.65 : 0.45) - gap / 100;
      const words = `та сама родина (${YEAST_FAMILY_WORDS[family]})${attenuation ? `, атенуація ${other.attenuationPct} % проти ${Math.round(attenuation)} %` : ''}`;
      found.push(
        candidate(item, {
          confidence,
          reason: liquidTwin ? `Сухий аналог ${strain.name}: ${words}` : `Заміна: ${words}`,
          substitute: true,
          amountKg: amountFor(item),
        }),
      );
    }
  }
  const candidates = ranked(found);
  const status = statusOf(candidates);
  const note =
    !strain && !family
      ? `Штам «${yeast.name}» невідомий магазину — оберіть дріжджі вручну`
      : strain && !strain.dry && status === 'substitute'
        ? `${strain.name} — рідкі дріжджі; у магазині є сухі того ж типу`
        : null;
  return {
    key: `yeast-${index}`,
    kind: 'yeast',
    name: [yeast.laboratory, yeast.name, yeast.productId].filter(Boolean).join(' '),
    amountKg: weightKg,
    status,
    note,
    candidates,
  };
}

/** 1 for the same colour, 0 for colours 2.5 times apart or more (on a log scale: 4 vs 10 EBC is as far as 400 vs 1000). */
function colourCloseness(a: number | null, b: number | null): number {
  if (a === null || b === null) return 0.5;
  return 1 - Math.min(1, Math.abs(Math.log((a + 1) / (b + 1))) / Math.log(2.5));
}

function matchFermentable(fermentable: RecipeFermentable, index: number, products: Keyed[], scale: number): IngredientMatch {
  const amountKg = scaleAmount(fermentable.amountKg, 1, scale);
  const base = { key: `fermentable-${index}`, kind: 'fermentable' as const, name: fermentable.name, amountKg };
  const kind = maltKindOf(fermentable.name);
  const grain = /grain|adjunct/i.test(fermentable.type);
  const notSoldReason = NOT_SOLD_HERE.find((rule) => rule.match.test(fermentable.name))?.reason;
  if (!grain || (!kind && notSoldReason)) {
    return { ...base, status: 'not-sold', note: notSoldReason ?? 'Цього в магазині немає — купіть окремо', candidates: [] };
  }
  const found: MatchCandidate[] = [];
  const brand = normalizeName(`${fermentable.name} ${fermentable.supplier} ${fermentable.origin}`);
  const colourWords = (item: CatalogItem) =>
    item.colorEbc === null
      ? ''
      : `, колір ${Math.round(item.colorEbc)} EBC${fermentable.colorEbc !== null ? ` (у рецепті ${Math.round(fermentable.colorEbc)})` : ''}`;
  for (const { item, key: productKey } of products) {
    const closeness = colourCloseness(fermentable.colorEbc, item.colorEbc);
    const sameBrand = item.producer && brand.includes(normalizeName(item.producer)) ? 0.05 : 0;
    if (kind && productKey === kind) {
      const confidence = 0.55 + closeness * 0.35 + sameBrand;
      found.push(candidate(item, { confidence, reason: `${MALT_KINDS[kind].name} солод${colourWords(item)}`, substitute: closeness < 0.5, amountKg }));
    } else if (kind && productKey && MALT_KINDS[kind].related.includes(productKey as MaltKind) && inStock(item) && closeness > 0.3) {
      found.push(
        candidate(item, {
          confidence: 0.3 + closeness * 0.3,
          reason: `Заміна: ${MALT_KINDS[productKey as MaltKind].name.toLowerCase()} солод близького кольору${colourWords(item)}`,
          substitute: true,
          amountKg,
        }),
      );
    } else if (!kind && closeness > 0.6 && inStock(item)) {
      found.push(candidate(item, { confidence: 0.2 + closeness * 0.2, reason: `Солод близького кольору${colourWords(item)}`, substitute: true, amountKg }));
    }
  }
  const candidates = ranked(found);
  const status = statusOf(candidates);
  const note = !kind
    ? `Солод «${fermentable.name}» невідомий магазину — перевірте заміну`
    : !candidates.length
      ? 'Такого солоду й заміни для нього в наявності немає'
      : null;
  return { ...base, status, note, candidates };
}

function notSold(misc: RecipeMisc, index: number, scale: number): IngredientMatch {
  const reason =
    NOT_SOLD_HERE.find((rule) => rule.match.test(misc.name))?.reason ??
    (/water/i.test(misc.type) ? NOT_SOLD_HERE[0].reason : 'Цього в магазині немає — купіть окремо');
  return {
    key: `misc-${index}`,
    kind: 'misc',
    name: misc.name,
    amountKg: misc.amountIsWeight && misc.amount ? scaleAmount(misc.amount, 1, scale) : null,
    status: 'not-sold',
    note: reason,
    candidates: [],
  };
}

/**
 * "Замінники в наявності" on a hop's page: the in-stock hops the substitution table ranks for its
 * variety, with the reason, best first (docs/recipes.md). Empty for a variety the table lacks.
 */
export function hopSubstitutesFor(hop: CatalogItem, catalog: readonly CatalogItem[], limit = 4): MatchCandidate[] {
  const recipeHop: RecipeHop = { name: hop.name, alphaPct: hop.alphaAcid, amountKg: 0.1, use: 'aroma', timeMin: 0, form: 'Pellet', purpose: '', origin: '' };
  const others = catalog.filter((p) => p.category === 'Hops' && p.id !== hop.id).map((item) => ({ item, key: hopVarietyOf(item.name) }));
  return matchHop(recipeHop, 0, others, 1)
    .candidates.filter((c) => c.substitute && c.inStock)
    .slice(0, limit);
}
