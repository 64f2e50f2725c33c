import { abvFrom, bitternessMinutes, estimateOg, moreySrm, srmToEbc, tinsethIbu, ebcToSrm } from './brewing.js';
import {
  MAX_RECIPE_BYTES,
  MAX_RECIPE_INGREDIENTS,
  HOP_USES,
  type Recipe,
  type RecipeFermentable,
  type RecipeHop,
  type RecipeMisc,
  type RecipeYeast,
} from './schema.js';
import { wordError, type ErrorParams, type RecipeFieldProblem, type RecipePart } from '../errors/index.js';
import { uk } from '../errors/uk.js';
import { child, childrenNamed, parseXml, XmlError, type XmlElement } from './xml.js';

/**
 * BeerXML 1.0 import (docs/recipes.md): bytes → text in the declared encoding → a strict XML tree
 * (no DOCTYPE, no entities) → recipes with SI units, tolerant of what BeerSmith, Brewfather and
 * Brewtarget write (empty numbers, DISPLAY_AMOUNT only, decimal commas, several recipes).
 */

export type RecipeImportErrorCode =
  | 'RECIPE_TOO_LARGE'
  | 'RECIPE_UNSAFE_XML'
  | 'RECIPE_INVALID_XML'
  | 'RECIPE_ENCODING'
  | 'RECIPE_NOT_BEERXML'
  | 'RECIPE_TOO_MANY_INGREDIENTS'
  | 'RECIPE_BAD_FIELD'
  | 'RECIPE_INVALID_JSON'
  | 'RECIPE_UNKNOWN_FORMAT';

/** Where a field is: the recipe (its name, or its number before the name is read) and the ingredient. */
export interface RecipePlace {
  recipe?: string;
  recipeNumber?: number;
  part?: RecipePart;
  partNumber?: number;
}

/** What a field's complaint quotes: the value or unit read, the unit expected, another field that would do. */
export type FieldComplaint = Pick<ErrorParams<'RECIPE_BAD_FIELD'>, 'value' | 'unit' | 'alternative'>;

/**
 * A recipe file that cannot be read: a code of the error catalogue with its blanks (the line, the
 * field, what is wrong), worded in the shopper's language by whoever shows it (docs/errors.md); the
 * message is the Ukrainian words, as the API's `message`.
 */
export class RecipeImportError<C extends RecipeImportErrorCode = RecipeImportErrorCode> extends Error {
  constructor(
    readonly code: C,
    readonly params?: ErrorParams<C>,
  ) {
    super(wordError(uk, code, params));
  }

  get line(): number | undefined {
    return (this.params as { line?: number } | undefined)?.line;
  }
}

const ENCODINGS: Record<string, string> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'windows-1251': 'windows-1251',
  cp1251: 'windows-1251',
  'x-cp1251': 'windows-1251',
  'windows-1252': 'windows-1252',
  'iso-8859-1': 'windows-1252',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
};

/** Decodes a file as its XML declaration says (UTF-8 when it says nothing). */
export function decodeRecipeBytes(bytes: Uint8Array): string {
  if (bytes.length > MAX_RECIPE_BYTES) throw new RecipeImportError('RECIPE_TOO_LARGE');
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return strictUtf8(bytes.subarray(3));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return new TextDecoder(bytes[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2));
  }
  // The declaration is ASCII in every encoding we accept.
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1].toLowerCase();
  if (!declared) return strictUtf8(bytes);
  const encoding = ENCODINGS[declared];
  if (!encoding) throw new RecipeImportError('RECIPE_ENCODING', { encoding: declared });
  return encoding === 'utf-8' ? strictUtf8(bytes) : new TextDecoder(encoding).decode(bytes);
}

function strictUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RecipeImportError('RECIPE_ENCODING', {});
  }
}

