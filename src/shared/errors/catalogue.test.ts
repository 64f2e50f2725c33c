import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES, errorStatus, wordError, type ErrorCode } from './codes';
import { en } from './en';
import { uk } from './uk';

const root = path.resolve(import.meta.dirname, '../..');

/** The non-test TypeScript sources under a folder of src/. */
function sources(folder: string): { file: string; text: string }[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => ({ file: path.join(folder, file), text: readFileSync(path.join(root, folder, file), 'utf8') }));
}

const CODE = /'([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*)'/g;
const server = sources('server');
const shared = sources('shared').filter(({ file }) => !file.startsWith(path.join('shared', 'errors')));

/** Codes the server throws by name, and the codes its error handler answers with (plugins/errors.ts). */
function thrownCodes(): Set<string> {
  const codes = new Set<string>();
  for (const { file, text } of server) {
    for (const m of text.matchAll(/(?:new AppError|super)\(\s*'([A-Z][A-Z0-9_]+)'/g)) codes.add(m[1]);
    if (file === path.join('server', 'plugins', 'errors.ts')) for (const m of text.matchAll(CODE)) codes.add(m[1]);
  }
  return codes;
}

describe('the error catalogue (docs/errors.md)', () => {
  test('every code thrown in src/server has words in Ukrainian and English', () => {
    const thrown = [...thrownCodes()];
    expect(thrown.length).toBeGreaterThan(100);
    expect(thrown.filter((code) => !Object.hasOwn(uk, code))).toEqual([]);
    expect(thrown.filter((code) => !Object.hasOwn(en, code))).toEqual([]);
  });

  test('every code of the catalogue is used somewhere in the server or the shared rules', () => {
    const used = new Set([...server, ...shared].flatMap(({ text }) => [...text.matchAll(CODE)].map((m) => m[1])));
    expect(Object.keys(ERROR_CODES).filter((code) => !used.has(code))).toEqual([]);
  });

  test('both languages word exactly the declared codes, each to non-empty text', () => {
    const declared = Object.keys(ERROR_CODES).sort();
    expect(Object.keys(uk).sort()).toEqual(declared);
    expect(Object.keys(en).sort()).toEqual(declared);
    // Blanks filled with anything print without "undefined" or "NaN" left in the words.
    // Blanks that pick words (a reason, a fault) get a value of their own kind.
    const kinds: Record<string, string> = {
      reason: 'empty',
      date: '2026-11-27',
      xml: 'mismatchedTag',
      problem: 'noAmount',
      part: 'hop',
      unit: 'kg',
      format: 'beerjson',
    };
    const anything = new Proxy({}, { get: (_, key) => (typeof key === 'string' && key in kinds ? kinds[key] : '5') });
    for (const code of declared as ErrorCode[]) {
      for (const texts of [uk, en]) {
        const words = wordError(texts, code, anything as never);
        expect(words, code).not.toMatch(/undefined|NaN|^$/);
      }
    }
  });

  test('a code words its blanks and answers with its first status unless told', () => {
    expect(wordError(uk, 'OUT_OF_STOCK', { product: 'Хміль Cascade' })).toBe('Товару «Хміль Cascade» недостатньо на складі');
    expect(wordError(en, 'TOO_MANY_ATTEMPTS', { seconds: 125 })).toBe('Too many attempts. Try again in 3 min');
    expect(errorStatus('LIQPAY_NOT_CONFIGURED')).toBe(400);
    expect(errorStatus('USER_NOT_FOUND')).toBe(404);
  });
});
