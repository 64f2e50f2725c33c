import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHOP_TIME_ZONE, shopDay } from './time-zone';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe("the shop's time zone", () => {
  it('is Kyiv: a day is a Kyiv day, in winter (UTC+2) and summer (UTC+3)', () => {
    expect(shopDay(new Date('2026-11-27T21:59:00Z'))).toBe('2026-11-27');
    expect(shopDay(new Date('2026-11-27T22:30:00Z'))).toBe('2026-11-28');
    expect(shopDay(new Date('2026-07-14T20:59:00Z'))).toBe('2026-07-14');
    expect(shopDay(new Date('2026-07-14T21:00:00Z'))).toBe('2026-07-15');
  });

  it('is named once in the code: everything else reads SHOP_TIME_ZONE', () => {
    const spelled = sourceFiles(SRC)
      .filter((file) => !file.endsWith('time-zone.ts') && !file.endsWith('time-zone.test.ts'))
      .filter((file) => readFileSync(file, 'utf8').includes(SHOP_TIME_ZONE))
      .map((file) => relative(SRC, file));
    expect(spelled).toEqual([]);
  });

  it("is the zone of migration 0033's day summary, which cannot read the constant", () => {
    const sql = readFileSync(join(SRC, 'server/db/migrations/0033_dashboard_sales_summary.sql'), 'utf8');
    const zones = new Set([...sql.matchAll(/AT TIME ZONE '([^']+)'/g)].map((match) => match[1]));
    expect([...zones]).toEqual([SHOP_TIME_ZONE]);
  });
});
