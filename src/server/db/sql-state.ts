/**
 * PostgreSQL's SQLSTATE of a failed statement, or undefined. drizzle wraps the driver's error and
 * the code sits on its cause (both drivers, PGlite and pg, name it `code`).
 */
export function sqlStateOf(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique index refused the write (23505): two requests raced for one key, and the other won. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';
