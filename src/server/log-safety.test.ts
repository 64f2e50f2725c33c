import { expect, test } from 'vitest';
import { safeErrorSerializer, withoutQueryParams } from './log-safety.js';

test('a failed query’s parameters never reach a log line', () => {
  const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
  const failed = new Error(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: demo@example.com,${hash}`, {
    cause: Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), { code: '23505' }),
  });
  const logged = JSON.stringify(safeErrorSerializer(failed));
  expect(logged).not.toContain(hash);
  expect(logged).not.toContain('demo@example.com');
  expect(logged).toContain('Failed query: insert into');
  expect(logged).toContain('23505');
  expect(withoutQueryParams('no parameters here')).toBe('no parameters here');
});
