import type { RecipeFieldProblem, RecipePart } from '../errors/index.js';
import { parseBeerXml, RecipeImportError, roundTo, withFigures, type FieldComplaint, type RecipePlace } from './beerxml.js';
import { srmToEbc } from './brewing.js';
import { MAX_RECIPE_BYTES, MAX_RECIPE_INGREDIENTS, type Recipe, type RecipeFermentable, type RecipeHop, type RecipeMisc, type RecipeYeast } from './schema.js';

/**
 * Recipe files other than BeerXML (docs/recipes.md, "Other formats"): BeerJSON 1.0 and
 * Brewfather's JSON export, read into the same recipe as BeerXML. The content decides the format:
 * `<` starts BeerXML, `{` or `[` JSON; a JSON object under `beerjson` is BeerJSON, one with
 * Brewfather's `batchSize` and ingredient lists (or `_type: "recipe"`) is Brewfather's.
 */
export function parseRecipeText(text: string): Recipe[] {
  if (text.length > MAX_RECIPE_BYTES) throw new RecipeImportError('RECIPE_TOO_LARGE');
  const body = text.replace(/^\uFEFF/, '').trimStart();
  if (!body.startsWith('{') && !body.startsWith('[')) return parseBeerXml(text);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch (err) {
    const line = jsonErrorLine(body, String((err as Error).message));
    throw new RecipeImportError('RECIPE_INVALID_JSON', { line });
  }
  if (isObject(json) && isObject(json.beerjson)) return readBeerJson(json.beerjson);
  const brewfather = brewfatherRecipes(json);
  if (brewfather) return brewfather.map((r, i) => readBrewfather(r, i));
  throw new RecipeImportError('RECIPE_UNKNOWN_FORMAT');
}

