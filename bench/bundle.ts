import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** Builds the web app and adds up the gzipped JS and CSS that index.html makes the browser load. */
export async function measureBundle() {
  const out = mkdtempSync(path.join(tmpdir(), 'shop-bundle-'));
  try {
    execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], { stdio: 'inherit' });
    const html = readFileSync(path.join(out, 'index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    const gz = (file: string) => gzipSync(readFileSync(path.join(out, file))).length;
    const js = assets.filter((a) => a.endsWith('.js'));
    const css = assets.filter((a) => a.endsWith('.css'));
    return { jsGzip: js.reduce((n, a) => n + gz(a), 0), cssGzip: css.reduce((n, a) => n + gz(a), 0), jsFiles: js.length };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
