/**
 * `npm run bench`: the figures the README quotes.
 * 1. HTTP: requests/s and p99 of the catalogue list, a search and suggestions, beside a bare Fastify route
 *    returning the same JSON in the same run (the ratio is the figure).
 * 2. Search, suggestion and sorted-listing latency over 100,000 generated products on PostgreSQL
 *    (skipped if it is unreachable).
 * 3. Gzipped JS and CSS the home page loads.
 * 4. Lighthouse (mobile) on the home page, a category page and a product page of the production build.
 * 5. The catalogue's files on PostgreSQL: 100,000 packs exported as CSV and XLSX (time, peak memory), a
 *    10,000-line price list previewed and applied (skipped if it is unreachable).
 * 6. The back office's dashboard and customers at 20,000 orders and 100,000 packs on PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { existsSync } from 'node:fs';
import { measureBundle } from './bundle.js';
import { measureLighthouse } from './lighthouse.js';
import { measureFilteredListingOnPglite, measureSearchAtScale } from './search-scale.js';
import { measureImportExport, printImportExport } from './import-export.js';
import { measureBackOfficeAtScale } from './back-office.js';
import { measureRecipeImport } from './recipe-import.js';

/** bench/server.ts's filtered category page. */
const FILTERED_LISTING = `/api/products?category=Hops&attr.purpose=aroma,dual&attr.alpha=3..15&price=50-2000&sort=price_asc`;

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

async function load(url: string) {
  const result = await autocannon({ url, connections: 10, duration: DURATION, pipelining: 1 });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99 };
}

async function http() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/server.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const ports = JSON.parse(line) as { shop: number; bare: number };
  try {
    const shopUrl = `http://127.0.0.1:${ports.shop}`;
    const search = `${shopUrl}/api/products?keyword=${encodeURIComponent('каскад')}`;
    const suggest = `${shopUrl}/api/search/suggest?q=${encodeURIComponent('каск')}`;
    // Warm both once: the first request of each kind fills the catalogue cache.
    await fetch(`${shopUrl}/api/products`);
    await fetch(search);
    await fetch(suggest);
    await fetch(`${shopUrl}${FILTERED_LISTING}`);
    // Rounds alternate the four so that neither warm-up nor a busy moment favours one of them.
    type Measure = Awaited<ReturnType<typeof load>>;
    const rounds: Record<'bare' | 'list' | 'search' | 'suggest' | 'bareFiltered' | 'filtered', Measure>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rounds.push({
        bare: await load(`http://127.0.0.1:${ports.bare}/api/products`),
        list: await load(`${shopUrl}/api/products`),
        search: await load(search),
        suggest: await load(suggest),
        bareFiltered: await load(`http://127.0.0.1:${ports.bare}/api/products/filtered`),
        filtered: await load(`${shopUrl}${FILTERED_LISTING}`),
      });
    }
    const mean = (kind: keyof (typeof rounds)[number]) => ({
      rps: Math.round(rounds.reduce((n, r) => n + r[kind].rps, 0) / rounds.length),
      p99: Math.max(...rounds.map((r) => r[kind].p99)),
    });
    const [bare, list, found, suggested] = [mean('bare'), mean('list'), mean('search'), mean('suggest')];
    // Lighthouse needs the built web app the shop serves (npm run build).
    const lighthouse = existsSync('dist/web/index.html') ? await measureLighthouse(shopUrl) : null;
    return { bare, list, search: found, suggest: suggested, bareFiltered: mean('bareFiltered'), filtered: mean('filtered'), lighthouse };
  } finally {
    child.kill('SIGTERM');
  }
}

console.log(`HTTP (autocannon, 10 connections, ${ROUNDS} alternating rounds of ${DURATION} s; mean req/s, worst p99)`);
const h = await http();
const row = (name: string, r: { rps: number; p99: number }) =>
  console.log(`  ${name.padEnd(32)} ${String(r.rps).padStart(7)} req/s   p99 ${String(r.p99).padStart(3)} ms   ratio ${(r.rps / h.bare.rps).toFixed(2)}`);
row('bare Fastify, same JSON', h.bare);
row('GET /api/products', h.list);
row('GET /api/products?keyword=каскад', h.search);
row('GET /api/search/suggest?q=каск', h.suggest);
console.log(
  `  ${'filtered category page'.padEnd(32)} ${String(h.filtered.rps).padStart(7)} req/s   p99 ${String(h.filtered.p99).padStart(3)} ms   ratio ${(h.filtered.rps / h.bareFiltered.rps).toFixed(2)} of its bare route (${h.bareFiltered.rps} req/s)`,
);

console.log(
  `load average before the database figures: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')} on the machine's cores`,
);
const timing = (name: string, t: { p50: number; p95: number; max: number; queries: number }) =>
  console.log(`  ${name.padEnd(44)} p50 ${t.p50.toFixed(1)} ms   p95 ${t.p95.toFixed(1)} ms   max ${t.max.toFixed(1)} ms   (${t.queries} queries)`);

const recipe = await measureRecipeImport();
console.log(
  `Recipe import + match, 20 ingredients, demo catalogue (PGlite, docs/recipes.md): p50 ${recipe.p50.toFixed(1)} ms   p95 ${recipe.p95.toFixed(1)} ms   (load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);

const scale = await measureSearchAtScale();
if (scale) {
  console.log(`${scale.products.toLocaleString('en')} generated products × 3 packs on PostgreSQL (no cache)`);
  timing('filtered category page (2 attributes, price, sort)', scale.filtered);
  timing('search (GET /api/products?keyword=)', scale.search);
  timing('suggestions (GET /api/search/suggest?q=)', scale.suggest);
  timing('sorted category page (sort=…, inStock=…)', scale.sorted);
  console.log(`  plan of a category page by price: ${scale.sortedPlan.split('\n')[1]?.trim()}`);
} else {
  console.log('Search at scale: skipped (PostgreSQL unreachable)');
}
const embedded = await measureFilteredListingOnPglite();
console.log(`${embedded.products.toLocaleString('en')} generated products × 3 packs on PGlite (no cache)`);
timing('filtered category page (2 attributes, price, sort)', embedded.filtered);

const backOffice = await measureBackOfficeAtScale();
if (backOffice) {
  console.log(
    `Back office on PostgreSQL: ${backOffice.orders.toLocaleString('en')} orders, ${backOffice.variants.toLocaleString('en')} packs (target p95 < 100 ms)`,
  );
  for (const t of backOffice.timings) console.log(`  ${t.route.padEnd(44)} p50 ${t.p50.toFixed(1)} ms   p95 ${t.p95.toFixed(1)} ms`);
} else {
  console.log('Back office at scale: skipped (PostgreSQL unreachable)');
}

const bundle = await measureBundle();
console.log('Home page assets (gzip)');
console.log(
  `  JS ${(bundle.jsGzip / 1024).toFixed(1)} KB in ${bundle.jsFiles} file${bundle.jsFiles === 1 ? '' : 's'} (aim ≤ 110)   CSS ${(bundle.cssGzip / 1024).toFixed(1)} KB (aim ≤ 15)`,
);

if (h.lighthouse) {
  console.log('Lighthouse, mobile, simulated throttling (performance / accessibility / best practices / SEO, LCP)');
  for (const f of h.lighthouse) {
    console.log(`  ${f.page.padEnd(48)} ${f.performance} / ${f.accessibility} / ${f.bestPractices} / ${f.seo}   LCP ${f.lcp}`);
  }
} else {
  console.log('Lighthouse: skipped (no production build: npm run build)');
}

printImportExport(await measureImportExport());