/** Every recipe in a BeerXML document; the caller lets the shopper choose when there are several. */
export function parseBeerXml(text: string): Recipe[] {
  if (text.length > MAX_RECIPE_BYTES) throw new RecipeImportError('RECIPE_TOO_LARGE');
  let root: XmlElement;
  try {
    root = parseXml(text.replace(/^\uFEFF/, ''), { maxElements: 20_000 });
  } catch (err) {
    if (!(err instanceof XmlError)) throw err;
    if (err.problem === 'doctype' || err.problem === 'entity') throw new RecipeImportError('RECIPE_UNSAFE_XML', { line: err.line });
    throw new RecipeImportError('RECIPE_INVALID_XML', { line: err.line, xml: err.fault, ...err.about });
  }
  const recipeElements = root.name.toUpperCase() === 'RECIPE' ? [root] : root.name.toUpperCase() === 'RECIPES' ? childrenNamed(root, 'RECIPE') : [];
  if (!recipeElements.length) {
    throw new RecipeImportError('RECIPE_NOT_BEERXML', { line: root.line, format: 'beerxml' });
  }
  return recipeElements.map(readRecipe);
}

function readRecipe(element: XmlElement, index: number): Recipe {
  const name = new FieldReader(element, { recipeNumber: index + 1 }).text('NAME').slice(0, 200) || `Рецепт ${index + 1}`;
  const where: RecipePlace = { recipe: name };
  const reader = new FieldReader(element, where);
  const batchSizeL = reader.number('BATCH_SIZE') ?? reader.displayVolume('DISPLAY_BATCH_SIZE');
  if (!batchSizeL || batchSizeL <= 0) reader.fail('BATCH_SIZE', 'noBatchSize', { unit: 'l' });
  const boilTimeMin = reader.number('BOIL_TIME') ?? 60;
  const efficiencyPct = reader.number('EFFICIENCY') ?? 72;

  const list = (group: string, item: string) => {
    const container = child(element, group);
    return container ? childrenNamed(container, item) : [];
  };
  const fermentableElements = list('FERMENTABLES', 'FERMENTABLE');
  const hopElements = list('HOPS', 'HOP');
  const yeastElements = list('YEASTS', 'YEAST');
  const miscElements = list('MISCS', 'MISC');
  const count = fermentableElements.length + hopElements.length + yeastElements.length + miscElements.length;
  if (count > MAX_RECIPE_INGREDIENTS) {
    throw new RecipeImportError('RECIPE_TOO_MANY_INGREDIENTS', { line: element.line, recipe: name, count, max: MAX_RECIPE_INGREDIENTS });
  }

  const at = (part: RecipePart, i: number): RecipePlace => ({ ...where, part, partNumber: i + 1 });
  const fermentables = fermentableElements.map((e, i) => readFermentable(new FieldReader(e, at('fermentable', i))));
  const hops = hopElements.map((e, i) => readHop(new FieldReader(e, at('hop', i))));
  const yeasts = yeastElements.map((e, i) => readYeast(new FieldReader(e, at('yeast', i))));
  const miscs = miscElements.map((e, i) => readMisc(new FieldReader(e, at('misc', i))));

  const styleElement = child(element, 'STYLE');
  const style = styleElement ? new FieldReader(styleElement, where).text('NAME') : '';
  return withFigures(
    { name, style, batchSizeL: batchSizeL!, boilTimeMin, efficiencyPct, fermentables, hops, yeasts, miscs },
    {
      og: reader.gravity('OG') ?? reader.gravity('EST_OG'),
      fg: reader.gravity('FG') ?? reader.gravity('EST_FG'),
      ibu: reader.number('IBU'),
      colorEbc: reader.color('EST_COLOR'),
      abv: reader.number('EST_ABV') ?? reader.number('ABV'),
    },
  );
}

type Figures = Pick<Recipe, 'og' | 'fg' | 'ibu' | 'colorEbc' | 'abv'>;

