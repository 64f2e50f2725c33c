import { sql } from 'drizzle-orm';
import { withScratchDatabase } from './scratch-database.js';
import { openDatabase, type Database } from '../src/server/db/client.js';
import { insertProducts, listProducts } from '../src/server/features/products/repository.js';
import { getSuggestions } from '../src/server/features/products/service.js';
import { EQUIPMENT_CATEGORIES, HOP_PRODUCERS } from '../src/shared/catalog.js';
import { PRODUCT_SORTS } from '../src/shared/products.js';
import { typedWords } from '../src/shared/search-text.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);

const VARIETIES = [
  'Cascade',
  'Citra',
  'Mosaic',
  'Simcoe',
  'Galaxy',
  'Nelson Sauvin',
  'Saaz',
  'Perle',
  'Magnum',
  'Amarillo',
  'Centennial',
  'Chinook',
  'Ella',
  'Motueka',
  'Fuggle',
  'Hallertauer',
  'Tettnanger',
  'Columbus',
  'Warrior',
  'Sabro',
];
const KINDS = ['Хміль', 'Дріжджі', 'Солод', 'Кег', 'Кран', 'Фітинг', 'Охолоджувач', 'Редуктор', 'Колона'];
const WORDS = ['гранули', 'преміум', 'свіжий', 'врожай', 'набір', 'нержавіючий', 'класичний', 'американський', 'ароматний', 'гіркий'];
/** What shoppers type: both alphabets, typos, partial words, nothing at all. */
const QUERIES = [
  'каскад',
  'cascde',
  'сітра',
  'mosaic',
  'галаксі',
  'кег',
  'кран нержавіючий',
  'сафейл',
  'amarilo',
  'хміль',
  'zzzz',
  'нельсон',
  'охолоджувач',
  'perle',
  'набір преміум',
];

/** What the header's search asks while a shopper types those words: every prefix from the second letter. */
const TYPED = [...new Set(QUERIES.flatMap((query) => [...query].map((_, n) => query.slice(0, n + 1)).filter((typed) => typed.trim().length >= 2)))];

const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

type Timings = { p50: number; p95: number; max: number; queries: number };

async function timed(rounds: number, run: (round: number) => Promise<unknown>): Promise<Timings> {
  const timings: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await run(round);
    timings.push(performance.now() - started);
  }
  timings.sort((a, b) => a - b);
  const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))];
  return { p50: at(0.5), p95: at(0.95), max: timings[timings.length - 1], queries: timings.length };
}

/**
 * p50/p95 over a generated catalogue on a throwaway PostgreSQL database, uncached: searches, the
 * header's suggestions and sorted category pages.
 */
/** A category page with two attribute filters, a price range and a sort, as a shopper narrows hops down. */
const filteredListing = (db: Database['db'], n: number) =>
  listProducts(
    db,
    {
      categories: ['Hops'],
      attributes: [
        { key: 'purpose', type: 'values', values: n % 2 ? ['aroma'] : ['aroma', 'dual'] },
        { key: 'alpha', type: 'range', min: 4 + (n % 5), max: 12 + (n % 4) },
      ],
      price: { min: 50 + (n % 7) * 10, max: 500 },
      sort: pick(['price_asc', 'price_desc', 'alpha_desc', 'newest'] as const, n),
    },
    { number: 1 + (n % 3), size: 12 },
  );

