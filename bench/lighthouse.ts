import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const CHROMIUM_FLAGS = '--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

export interface LighthouseFigures {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: string;
}

/**
 * Lighthouse, mobile with simulated throttling (its defaults), on the home page, a category page and
 * a product page of a running shop: the same as
 * `CHROME_PATH=/usr/bin/chromium npx lighthouse <url> --form-factor=mobile --chrome-flags="…"`.
 */
export async function measureLighthouse(shopUrl: string): Promise<LighthouseFigures[]> {
  const list = (await (await fetch(`${shopUrl}/api/products`)).json()) as { products: { slug: string }[] };
  const pages = ['/', '/hops', `/product/${list.products[0].slug}`];
  const out = mkdtempSync(path.join(tmpdir(), 'shop-lighthouse-'));
  try {
    const figures: LighthouseFigures[] = [];
    for (const page of pages) {
      const report = path.join(out, 'report.json');
      // Lighthouse now and then loses its trace (NO_NAVSTART): such a run is tried once more.
      const lighthouse = () =>
        run(
          'npx',
          [
            'lighthouse',
            `${shopUrl}${page}`,
            '--quiet',
            '--form-factor=mobile',
            '--only-categories=performance,accessibility,best-practices,seo',
            '--output=json',
            `--output-path=${report}`,
            `--chrome-flags=${CHROMIUM_FLAGS}`,
          ],
          { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' } },
        );
      await lighthouse().catch((error: { stderr?: string }) => {
        if (!error.stderr?.includes('NO_NAVSTART')) throw error;
        return lighthouse();
      });
      const lhr = JSON.parse(readFileSync(report, 'utf8'));
      const score = (id: string) => Math.round(lhr.categories[id].score * 100);
      figures.push({
        page,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcp: lhr.audits['largest-contentful-paint'].displayValue,
      });
    }
    return figures;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
