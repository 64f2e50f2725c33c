/**
 * `npx tsx bench/recipe-import.ts`: import and match of a 20-ingredient BeerXML recipe through the
 * whole route (POST /api/recipes/import): on the demo catalogue, embedded PGlite, and on the demo
 * catalogue among 100,000 generated products (BENCH_PRODUCTS) on PostgreSQL: p50/p95 of 25.
 */
import { openDatabase, type Database } from '../src/server/db/client.js';
import { seedDemoCatalog } from '../src/server/seed/index.js';
import { benchApp, withScratchDatabase } from './scratch-database.js';
import { fillCatalogue } from './search-scale.js';

// The route allows 30 imports a minute from one address: warm-up and runs stay within it.
const RUNS = Number(process.env.BENCH_RUNS ?? 25);

/** 6 malts, 9 hop additions, 2 yeasts, 3 miscs: 20 lines. */
export function twentyIngredients(): string {
  const malt = (name: string, kg: number, color: number) =>
    `<FERMENTABLE><NAME>${name}</NAME><TYPE>Grain</TYPE><AMOUNT>${kg}</AMOUNT><YIELD>78</YIELD><COLOR>${color}</COLOR></FERMENTABLE>`;
  const hop = (name: string, g: number, alpha: number, use: string, time: number) =>
    `<HOP><NAME>${name}</NAME><ALPHA>${alpha}</ALPHA><AMOUNT>${g / 1000}</AMOUNT><USE>${use}</USE><TIME>${time}</TIME></HOP>`;
  return `<?xml version="1.0" encoding="UTF-8"?><RECIPES><RECIPE><NAME>Bench IPA</NAME><BATCH_SIZE>20</BATCH_SIZE><BOIL_TIME>60</BOIL_TIME><EFFICIENCY>72</EFFICIENCY>
<FERMENTABLES>${[malt('Pale Ale Malt', 5, 3), malt('Pilsner', 1, 1.8), malt('Munich Malt', 0.5, 9), malt('Vienna Malt', 0.5, 4), malt('Wheat Malt', 0.3, 2), malt('Caramel/Crystal Malt - 60L', 0.3, 60)].join('')}</FERMENTABLES>
<HOPS>${[hop('Magnum', 20, 12.5, 'Boil', 60), hop('Citra', 30, 12, 'Boil', 10), hop('Mosaic', 30, 12, 'Boil', 5), hop('Cascade', 30, 6, 'Aroma', 0), hop('Centennial', 20, 10, 'Boil', 15), hop('Simcoe', 30, 13, 'Dry Hop', 3), hop('Citra', 50, 12, 'Dry Hop', 3), hop('Galaxy', 30, 14, 'Dry Hop', 3), hop('Amarillo', 20, 9, 'Aroma', 0)].join('')}</HOPS>
<YEASTS><YEAST><NAME>Safale American</NAME><PRODUCT_ID>US-05</PRODUCT_ID><TYPE>Ale</TYPE><FORM>Dry</FORM></YEAST><YEAST><NAME>London Ale III</NAME><PRODUCT_ID>1318</PRODUCT_ID><TYPE>Ale</TYPE><FORM>Liquid</FORM></YEAST></YEASTS>
<MISCS><MISC><NAME>Gypsum</NAME><TYPE>Water Agent</TYPE></MISC><MISC><NAME>Whirlfloc</NAME><TYPE>Fining</TYPE></MISC><MISC><NAME>Yeast Nutrient</NAME><TYPE>Other</TYPE></MISC></MISCS>
</RECIPE></RECIPES>`;
}

type Timing = { p50: number; p95: number; runs: number };

/** p50/p95 of import + match through the route on the demo catalogue (embedded PGlite). */
export async function measureRecipeImport(): Promise<Timing> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await seedDemoCatalog(database.db);
    return await timeImports(database);
  } finally {
    await database.close();
  }
}

/** The same among 100,000 generated products (a ninth of them hops) on PostgreSQL; null when it is unreachable. */
export async function measureRecipeImportAtScale(): Promise<(Timing & { products: number }) | null> {
  const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
  return withScratchDatabase('shop_bench_recipe', async (database) => {
    await seedDemoCatalog(database.db);
    await fillCatalogue(database.db, products);
    return { products, ...(await timeImports(database)) };
  });
}

async function timeImports(database: Database): Promise<Timing> {
  const app = await benchApp(database);

  try {
    const payload = twentyIngredients();
    const times: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/recipes/import', payload, headers: { 'content-type': 'application/xml' } });
      if (res.statusCode !== 200) throw new Error(res.body);
      if (i >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
    return { p50: at(0.5), p95: at(0.95), runs: RUNS };
  } finally {
    await app.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { p50, p95 } = await measureRecipeImport();
  console.log(`recipe import + match, 20 ingredients, demo catalogue (PGlite): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
  const scale = await measureRecipeImportAtScale();
  if (scale) {
    console.log(`the same among ${scale.products.toLocaleString('en')} products (PostgreSQL): p50 ${scale.p50.toFixed(1)} ms, p95 ${scale.p95.toFixed(1)} ms`);
  } else console.log('at scale: skipped (PostgreSQL unreachable)');
}
