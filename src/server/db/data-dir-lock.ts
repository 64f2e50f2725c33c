import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded database's files are used by another live process. */
export class DataDirLocked extends Error {}

const held = new Set<string>();

/**
 * Takes the embedded database's directory for this process: a lock file beside it holding our pid
 * (docs/deploy.md). A lock left by a process that no longer runs is taken over. Returns the release.
 */
export function lockDataDir(databaseDir: string): () => void {
  const dir = path.resolve(databaseDir);
  mkdirSync(dir, { recursive: true });
  const file = `${dir}.lock`;
  const dataDir = path.dirname(dir);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
      held.add(file);
      const release = () => {
        if (!held.delete(file)) return;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const owner = readOwner(file);
    if (owner !== null && (held.has(file) || (owner !== process.pid && isAlive(owner)))) {
      throw new DataDirLocked(
        `DATA_DIR ${dataDir} is in use by process ${owner} (lock file ${file}). ` +
          'One server per data directory: stop that process, or give this one another DATA_DIR or a DATABASE_URL.',
      );
    }
    // Stale: its process is gone (or it is our own pid from before a container restart).
    try {
      unlinkSync(file);
    } catch {
      // another starter removed it first; try again
    }
  }
  throw new DataDirLocked(`DATA_DIR ${dataDir}: could not take the lock file ${file}`);
}

function readOwner(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
