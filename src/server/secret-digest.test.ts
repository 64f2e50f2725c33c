import { expect, test } from 'vitest';
import { secretDigest } from './secret-digest.js';

test('a secret is kept as its SHA-256 in hex: the same for the same secret, never the secret itself', () => {
  expect(secretDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  expect(secretDigest('abc')).toBe(secretDigest('abc'));
  expect(secretDigest('abd')).not.toBe(secretDigest('abc'));
});
