import type { SQL } from 'drizzle-orm';
import type { Tx } from './client.js';

/** The rows of a raw query: both drivers answer `{ rows }`. Sums come back as float8 and counts as int4, plain numbers on both. */
export async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