/** Generated products, each with three packs (50 г, 100 г, 1 кг as hops are sold). */
export async function fillCatalogue(db: Database['db'], products: number) {
  const now = Date.now();
  for (let start = 0; start < products; start += 2000) {
    const batch: Parameters<typeof insertProducts>[1] = [];
    for (let i = start; i < Math.min(start + 2000, products); i++) {
      const kind = pick(KINDS, i * 7);
      const isHop = kind === 'Хміль';
      const priceMinor = 1000 + (i % 5000) * 10;
      const stock = i % 10 === 0 ? 0 : 1 + (i % 50);
      batch.push({
        name: `${kind} ${pick(VARIETIES, i * 13 + (i >> 5))} ${pick(WORDS, i * 3)} №${i}`,
        image: '/images/placeholder.svg',
        description: 'Згенерований товар для вимірювання пошуку.',
        priceMinor,
        discount: i % 9 === 0 ? 10 : 0,
        category: isHop ? 'Hops' : pick(EQUIPMENT_CATEGORIES, i),
        producer: isHop ? pick(HOP_PRODUCERS, i) : 'Kegland',
        weight: 1,
        countInStock: stock,
        attributes: isHop ? { alpha: 2 + (i % 170) / 10, purpose: pick(['aroma', 'bittering', 'dual'], i >> 2) } : {},
        numReviews: i % 7 === 0 ? i % 41 : 0,
        rating: i % 7 === 0 ? 1 + (i % 5) : 0,
        createdAt: new Date(now - i * 1000),
        variants: [
          { sku: `B${i}-50`, label: '50 г', priceMinor, discount: i % 9 === 0 ? 10 : 0, countInStock: stock, weight: 0.05 },
          { sku: `B${i}-100`, label: '100 г', priceMinor: priceMinor * 2 - 500, discount: 0, countInStock: stock, weight: 0.1 },
          { sku: `B${i}-1000`, label: '1 кг', priceMinor: priceMinor * 15, discount: 0, countInStock: i % 3 ? stock : 0, weight: 1 },
        ],
      });
    }
    await insertProducts(db, batch);
  }
  // The steady state of a live shop: autovacuum has set the visibility map and statistics.
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze product_variants`);
}

/** The filtered category page on the embedded database (BENCH_PGLITE_PRODUCTS, default as many as PostgreSQL's). */
export async function measureFilteredListingOnPglite() {
  const products = Number(process.env.BENCH_PGLITE_PRODUCTS ?? PRODUCTS);
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await fillCatalogue(database.db, products);
    return { products, filtered: await timed(100, (n) => filteredListing(database.db, n)) };
  } finally {
    await database.close();
  }
}

/**
 * BENCH_CATALOGUE_URL names a PostgreSQL database this bench filled before (migrated, `fillCatalogue`
 * at BENCH_PRODUCTS): timed as it is, without the minutes a new fill takes.
 */
export async function measureSearchAtScale() {
  const filled = process.env.BENCH_CATALOGUE_URL;
  if (filled) {
    const database = await openDatabase({ url: filled });
    try {
      return await timeCatalogue(database);
    } finally {
      await database.close();
    }
  }
  return withScratchDatabase('shop_bench', async (database) => {
    await fillCatalogue(database.db, PRODUCTS);
    return timeCatalogue(database);
  });
}

async function timeCatalogue(database: Database) {
  const search = await timed(20 * QUERIES.length, (n) =>
    listProducts(database.db, { keyword: pick(QUERIES, n) }, { number: 1 + (Math.floor(n / QUERIES.length) % 3), size: 12 }),
  );
  // The route asks with the query's words, as the header's search sends them (routes.ts).
  const suggest = await timed(5 * TYPED.length, (n) => getSuggestions(database.db, typedWords(pick(TYPED, n)).join(' ')));
  const sorts = [undefined, ...PRODUCT_SORTS];
  const sorted = await timed(10 * sorts.length, (n) =>
    listProducts(
      database.db,
      { categories: [n % 2 ? 'Hops' : 'Coolers'], sort: pick(sorts, n), stock: n % 4 === 3 ? 'inStockOnly' : 'soldOutLast' },
      { number: 1 + (n % 3), size: 12 },
    ),
  );
  const filtered = await timed(200, (n) => filteredListing(database.db, n));
  // Which plan a sorted category page gets: an index in the page's order, not a sort of the category.
  const plan = await database.db.execute(
    sql`explain select id from products where category = 'Hops' order by (count_in_stock > 0) desc, (price_minor::bigint * (100 - discount)) asc, id asc limit 12`,
  );
  const planText = (plan as unknown as { rows: Record<string, string>[] }).rows.map((row) => Object.values(row)[0]).join('\n');
  return { products: PRODUCTS, search, suggest, sorted, filtered, sortedPlan: planText };
}
