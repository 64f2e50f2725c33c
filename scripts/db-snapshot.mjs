#!/usr/bin/env node
// Writes the drizzle snapshot of every migration in the journal that has none (docs/decisions/
// 014-migration-snapshots.md): migrations are written by hand, and `drizzle-kit generate` diffs the
// schema against the LAST snapshot only, so without them it proposes to redo (or rename) what the
// hand-written SQL already did.
//
//   node scripts/db-snapshot.mjs                  every journal entry without a snapshot, from the
//                                                 current src/server/db/schema.ts, chained by prevId
//   node scripts/db-snapshot.mjs --tag 0005_x --schema path/to/schema-then.ts
//                                                 one entry, from the schema as it was after that migration
//   node scripts/db-snapshot.mjs --check          exit 1 when an entry lacks its snapshot or the chain breaks
//
// The snapshot is what `drizzle-kit generate` itself would write (drizzle-kit/api generateDrizzleJson).
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const MIGRATIONS = resolve(import.meta.dirname, '../src/server/db/migrations');
const ORIGIN = '00000000-0000-0000-0000-000000000000';

const { values } = parseArgs({
  options: {
    tag: { type: 'string' },
    schema: { type: 'string', default: 'src/server/db/schema.ts' },
    check: { type: 'boolean', default: false },
    dir: { type: 'string', default: MIGRATIONS },
  },
});

const dir = resolve(values.dir);
const journal = JSON.parse(readFileSync(join(dir, 'meta/_journal.json'), 'utf8'));
/** drizzle-kit names a snapshot after its migration's number: 0008_product_slugs → 0008_snapshot.json. */
const snapshotPath = (tag) => join(dir, 'meta', `${tag.split('_')[0]}_snapshot.json`);
const readSnapshot = (tag) => (existsSync(snapshotPath(tag)) ? JSON.parse(readFileSync(snapshotPath(tag), 'utf8')) : null);

function check() {
  const problems = [];
  let prevId = ORIGIN;
  for (const { tag } of journal.entries) {
    const snapshot = readSnapshot(tag);
    if (!snapshot) {
      problems.push(`${tag}: no snapshot`);
      prevId = null;
      continue;
    }
    if (prevId !== null && snapshot.prevId !== prevId) problems.push(`${tag}: prevId ${snapshot.prevId}, expected ${prevId}`);
    prevId = snapshot.id;
  }
  return problems;
}

if (values.check) {
  const problems = check();
  for (const problem of problems) console.error(problem);
  process.exit(problems.length === 0 ? 0 : 1);
}

// tsx loads the TypeScript schema (and its .js-suffixed imports) the way drizzle-kit does.
const { tsImport } = await import('tsx/esm/api');
const { generateDrizzleJson } = await import('drizzle-kit/api');
const schema = await tsImport(pathToFileURL(resolve(values.schema)).href, import.meta.url);

let prevId = ORIGIN;
let written = 0;
for (const { tag } of journal.entries) {
  const existing = readSnapshot(tag);
  const wanted = values.tag === undefined ? existing === null : values.tag === tag;
  if (!wanted) {
    if (!existing) throw new Error(`${tag} has no snapshot: write it first (entries are chained in journal order)`);
    prevId = existing.id;
    continue;
  }
  const { id: _generatedId, prevId: _generatedPrevId, ...body } = generateDrizzleJson(schema, prevId);
  // Keep an existing id (a later snapshot points at it); drizzle-kit writes id and prevId first.
  const id = existing?.id ?? randomUUID();
  writeFileSync(snapshotPath(tag), `${JSON.stringify({ id, prevId, ...body }, null, 2)}\n`);
  console.log(`${tag}: ${snapshotPath(tag)}`);
  written += 1;
  prevId = id;
  if (values.tag !== undefined) break;
}
if (values.tag !== undefined && written === 0) throw new Error(`no journal entry tagged ${values.tag}`);
if (written === 0) console.log('Every migration has its snapshot.');
const problems = check();
if (values.tag === undefined && problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
