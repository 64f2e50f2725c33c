/**
 * `npm run backup [FILE]` and `npm run restore FILE` (docs/deploy.md): the database and the uploads
 * in one .tar.gz. PostgreSQL is dumped by pg_dump (one consistent snapshot, the shop keeps serving);
 * the embedded database is copied by PGlite itself, which needs the server stopped (one process
 * per data directory).
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { databaseTargetOf } from './client.js';
import { DataDirLocked, lockDataDir } from './data-dir-lock.js';

const run = promisify(execFile);

interface Manifest {
  format: 1;
  driver: 'pglite' | 'postgres';
  createdAt: string;
}

export async function backup(config: Readonly<Config>, file: string): Promise<string> {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
  try {
    const target = databaseTargetOf(config);
    let driver: Manifest['driver'];
    if ('url' in target) {
      driver = 'postgres';
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(work, 'database.dump')}`, target.url]);
    } else {
      driver = 'pglite';
      const dataDir = (target as { dataDir: string }).dataDir;
      if (!existsSync(dataDir)) throw new ConfigError(`No embedded database in ${dataDir}`);
      const release = lockDataDir(dataDir);
      try {
        const client = new PGlite(dataDir, { extensions: { pg_trgm } });
        await client.waitReady;
        const dump = await client.dumpDataDir('gzip');
        await client.close();
        writeFileSync(path.join(work, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        release();
      }
    }
    mkdirSync(path.join(work, 'uploads'));
    if (existsSync(config.uploadsDir)) cpSync(config.uploadsDir, path.join(work, 'uploads'), { recursive: true });
    const manifest: Manifest = { format: 1, driver, createdAt: new Date().toISOString() };
    writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    const out = path.resolve(file);
    mkdirSync(path.dirname(out), { recursive: true });
    await run('tar', ['-czf', `${out}.partial`, '-C', work, '.']);
    renameSync(`${out}.partial`, out);
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function restore(config: Readonly<Config>, file: string): Promise<Manifest> {
  const work = mkdtempSync(path.join(tmpdir(), 'shop-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', work]);
    const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8')) as Manifest;
    const target = databaseTargetOf(config);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    if (manifest.driver === 'postgres') {
      if (!('url' in target)) throw new ConfigError('This backup is of a PostgreSQL database: set DATABASE_URL to restore it');
      // One transaction: a failed restore leaves the database as it was.
      await run('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--no-privileges',
        '--single-transaction',
        `--dbname=${target.url}`,
        path.join(work, 'database.dump'),
      ]);
    } else {
      if ('url' in target) throw new ConfigError('This backup is of the embedded database: unset DATABASE_URL to restore it');
      const dataDir = (target as { dataDir: string }).dataDir;
      const release = lockDataDir(dataDir);
      try {
        // The current files are kept beside, never deleted.
        const aside = `${dataDir}.before-restore-${stamp}`;
        renameSync(dataDir, aside);
        const dump = new Blob([readFileSync(path.join(work, 'pglite.tar.gz'))]);
        const client = new PGlite(dataDir, { extensions: { pg_trgm }, loadDataDir: dump });
        await client.waitReady;
        await client.close();
      } finally {
        release();
      }
    }
    if (existsSync(config.uploadsDir)) renameSync(config.uploadsDir, `${config.uploadsDir}.before-restore-${stamp}`);
    cpSync(path.join(work, 'uploads'), config.uploadsDir, { recursive: true });
    return manifest;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const [command, file] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'backup') {
    const name = file ?? `shop-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
    console.log(`Backup written: ${await backup(config, name)}`);
  } else if (command === 'restore' && file) {
    const manifest = await restore(config, file);
    console.log(`Restored the ${manifest.driver} backup of ${manifest.createdAt} and its uploads`);
  } else {
    throw new ConfigError('Usage: npm run backup [FILE] | npm run restore FILE');
  }
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) {
  main().catch((err) => {
    console.error(err instanceof ConfigError || err instanceof DataDirLocked ? err.message : err);
    process.exit(1);
  });
}
