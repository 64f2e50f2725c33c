import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

/**
 * The original API names live in src/shared/wire alone (docs/decisions/032-true-names-at-the-edge.md):
 * no schema, service, page or store outside it reads or writes them. Tests, migrations and the
 * database's own columns may name them; so may a recipe file's format (Brewfather's `_id`).
 */
const SRC = join(import.meta.dirname, '..', '..');
const ALLOWED = [/^shared\/wire\//, /\/migrations\//, /\.test\.tsx?$/, /^server\/test\//, /^shared\/recipes\/test-recipes-json\.ts$/];
const ORIGINAL_NAMES = [
  /\._id\b/,
  /(?:^|[{,\s])_id\s*:/,
  /['"]_id['"]/,
  /\balfa\b/,
  /\bferment_(?:temp|type)\b/,
  /\bproducts?\.origin\b/,
  /\borigin: (?:p|product|row|input)\./,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

test('nothing outside src/shared/wire reads or writes the original API names', () => {
  const found: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const path = relative(SRC, file).replaceAll('\\', '/');
    if (ALLOWED.some((allowed) => allowed.test(path))) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (ORIGINAL_NAMES.some((name) => name.test(line))) found.push(`src/${path}:${i + 1}: ${line.trim()}`);
      });
  }
  expect(found).toEqual([]);
});
