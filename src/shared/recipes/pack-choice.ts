/**
 * Which packs to buy for an amount (docs/recipes.md): the combination that covers it at the least
 * cost within the stock; among those within CLOSE_COST of the cheapest, the one that leaves least,
 * then the one with fewer packs.
 */

export interface PackOption {
  id: string;
  /** What one pack holds, in the unit of the amount (kg). */
  content: number;
  /** Price of one pack in kopiykas, after its discount. */
  priceMinor: number;
  countInStock: number;
}

export interface PackChoice {
  packs: { id: string; qty: number }[];
  costMinor: number;
  /** What is bought beyond the amount (0 when short). */
  leftover: number;
  /** What the stock cannot cover (0 when covered). */
  shortfall: number;
}

/** Costs within 3 % (and at least 10 грн) of the cheapest count as close. */
export const CLOSE_COST_SHARE = 0.03;
export const CLOSE_COST_MIN_MINOR = 10_00;

const EPSILON = 1e-9;

/** A cost within the closeness margin wins on leftover; otherwise on cost. */
export function betterChoice(a: PackChoice, b: PackChoice, cheapest: number): boolean {
  if (a.shortfall !== b.shortfall) return a.shortfall < b.shortfall;
  const margin = Math.max(cheapest * CLOSE_COST_SHARE, CLOSE_COST_MIN_MINOR);
  const aClose = a.costMinor <= cheapest + margin;
  const bClose = b.costMinor <= cheapest + margin;
  if (aClose !== bClose) return aClose;
  if (aClose && Math.abs(a.leftover - b.leftover) > EPSILON) return a.leftover < b.leftover;
  if (a.costMinor !== b.costMinor) return a.costMinor < b.costMinor;
  return packCount(a) < packCount(b);
}

const packCount = (choice: PackChoice) => choice.packs.reduce((n, p) => n + p.qty, 0);

function evaluate(options: readonly PackOption[], quantities: readonly number[], amount: number): PackChoice {
  let content = 0;
  let costMinor = 0;
  const packs: PackChoice['packs'] = [];
  quantities.forEach((qty, i) => {
    if (!qty) return;
    content += qty * options[i].content;
    costMinor += qty * options[i].priceMinor;
    packs.push({ id: options[i].id, qty });
  });
  const diff = content - amount;
  return { packs, costMinor, leftover: diff > EPSILON ? diff : 0, shortfall: diff < -EPSILON ? -diff : 0 };
}

/** Picks the best of a list of candidate quantity vectors, two passes: cheapest covering cost, then the rule. */
function pickBest(candidates: PackChoice[]): PackChoice | null {
  if (!candidates.length) return null;
  const leastShort = Math.min(...candidates.map((c) => c.shortfall));
  const viable = candidates.filter((c) => c.shortfall <= leastShort + EPSILON);
  const cheapest = Math.min(...viable.map((c) => c.costMinor));
  return viable.reduce((best, c) => (betterChoice(c, best, cheapest) ? c : best));
}

/**
 * Searches every count of the larger packs (each up to what covers the amount alone, within
 * stock); the smallest pack then fills what is left exactly, since more of it only adds cost and
 * leftover. When the stock cannot cover the amount, everything in stock is taken and the
 * shortfall said.
 */
export function choosePacks(amount: number, available: readonly PackOption[]): PackChoice {
  const options = available.filter((o) => o.content > 0 && o.countInStock > 0).sort((a, b) => b.content - a.content || a.priceMinor - b.priceMinor);
  if (!(amount > 0)) return { packs: [], costMinor: 0, leftover: 0, shortfall: 0 };
  if (!options.length) return { packs: [], costMinor: 0, leftover: 0, shortfall: amount };
  const totalInStock = options.reduce((sum, o) => sum + o.content * o.countInStock, 0);
  if (totalInStock < amount - EPSILON)
    return evaluate(
      options,
      options.map((o) => o.countInStock),
      amount,
    );

  const candidates: PackChoice[] = [];
  const quantities = new Array<number>(options.length).fill(0);
  const last = options.length - 1;
  const visit = (index: number, covered: number) => {
    if (index === last) {
      const remaining = amount - covered;
      const qty = remaining > EPSILON ? Math.ceil(remaining / options[last].content - EPSILON) : 0;
      if (qty > options[last].countInStock) return;
      quantities[last] = qty;
      candidates.push(evaluate(options, quantities, amount));
      return;
    }
    const remaining = Math.max(0, amount - covered);
    const most = Math.min(options[index].countInStock, Math.ceil(remaining / options[index].content - EPSILON));
    for (let qty = 0; qty <= most; qty++) {
      quantities[index] = qty;
      visit(index + 1, covered + qty * options[index].content);
    }
    quantities[index] = 0;
  };
  visit(0, 0);
  return (
    pickBest(candidates) ??
    evaluate(
      options,
      options.map((o) => o.countInStock),
      amount,
    )
  );
}

/** Every combination up to the stock (tests only: a check on small cases). */
export function choosePacksByBruteForce(amount: number, available: readonly PackOption[]): PackChoice {
  const options = available.filter((o) => o.content > 0 && o.countInStock > 0).sort((a, b) => b.content - a.content || a.priceMinor - b.priceMinor);
  const candidates: PackChoice[] = [];
  const quantities = new Array<number>(options.length).fill(0);
  const visit = (index: number) => {
    if (index === options.length) {
      candidates.push(evaluate(options, quantities, amount));
      return;
    }
    for (let qty = 0; qty <= options[index].countInStock; qty++) {
      quantities[index] = qty;
      visit(index + 1);
    }
  };
  visit(0);
  return pickBest(candidates) ?? { packs: [], costMinor: 0, leftover: 0, shortfall: amount };
}
