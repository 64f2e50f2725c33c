// The build stamp: one hash of every source a build reads, so `npm start` knows whether dist/
// matches the code (docs/deploy.md).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['src', 'package-lock.json', 'tsconfig.json', 'tsconfig.server.json', 'vite.config.ts', 'scripts'];
const SKIP = /\.test\.tsx?$|(^|\/)src\/server\/test\//;

export const STAMP_FILE = 'dist/build-stamp';

export function sourceStamp(root = process.cwd()) {
  const hash = createHash('sha256');
  const visit = (relative) => {
    const full = path.join(root, relative);
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(path.posix.join(relative, name));
    } else if (!SKIP.test(relative)) {
      hash.update(`${relative}\0`).update(readFileSync(full)).update('\0');
    }
  };
  ROOTS.forEach(visit);
  return hash.digest('hex');
}

export function builtStamp(root = process.cwd()) {
  try {
    return readFileSync(path.join(root, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
}

/** What a start needs of a build: a stamp alone says nothing if dist/web was removed since. */
export const BUILD_OUTPUTS = [
  'dist/node/server/main.js',
  'dist/node/server/db/migrations/meta/_journal.json',
  'dist/web/index.html',
  'dist/ssr/entry-server.js',
];

/** Why dist/ must be built again, or null when it matches the sources and is whole. */
export function staleReason(root = process.cwd()) {
  const missing = BUILD_OUTPUTS.filter((file) => !existsSync(path.join(root, file)));
  if (missing.length > 0) return `the build is incomplete (${missing.join(', ')} missing)`;
  if (builtStamp(root) !== sourceStamp(root)) return 'the build does not match the sources';
  return null;
}
