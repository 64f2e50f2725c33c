import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../src/server/test/fakes/listen';
import { startFakeServices } from './fake-services';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'admin-e2e-password';

/**
 * One real shop for the browser tests: the production web build, the real server on a fresh
 * embedded database with the demo catalogue, and local fakes of the third parties.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
  const webDir = path.join(dir, 'web');
  // As `npm run build` makes them: production mode whatever NODE_ENV the tests run with.
  const production = { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } } as const;
  execFileSync('npx', ['vite', 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], production);
  // The server render, which the server finds beside the web build (docs/seo.md).
  const ssrDir = path.join(dir, 'ssr');
  execFileSync('npx', ['vite', 'build', '--ssr', 'entry-server.tsx', '--outDir', ssrDir, '--emptyOutDir', '--logLevel', 'warn'], production);

  const fakes = await startFakeServices();
  const port = await freePort();
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      // The address the browser uses: LiqPay sends the shopper back to it (docs/payments.md).
      SITE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: path.join(dir, 'data'),
      WEB_DIR: webDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
      ...fakes.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseURL}/api/products`, server);
  project.provide('baseURL', baseURL);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  // No SMTP in the browser tests: the shop writes each letter as an .eml file here (docs/notifications.md).
  project.provide('mailDir', path.join(dir, 'data', 'mail'));

  return async () => {
    server.kill('SIGTERM');
    await fakes.close();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function waitUntilUp(url: string, server: ChildProcess) {
  // Generous: on a busy two-core machine the first start (migrations, the demo catalogue) can take minutes.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the shop exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the shop did not start at ${url}`);
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    mailDir: string;
  }
}