/** The figures a file gives, and those it lacks computed: OG, FG, IBU (Tinseth), colour (Morey), ABV. */
export function withFigures(base: Omit<Recipe, keyof Figures>, given: Figures): Recipe {
  const { fermentables, hops, yeasts, batchSizeL, efficiencyPct, boilTimeMin } = base;
  const og = given.og ?? roundTo(estimateOg(fermentables.map(asExtract), batchSizeL, efficiencyPct), 3);
  const fg = given.fg ?? estimateFg(og, yeasts);
  const ibu = given.ibu ?? roundTo(recipeIbu(hops, og ?? 1.05, batchSizeL, boilTimeMin), 1);
  const colorEbc = given.colorEbc ?? roundTo(srmToEbc(moreySrm(fermentables.map(asColour), batchSizeL)), 1);
  const abv = given.abv ?? (og && fg ? roundTo(abvFrom(og, fg), 1) : null);
  return { ...base, og, fg, ibu, colorEbc, abv };
}

const asExtract = (f: RecipeFermentable) => ({ amountKg: f.amountKg, yieldPct: f.yieldPct, mashed: /grain|adjunct/i.test(f.type) || !f.type });
const asColour = (f: RecipeFermentable) => ({ amountKg: f.amountKg, colorSrm: f.colorEbc === null ? 0 : ebcToSrm(f.colorEbc) });

/** Sum of Tinseth IBU of every addition; exported for the matcher's recomputation. */
export function recipeIbu(
  hops: readonly Pick<RecipeHop, 'amountKg' | 'alphaPct' | 'use' | 'timeMin'>[],
  og: number,
  batchSizeL: number,
  boilTimeMin: number,
): number {
  return hops.reduce(
    (sum, hop) =>
      sum +
      tinsethIbu({ amountKg: hop.amountKg, alphaPct: hop.alphaPct ?? 0, boilMinutes: bitternessMinutes(hop.use, hop.timeMin, boilTimeMin) }, og, batchSizeL),
    0,
  );
}

function estimateFg(og: number | null, yeasts: readonly RecipeYeast[]): number | null {
  if (!og) return null;
  const attenuation = yeasts.find((y) => y.attenuationPct)?.attenuationPct ?? 75;
  return roundTo(1 + (og - 1) * (1 - attenuation / 100), 3);
}

function readFermentable(f: FieldReader): RecipeFermentable {
  // BeerXML gives grain colour in °L (≈ SRM for this purpose), as every exporter writes it.
  const color = f.number('COLOR');
  return {
    name: f.required('NAME'),
    type: f.text('TYPE') || 'Grain',
    amountKg: f.weight('AMOUNT', 'DISPLAY_AMOUNT'),
    colorEbc: color === null ? null : roundTo(srmToEbc(color), 1),
    yieldPct: f.number('YIELD'),
    origin: f.text('ORIGIN'),
    supplier: f.text('SUPPLIER'),
  };
}

function readHop(f: FieldReader): RecipeHop {
  const useText = f.text('USE').toLowerCase();
  const use = (HOP_USES as readonly string[]).includes(useText)
    ? (useText as RecipeHop['use'])
    : useText.includes('dry')
      ? 'dry hop'
      : useText.includes('first')
        ? 'first wort'
        : useText.includes('aroma') || useText.includes('whirl')
          ? 'aroma'
          : 'boil';
  return {
    name: f.required('NAME'),
    alphaPct: f.number('ALPHA'),
    amountKg: f.weight('AMOUNT', 'DISPLAY_AMOUNT'),
    use,
    timeMin: f.number('TIME') ?? 0,
    form: f.text('FORM') || 'Pellet',
    purpose: f.text('TYPE'),
    origin: f.text('ORIGIN'),
  };
}

function readYeast(f: FieldReader): RecipeYeast {
  const amountIsWeight = /^true$/i.test(f.text('AMOUNT_IS_WEIGHT'));
  return {
    name: f.required('NAME'),
    laboratory: f.text('LABORATORY'),
    productId: f.text('PRODUCT_ID'),
    type: f.text('TYPE') || 'Ale',
    form: f.text('FORM') || 'Dry',
    amount: f.number('AMOUNT'),
    amountIsWeight,
    attenuationPct: f.number('ATTENUATION'),
  };
}

