/** How many values one `IN (…)` list or JSON batch carries at most: far below PostgreSQL's 65,535 parameters. */
export const CHUNK = 5000;

/** The items in consecutive slices of `size` (the last one shorter), for statements over long lists. */
export function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
