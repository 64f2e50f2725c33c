import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort, sleep, startShop, type ShopProcess } from './harness';

/**
 * `npm run build` and `npm start` as a shop owner runs them (docs/deploy.md), in a directory of
 * their own holding a .env, on a DATA_DIR that does not exist yet.
 */
const repo = process.cwd();
const site = mkdtempSync(path.join(tmpdir(), 'shop-fault-site-'));
const dataDir = path.join(site, 'var', 'shop');
const ADMIN = { email: 'owner@example.com', password: 'a-strong-owner-password' };
let port: number;
const started: ShopProcess[] = [];

beforeAll(async () => {
  // The build lands in the checkout's dist, linked into the site (Vite resolves its config's real path).
  mkdirSync(path.join(repo, 'dist'), { recursive: true });
  for (const name of [
    'package.json',
    'package-lock.json',
    'tsconfig.json',
    'tsconfig.server.json',
    'vite.config.ts',
    'scripts',
    'src',
    'dist',
    'node_modules',
  ]) {
    if (existsSync(path.join(repo, name))) symlinkSync(path.join(repo, name), path.join(site, name));
  }
  port = await freePort();
  writeFileSync(
    path.join(site, '.env'),
    [
      `PORT=${port}`,
      'NODE_ENV=production',
      `DATA_DIR=${dataDir}`,
      'JWT_SECRET=' + 'p'.repeat(40),
      `ADMIN_EMAIL=${ADMIN.email}`,
      `ADMIN_PASSWORD=${ADMIN.password}`,
      'LOG_LEVEL=warn',
      '',
    ].join('\n'),
  );
  // NODE_ENV=development in the environment (as the README's .env.example has it) must not give a development bundle.
  execFileSync('npm', ['run', 'build'], { cwd: site, env: { ...process.env, NODE_ENV: 'development' }, stdio: 'ignore' });
});

afterAll(async () => {
  await Promise.all(started.map((shop) => shop.stop()));
  rmSync(site, { recursive: true, force: true });
});

describe('production start', () => {
  test('the build is React in production mode whatever NODE_ENV says, stamped with its sources', () => {
    const assets = path.join(repo, 'dist', 'web', 'assets');
    const js = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(js.length).toBeGreaterThan(0);
    for (const name of js) expect(readFileSync(path.join(assets, name), 'utf8'), name).not.toContain('Each child in a list should have a unique');
    expect(readFileSync(path.join(repo, 'dist', 'build-stamp'), 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(existsSync(path.join(repo, 'dist', 'node', 'server', 'main.js'))).toBe(true);
  });

  test('npm start: reads .env, creates DATA_DIR, no demo, the owner signs in, SIGTERM to npm stops the server', async () => {
    // The environment says nothing but where npm is: every setting comes from .env.
    const shop = await startShop(
      { PORT: String(port), NODE_ENV: undefined, LOG_LEVEL: undefined, HOST: undefined },
      { command: ['npm', 'start', '--prefix', site] },
    );
    started.push(shop);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    const listing = (await (await fetch(`${shop.url}/api/products`)).json()) as { products: unknown[] };
    expect(listing.products).toEqual([]);
    const signIn = await fetch(`${shop.url}/api/users/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(signIn.status).toBe(200);
    expect(signIn.headers.getSetCookie()[0]).toMatch(/; Secure/);
    expect((await fetch(`${shop.url}/`)).status).toBe(200);

    // The signal a service manager sends to the process it started.
    shop.child.kill('SIGTERM');
    const exitCode = await Promise.race([shop.exited, sleep(15_000).then(() => 'still running')]);
    // A clean stop: the app's closing hooks ran while the database was still open.
    expect(exitCode).toBe(0);
    await sleep(300);
    await expect(fetch(`${shop.url}/api/health`)).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  test('production refuses the demo admin password with a clear message', async () => {
    const shop = await startShop(
      { NODE_ENV: 'production', DATA_DIR: path.join(site, 'other'), JWT_SECRET: 'p'.repeat(40), ADMIN_PASSWORD: '' },
      { command: [process.execPath, path.join(repo, 'dist/node/server/main.js')], waitForHealth: false },
    );
    expect(await shop.exited).toBe(1);
    expect(shop.output()).toContain('ADMIN_PASSWORD: the demo password admin12345 is refused in production');
  });

  test('a shop begun as a demo is refused in production while its admin keeps the demo password, saying why', async () => {
    const demoData = path.join(site, 'demo');
    const main = [process.execPath, path.join(repo, 'dist/node/server/main.js')];
    const demo = await startShop({ NODE_ENV: 'development', DATA_DIR: demoData, LOG_LEVEL: 'warn' }, { command: main });
    started.push(demo);
    await demo.stop();
    const shop = await startShop(
      { NODE_ENV: 'production', DATA_DIR: demoData, JWT_SECRET: 'p'.repeat(40), ADMIN_PASSWORD: ADMIN.password },
      { command: main, waitForHealth: false },
    );
    expect(await shop.exited).toBe(1);
    // The refusal itself, not what closing the half-started shop says afterwards.
    expect(shop.output()).toContain('The admin admin@example.com still has the demo password admin12345');
    expect(shop.output()).not.toContain('PGlite is closed');
  });
});

describe('build stamp', () => {
  test('changes with any source the build reads, not with tests', async () => {
    const { sourceStamp } = await import('../scripts/build-stamp.mjs');
    const root = mkdtempSync(path.join(tmpdir(), 'shop-stamp-'));
    try {
      execFileSync('mkdir', ['-p', path.join(root, 'src/server')]);
      writeFileSync(path.join(root, 'src/server/main.ts'), 'one');
      const first = sourceStamp(root);
      writeFileSync(path.join(root, 'src/server/main.test.ts'), 'a test');
      expect(sourceStamp(root)).toBe(first);
      writeFileSync(path.join(root, 'src/server/main.ts'), 'two');
      expect(sourceStamp(root)).not.toBe(first);
      const second = sourceStamp(root);
      writeFileSync(path.join(root, 'package-lock.json'), '{}');
      expect(sourceStamp(root)).not.toBe(second);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