function readMisc(f: FieldReader): RecipeMisc {
  return {
    name: f.required('NAME'),
    type: f.text('TYPE') || 'Other',
    use: f.text('USE'),
    amount: f.number('AMOUNT'),
    amountIsWeight: /^true$/i.test(f.text('AMOUNT_IS_WEIGHT')),
  };
}

export const roundTo = (value: number | null, digits: number) => (value === null || !Number.isFinite(value) ? null : Number(value.toFixed(digits)));

const WEIGHT_UNITS: Record<string, number> = { kg: 1, кг: 1, g: 0.001, г: 0.001, gr: 0.001, mg: 0.000001, oz: 0.028349523, lb: 0.45359237, lbs: 0.45359237 };
const VOLUME_UNITS: Record<string, number> = { l: 1, л: 1, ml: 0.001, мл: 0.001, gal: 3.785411784, qt: 0.946352946 };

/** Reads one element's fields, naming the element and line in every complaint. */
class FieldReader {
  constructor(
    private readonly element: XmlElement,
    private readonly where: RecipePlace,
  ) {}

  fail(field: string, problem: RecipeFieldProblem, complaint: FieldComplaint = {}): never {
    const line = child(this.element, field)?.line ?? this.element.line;
    throw new RecipeImportError('RECIPE_BAD_FIELD', { line, ...this.where, field, problem, ...complaint });
  }

  text(field: string): string {
    return child(this.element, field)?.text.trim() ?? '';
  }

  required(field: string): string {
    const value = this.text(field);
    if (!value) this.fail(field, 'empty');
    return value.slice(0, 200);
  }

  /** A number, or null when the element is absent or empty; "5,5" and "5.5 %" are read as 5.5. */
  number(field: string): number | null {
    const raw = this.text(field);
    if (!raw) return null;
    const match = /^[-+]?\d*(?:[.,]\d+)?(?:e[-+]?\d+)?/i.exec(raw.replace(/\s+/g, ' '));
    const value = match && match[0] && match[0] !== '-' && match[0] !== '+' ? Number(match[0].replace(',', '.')) : NaN;
    if (!Number.isFinite(value)) this.fail(field, 'notANumber', { value: raw.slice(0, 30) });
    if (value < 0) this.fail(field, 'negative');
    return value;
  }

  /** A gravity such as 1.055; Plato (12.5) is converted, 0 and empty read as unknown. */
  gravity(field: string): number | null {
    const value = this.number(field);
    if (!value) return null;
    if (value > 2) return roundTo(1 + value / (258.6 - (value / 258.2) * 227.1), 3);
    return value;
  }

  /** EST_COLOR is SRM by the standard; a value written with "EBC" is taken as EBC. */
  color(field: string): number | null {
    const value = this.number(field);
    if (value === null || value === 0) return null;
    return /ebc/i.test(this.text(field)) ? value : roundTo(srmToEbc(value), 1);
  }

  /** AMOUNT in kg, or DISPLAY_AMOUNT ("28 g", "1.5 oz") when AMOUNT is empty. */
  weight(field: string, displayField: string): number {
    const amount = this.number(field);
    if (amount !== null && amount > 0) return amount;
    const display = this.displayAmount(displayField, WEIGHT_UNITS);
    if (display !== null) return display;
    return this.fail(field, 'noAmount', { unit: 'kg', alternative: displayField });
  }

  displayVolume(field: string): number | null {
    return this.displayAmount(field, VOLUME_UNITS);
  }

  private displayAmount(field: string, units: Record<string, number>): number | null {
    const raw = this.text(field).toLowerCase();
    const match = /^(\d+(?:[.,]\d+)?)\s*([a-zа-я]+)\.?$/i.exec(raw);
    if (!match || !(match[2] in units)) return null;
    const value = Number(match[1].replace(',', '.')) * units[match[2]];
    return value > 0 ? value : null;
  }
}