/** The line of a JSON.parse error, from its position or from the excerpt V8 quotes around it. */
function jsonErrorLine(body: string, message: string): number | undefined {
  const lineAt = (offset: number) => body.slice(0, offset).split('\n').length;
  const position = /position (\d+)/.exec(message);
  if (position) return lineAt(Number(position[1]));
  const excerpt = /^Unexpected token '(.+?)', (\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  const start = excerpt ? body.indexOf(excerpt[3]) : -1;
  // The excerpt starts ten characters before the fault when it is cut ("...").
  return excerpt && start >= 0 ? lineAt(start + (excerpt[2] ? 10 : excerpt[3].indexOf(excerpt[1]))) : undefined;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

// Units of BeerJSON 1.0 (measureable_units.json), to kilograms, litres and minutes.
const MASS: Record<string, number> = { mg: 0.000001, g: 0.001, kg: 1, lb: 0.45359237, oz: 0.028349523 };
const VOLUME: Record<string, number> = {
  ml: 0.001,
  l: 1,
  tsp: 0.00492892,
  tbsp: 0.0147868,
  floz: 0.0295735,
  cup: 0.236588,
  pt: 0.473176,
  qt: 0.946353,
  gal: 3.785411784,
  bbl: 117.347765,
  ifloz: 0.0284131,
  ipt: 0.568261,
  iqt: 1.136523,
  igal: 4.54609,
  ibbl: 163.65924,
};
const TIME: Record<string, number> = { sec: 1 / 60, min: 1, hr: 60, day: 1440, week: 10080 };
const COUNT = new Set(['1', 'unit', 'each', 'dimensionless', 'pkg']);

/** Reads fields of one JSON object; a field that cannot be read is named in the message. */
class Fields {
  constructor(
    readonly value: Json,
    readonly where: RecipePlace,
  ) {}

  fail(field: string, problem: RecipeFieldProblem, complaint: FieldComplaint = {}): never {
    throw new RecipeImportError('RECIPE_BAD_FIELD', { ...this.where, field, problem, ...complaint });
  }

  text(field: string): string {
    const value = this.value[field];
    return typeof value === 'string' ? value.trim().slice(0, 200) : typeof value === 'number' ? String(value) : '';
  }

  required(field: string): string {
    return this.text(field) || this.fail(field, 'empty');
  }

  number(field: string): number | null {
    const value = this.value[field];
    if (value === null || value === undefined || value === '') return null;
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : NaN;
    if (!Number.isFinite(number)) this.fail(field, 'notANumber', { value: String(typeof value === 'object' ? JSON.stringify(value) : value).slice(0, 40) });
    if (number < 0) this.fail(field, 'negative');
    return number;
  }

  object(field: string): Fields | null {
    const value = this.value[field];
    if (value === null || value === undefined) return null;
    if (!isObject(value)) this.fail(field, 'notAnObject');
    return new Fields(value, this.where);
  }

  list(field: string): Json[] {
    const value = this.value[field];
    if (value === null || value === undefined) return [];
    if (!Array.isArray(value) || !value.every(isObject)) this.fail(field, 'notAListOfObjects');
    return value;
  }

  /** A BeerJSON measure `{ unit, value }` in one of the unit tables: [amount in base units, the table]. */
  measure(field: string, ...tables: Record<string, number>[]): [number, Record<string, number>] | null {
    const measure = this.object(field);
    if (!measure) return null;
    const value = measure.number('value');
    if (value === null) this.fail(`${field}.value`, 'noValue');
    const unit = measure.text('unit');
    for (const table of tables) if (unit in table) return [value * table[unit], table];
    return this.fail(`${field}.unit`, 'unknownUnit', { value: unit });
  }

  percent(field: string): number | null {
    const measure = this.object(field);
    if (!measure) return null;
    const unit = measure.text('unit');
    if (unit && unit !== '%') this.fail(`${field}.unit`, 'notPercent', { value: unit });
    return measure.number('value');
  }

  gravity(field: string): number | null {
    const measure = this.object(field);
    if (!measure) return null;
    const value = measure.number('value');
    const unit = measure.text('unit').toLowerCase();
    if (value === null) return null;
    if (unit === 'sg' || !unit) return value;
    // °Plato and °Brix alike to specific gravity.
    if (unit === 'plato' || unit === 'brix') return roundTo(1 + value / (258.6 - (value / 258.2) * 227.1), 4);
    return this.fail(`${field}.unit`, 'unknownUnit', { value: unit });
  }

  colorEbc(field: string): number | null {
    const measure = this.object(field);
    if (!measure) return null;
    const value = measure.number('value');
    const unit = measure.text('unit').toUpperCase();
    if (value === null) return null;
    if (unit === 'EBC') return value;
    // °Lovibond taken as SRM, as for BeerXML (within a few per cent for malt).
    if (unit === 'SRM' || unit === 'LOVI') return roundTo(srmToEbc(value), 1);
    return this.fail(`${field}.unit`, 'unknownUnit', { value: measure.text('unit') });
  }
}

function checkCount(name: string, count: number) {
  if (count > MAX_RECIPE_INGREDIENTS) {
    throw new RecipeImportError('RECIPE_TOO_MANY_INGREDIENTS', { recipe: name, count, max: MAX_RECIPE_INGREDIENTS });
  }
}

/** A recipe's fields, named in complaints by the recipe's name (or number) and the ingredient's kind and number. */
function recipeFields(value: Json, index: number) {
  const name = new Fields(value, { recipeNumber: index + 1 }).text('name') || `Рецепт ${index + 1}`;
  const r = new Fields(value, { recipe: name });
  const ingredient = (part: RecipePart) => (item: Json, i: number) => new Fields(item, { recipe: name, part, partNumber: i + 1 });
  return { name, r, ingredient };
}

const capitalise = (text: string) => text.replace(/(^|\s)\p{L}/gu, (letter) => letter.toUpperCase());

// ---------------------------------------------------------------------------------------------
// BeerJSON 1.0: { beerjson: { version, recipes: [RecipeType] } }

function readBeerJson(root: Json): Recipe[] {
  const file = new Fields(root, {});
  const recipes = file.list('recipes');
  if (!recipes.length) throw new RecipeImportError('RECIPE_NOT_BEERXML', { format: 'beerjson' });
  return recipes.map((value, index) => {
    const { name, r, ingredient } = recipeFields(value, index);
    const batch = r.measure('batch_size', VOLUME);
    if (!batch || batch[0] <= 0) return r.fail('batch_size', 'noBatchSize');
    const ingredients = r.object('ingredients') ?? r.fail('ingredients', 'noIngredients');
    const lists = {
      fermentables: ingredients.list('fermentable_additions'),
      hops: ingredients.list('hop_additions'),
      cultures: ingredients.list('culture_additions'),
      miscs: ingredients.list('miscellaneous_additions'),
    };
    checkCount(name, lists.fermentables.length + lists.hops.length + lists.cultures.length + lists.miscs.length);
    const boil = r.object('boil');
    return withFigures(
      {
        name,
        style: r.object('style')?.text('name') ?? '',
        batchSizeL: batch[0],
        boilTimeMin: boil?.measure('boil_time', TIME)?.[0] ?? 60,
        efficiencyPct: r.object('efficiency')?.percent('brewhouse') ?? 72,
        fermentables: lists.fermentables.map(ingredient('fermentable')).map(beerJsonFermentable),
        hops: lists.hops.map(ingredient('hop')).map(beerJsonHop),
        yeasts: lists.cultures.map(ingredient('yeast')).map(beerJsonCulture),
        miscs: lists.miscs.map(ingredient('misc')).map(beerJsonMisc),
      },
      {
        og: r.gravity('original_gravity'),
        fg: r.gravity('final_gravity'),
        ibu: r.object('ibu_estimate')?.object('value')?.number('value') ?? null,
        colorEbc: r.colorEbc('color_estimate'),
        abv: r.percent('alcohol_by_volume'),
      },
    );
  });
}

const FERMENTABLE_TYPES: Record<string, string> = {
  grain: 'Grain',
  sugar: 'Sugar',
  honey: 'Sugar',
  extract: 'Extract',
  'dry extract': 'Dry Extract',
  fruit: 'Fruit',
  juice: 'Fruit',
  other: 'Adjunct',
};

function beerJsonFermentable(f: Fields): RecipeFermentable {
  const amount = f.measure('amount', MASS, VOLUME) ?? f.fail('amount', 'noAmount');
  const yieldOf = f.object('yield');
  return {
    name: f.required('name'),
    type: FERMENTABLE_TYPES[f.text('type').toLowerCase()] ?? 'Grain',
    amountKg: amount[0],
    colorEbc: f.colorEbc('color'),
    yieldPct: yieldOf?.percent('fine_grind') ?? yieldOf?.percent('coarse_grind') ?? null,
    origin: f.text('origin'),
    supplier: f.text('producer'),
  };
}

function beerJsonHop(f: Fields): RecipeHop {
  const amount = f.measure('amount', MASS, VOLUME) ?? f.fail('amount', 'noAmount');
  if (amount[1] === VOLUME) f.fail('amount', 'hopExtract');
  const timing = f.object('timing');
  const minutes = timing?.measure('duration', TIME)?.[0] ?? timing?.measure('time', TIME)?.[0] ?? 0;
  const use = timing?.text('use') ?? 'add_to_boil';
  const kind: RecipeHop['use'] =
    use === 'add_to_fermentation' || use === 'add_to_package' ? 'dry hop' : use === 'add_to_mash' ? 'mash' : minutes > 0 ? 'boil' : 'aroma';
  return {
    name: f.required('name'),
    alphaPct: f.percent('alpha_acid'),
    amountKg: amount[0],
    use: kind,
    timeMin: minutes,
    form: capitalise(f.text('form') || 'pellet'),
    purpose: '',
    origin: f.text('origin'),
  };
}

function beerJsonCulture(f: Fields): RecipeYeast {
  const form = capitalise(f.text('form') || 'dry');
  const amount = f.measure('amount', MASS, VOLUME, Object.fromEntries([...COUNT].map((unit) => [unit, 1])));
  const isWeight = amount?.[1] === MASS;
  return {
    name: f.required('name'),
    laboratory: f.text('producer'),
    productId: f.text('product_id'),
    type: capitalise(f.text('type') || 'ale'),
    form,
    // Packets of dry yeast are sachets of 11.5 g; a count of anything else is left to the matcher.
    amount: !amount ? null : amount[1] === MASS || amount[1] === VOLUME ? amount[0] : form === 'Dry' ? amount[0] * 0.0115 : null,
    amountIsWeight: isWeight || (amount !== null && amount[1] !== VOLUME && form === 'Dry'),
    attenuationPct: f.percent('attenuation'),
  };
}

const MISC_USES: Record<string, string> = { add_to_mash: 'Mash', add_to_boil: 'Boil', add_to_fermentation: 'Primary', add_to_package: 'Bottling' };

function beerJsonMisc(f: Fields): RecipeMisc {
  const amount = f.measure('amount', MASS, VOLUME, Object.fromEntries([...COUNT].map((unit) => [unit, 1])));
  return {
    name: f.required('name'),
    type: capitalise(f.text('type') || 'other'),
    use: MISC_USES[f.object('timing')?.text('use') ?? ''] ?? '',
    amount: amount && amount[1] !== MASS && amount[1] !== VOLUME ? null : (amount?.[0] ?? null),
    amountIsWeight: amount?.[1] === MASS,
  };
}

// ---------------------------------------------------------------------------------------------
// Brewfather's JSON export: one recipe object (or a list of them, or a batch with its recipe);
// metric throughout: litres, kilograms of malt, grams of hops, °L for malt colour.

function brewfatherRecipes(json: unknown): Json[] | null {
  const looksLike = (value: unknown): value is Json =>
    isObject(value) && (value._type === 'recipe' || ('batchSize' in value && ['fermentables', 'hops', 'yeasts'].some((key) => Array.isArray(value[key]))));
  if (Array.isArray(json)) return json.length && json.every(looksLike) ? json : null;
  if (isObject(json) && json._type === 'batch' && looksLike(json.recipe)) return [json.recipe];
  return looksLike(json) ? [json] : null;
}

const gramsOrKg = (unit: string, amount: number) => (unit === 'kg' ? amount : unit === 'g' || !unit ? amount / 1000 : null);

function readBrewfather(value: Json, index: number): Recipe {
  const { name, r, ingredient } = recipeFields(value, index);
  const batchSizeL = r.number('batchSize');
  if (!batchSizeL) return r.fail('batchSize', 'noBatchSize', { unit: 'l' });
  const lists = { fermentables: r.list('fermentables'), hops: r.list('hops'), yeasts: r.list('yeasts'), miscs: r.list('miscs') };
  checkCount(name, lists.fermentables.length + lists.hops.length + lists.yeasts.length + lists.miscs.length);
  return withFigures(
    {
      name,
      style: r.object('style')?.text('name') ?? '',
      batchSizeL,
      boilTimeMin: r.number('boilTime') ?? 60,
      efficiencyPct: r.number('efficiency') ?? 72,
      fermentables: lists.fermentables.map(ingredient('fermentable')).map(brewfatherFermentable),
      hops: lists.hops.map(ingredient('hop')).map(brewfatherHop),
      yeasts: lists.yeasts.map(ingredient('yeast')).map(brewfatherYeast),
      miscs: lists.miscs.map(ingredient('misc')).map(brewfatherMisc),
    },
    // Brewfather's recipe colour follows the account's unit; the colour is computed from the malts instead.
    { og: r.number('og'), fg: r.number('fg'), ibu: r.number('ibu'), colorEbc: null, abv: r.number('abv') },
  );
}

function brewfatherFermentable(f: Fields): RecipeFermentable {
  const amountKg = f.number('amount') ?? f.fail('amount', 'noAmount', { unit: 'kg' });
  const color = f.number('color');
  const potential = f.number('potential');
  const type = f.text('type');
  return {
    name: f.required('name'),
    type: /extract/i.test(type) ? (/dry/i.test(type) ? 'Dry Extract' : 'Extract') : type || 'Grain',
    amountKg,
    colorEbc: color === null ? null : roundTo(srmToEbc(color), 1),
    // `potentialPercentage`, or the potential as a gravity (1.037 = 80 % of sucrose's 46.2 points).
    yieldPct: f.number('potentialPercentage') ?? (potential && potential > 1 ? roundTo(((potential - 1) * 1000 * 100) / 46.214, 1) : null),
    origin: f.text('origin'),
    supplier: f.text('supplier'),
  };
}

function brewfatherHop(f: Fields): RecipeHop {
  const grams = f.number('amount') ?? f.fail('amount', 'noAmount', { unit: 'g' });
  const useText = f.text('use').toLowerCase();
  const use: RecipeHop['use'] = useText.includes('dry')
    ? 'dry hop'
    : useText.includes('first')
      ? 'first wort'
      : useText.includes('mash')
        ? 'mash'
        : useText.includes('aroma') || useText.includes('whirl')
          ? 'aroma'
          : 'boil';
  // A dry hop's time is in days (`day`), a boil addition's in minutes (`time`).
  const timeMin = use === 'dry hop' ? (f.number('day') ?? 0) * 1440 : (f.number('time') ?? 0);
  return {
    name: f.required('name'),
    alphaPct: f.number('alpha'),
    amountKg: grams / 1000,
    use,
    timeMin,
    form: f.text('type') || 'Pellet',
    purpose: f.text('usage'),
    origin: f.text('origin'),
  };
}

function brewfatherYeast(f: Fields): RecipeYeast {
  const amount = f.number('amount');
  const unit = f.text('unit').toLowerCase();
  const form = f.text('form') || 'Dry';
  const kg = amount === null ? null : unit === 'pkg' ? (/dry/i.test(form) ? amount * 0.0115 : null) : gramsOrKg(unit, amount);
  return {
    name: f.required('name'),
    laboratory: f.text('laboratory'),
    productId: f.text('productId'),
    type: f.text('type') || 'Ale',
    form,
    amount: kg ?? (unit === 'ml' && amount !== null ? amount / 1000 : null),
    amountIsWeight: kg !== null,
    attenuationPct: f.number('attenuation'),
  };
}

function brewfatherMisc(f: Fields): RecipeMisc {
  const amount = f.number('amount');
  const unit = f.text('unit').toLowerCase();
  const kg = amount === null ? null : gramsOrKg(unit, amount);
  return {
    name: f.required('name'),
    type: f.text('type') || 'Other',
    use: f.text('use'),
    amount: kg ?? (unit === 'ml' && amount !== null ? amount / 1000 : unit === 'l' ? amount : null),
    amountIsWeight: kg !== null,
  };
}
