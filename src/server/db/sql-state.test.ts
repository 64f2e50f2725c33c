import { expect, test } from 'vitest';
import { isUniqueViolation, sqlStateOf } from './sql-state.js';

test("the SQLSTATE is read from the error or from the driver's error drizzle wraps", () => {
  expect(sqlStateOf({ code: '23505' })).toBe('23505');
  expect(sqlStateOf(new Error('Failed query', { cause: { code: '23503' } }))).toBe('23503');
  expect(sqlStateOf({ code: 'ECONNREFUSED' })).toBeUndefined();
  expect(sqlStateOf(null)).toBeUndefined();
});

test('a unique violation is told apart from other refusals', () => {
  expect(isUniqueViolation(new Error('Failed query', { cause: { code: '23505' } }))).toBe(true);
  expect(isUniqueViolation({ code: '23505' })).toBe(true);
  expect(isUniqueViolation({ code: '23503' })).toBe(false);
  expect(isUniqueViolation(new Error('boom'))).toBe(false);
  expect(isUniqueViolation(undefined)).toBe(false);
});
