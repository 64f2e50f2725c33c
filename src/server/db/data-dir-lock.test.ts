import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { DataDirLocked, lockDataDir } from './data-dir-lock.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-lock-'));
  dirs.push(dir);
  return dir;
};

test('one holder at a time; the refusal names the directory and the holder', () => {
  const dir = dataDir();
  const release = lockDataDir(path.join(dir, 'pglite'));
  expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8').trim()).toBe(String(process.pid));
  expect(() => lockDataDir(path.join(dir, 'pglite'))).toThrow(DataDirLocked);
  expect(() => lockDataDir(path.join(dir, 'pglite'))).toThrow(`DATA_DIR ${dir} is in use by process ${process.pid}`);
  release();
  expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);
  lockDataDir(path.join(dir, 'pglite'))();
});

test('a lock left by a process that is gone is taken over', () => {
  const dir = dataDir();
  // A real pid that no longer runs.
  const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString();
  writeFileSync(path.join(dir, 'pglite.lock'), `${dead}\n`);
  const release = lockDataDir(path.join(dir, 'pglite'));
  expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8').trim()).toBe(String(process.pid));
  release();
});

test('a lock held by another live process is respected', () => {
  const dir = dataDir();
  // pid 1 always runs.
  writeFileSync(path.join(dir, 'pglite.lock'), '1\n');
  expect(() => lockDataDir(path.join(dir, 'pglite'))).toThrow(`is in use by process 1`);
  expect(readFileSync(path.join(dir, 'pglite.lock'), 'utf8').trim()).toBe('1');
});
