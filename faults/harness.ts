import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../src/server/test/fakes/listen';

/**
 * What the fault tests need to break things for real: a private PostgreSQL cluster they can
 * restart and stop (docs/deploy.md), and shop servers as separate processes.
 */

export { freePort };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const file = path.join(root, version, 'bin', name);
    if (existsSync(file)) return file;
  }
  throw new Error(`${name} not found under ${root}/*/bin: install PostgreSQL`);
}

export function hasPostgresBinaries(): boolean {
  try {
    postgresBin('initdb');
    return true;
  } catch {
    return false;
  }
}

/** Runs a PostgreSQL tool as the postgres user (initdb refuses root), without blocking the load. */
async function asPostgres(bin: string, args: string[]): Promise<void> {
  const quoted = [postgresBin(bin), ...args].map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(' ');
  const command = process.getuid?.() === 0 ? ['su', 'postgres', '-s', '/bin/sh', '-c', quoted] : ['sh', '-c', quoted];
  await promisify(execFile)(command[0], command.slice(1), { timeout: 60_000 });
}

export interface PostgresCluster {
  port: number;
  url(database?: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Fast restart: every connection is cut, as in an operator's restart. */
  restart(): Promise<void>;
  /** pg_terminate_backend on every connection to the database but the caller's. */
  terminateBackends(database: string): Promise<number>;
  query<T extends pg.QueryResultRow>(database: string, sql: string, params?: unknown[]): Promise<T[]>;
  remove(): Promise<void>;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-fault-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  await asPostgres('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const ctl = (...args: string[]) => asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '60', ...args]);
  await ctl('start');
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const query = async <T extends pg.QueryResultRow>(database: string, sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: url(database) });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query<T>(sql, params)).rows;
    } finally {
      await client.end().catch(() => {});
    }
  };
  return {
    port,
    url,
    start: () => ctl('start'),
    stop: () => ctl('stop', '-m', 'fast'),
    restart: () => ctl('restart', '-m', 'fast'),
    async terminateBackends(database) {
      const rows = await query<{ n: string }>(
        'postgres',
        'select count(pg_terminate_backend(pid)) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [database],
      );
      return Number(rows[0].n);
    },
    query,
    async remove() {
      try {
        await ctl('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Products written straight into a migrated shop database, each sold in one pack that holds its
 * stock (docs/decisions/013-product-variants.md); their ids in the order given.
 */
export async function insertProducts(
  cluster: PostgresCluster,
  database: string,
  products: { name: string; category: string; origin: string; priceMinor: number; weight: number; stock: number }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const p of products) {
    const [row] = await cluster.query<{ id: string }>(
      database,
      `insert into products (name, image, description, price_minor, category, origin, weight, count_in_stock)
       values ($1, '/images/x.svg', 'опис', $2, $3, $4, $5, $6) returning id`,
      [p.name, p.priceMinor, p.category, p.origin, p.weight, p.stock],
    );
    await cluster.query(
      database,
      `insert into product_variants (product_id, sku, label, price_minor, count_in_stock, weight)
       select id, 'SKU-' || id, '1 шт', price_minor, count_in_stock, weight from products where id = $1`,
      [row.id],
    );
    ids.push(row.id);
  }
  return ids;
}

/** Every server a test started: killed when the test process ends, even after a failed setup. */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string>;
  stop(): Promise<void>;
}

/** Starts `command` (default: the server from its sources) and waits until /api/health answers. */
export async function startShop(
  env: Record<string, string | undefined>,
  options: { command?: string[]; waitForHealth?: boolean; timeoutMs?: number } = {},
): Promise<ShopProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  const [cmd, ...args] = options.command ?? [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  // undefined removes a variable (an empty one would still hide the value of a .env file).
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
    PORT: String(port),
  };
  const child = spawn(cmd, args, {
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)) as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const shop: ShopProcess = {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  if (options.waitForHealth === false) return shop;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  let gone: number | string | null = null;
  void exited.then((code) => (gone = code));
  while (Date.now() < deadline) {
    if (gone !== null) throw new Error(`the shop exited (${gone}):\n${output}`);
    try {
      if ((await fetch(`${shop.url}/api/health`)).ok) return shop;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  await shop.stop();
  throw new Error(`the shop did not answer within the time limit:\n${output}`);
}

export async function signUp(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Покупець', email, password: 'fault-test-password' }),
  });
  if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export const SHIPPING = {
  address: 'Іван Франко',
  city: 'Київ',
  phoneNumber: '+380671234567',
  country: 'Відділення №1: вул. Пирогівський шлях, 135',
  postalCode: '03115',
};
