import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const migrations = join(root, 'src/server/db/migrations');

// docs/decisions/014-migration-snapshots.md: the snapshots must describe schema.ts exactly, or
// `npm run db:generate` proposes to redo (or rename) what the hand-written migrations already did.
describe('drizzle migration snapshots', () => {
  let copy: string;

  beforeAll(async () => {
    copy = await mkdtemp(join(tmpdir(), 'migrations-'));
    await cp(migrations, copy, { recursive: true });
  });
  afterAll(async () => {
    await rm(copy, { recursive: true, force: true });
  });

  it('drizzle-kit generate finds nothing to generate on the unchanged schema', async () => {
    // drizzle-kit prefixes --out with "./", so it takes a path relative to the working directory.
    const { stdout } = await run(
      'npx',
      ['drizzle-kit', 'generate', '--dialect', 'postgresql', '--schema', 'src/server/db/schema.ts', '--out', relative(root, copy)],
      { cwd: root, timeout: 60_000, env: { ...process.env, CI: '1' } },
    );
    expect(stdout).toContain('No schema changes, nothing to migrate');
    expect((await readdir(copy)).sort()).toEqual((await readdir(migrations)).sort());
    expect(await readFile(join(copy, 'meta/_journal.json'), 'utf8')).toBe(await readFile(join(migrations, 'meta/_journal.json'), 'utf8'));
  }, 60_000);

  it('every journal entry has its snapshot, chained by prevId', async () => {
    const { stderr } = await run('node', ['scripts/db-snapshot.mjs', '--check'], { cwd: root });
    expect(stderr).toBe('');
  });

  it('the script writes a missing snapshot chained to the one before it', async () => {
    const journal = JSON.parse(await readFile(join(copy, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const last = journal.entries.at(-1)!.tag.split('_')[0];
    const before = JSON.parse(await readFile(join(copy, `meta/${last}_snapshot.json`), 'utf8')) as { id: string; prevId: string };
    await rm(join(copy, `meta/${last}_snapshot.json`));
    await expect(run('node', ['scripts/db-snapshot.mjs', '--check', '--dir', copy], { cwd: root })).rejects.toThrow(/no snapshot/);

    await run('node', ['scripts/db-snapshot.mjs', '--dir', copy], { cwd: root });
    const written = JSON.parse(await readFile(join(copy, `meta/${last}_snapshot.json`), 'utf8')) as Record<string, unknown>;
    expect(written.prevId).toBe(before.prevId);
    expect({ ...written, id: before.id }).toEqual(before);
  }, 60_000);
});
