import { describe, expect, test } from 'vitest';
import { formatDecimal, parseDecimal } from './decimal.js';

describe('parseDecimal: what an admin types, read exactly or not at all', () => {
  test.each([
    ['52,20', 52.2],
    ['52.20', 52.2],
    ['0,1', 0.1],
    [' 7 ', 7],
    ['1 305,50', 1305.5],
    ['1\u00a0305,50', 1305.5],
    ['12\u202f000', 12000],
    ['-3,5', -3.5],
    ['0', 0],
  ])('%j reads as %d', (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  test.each(['', ' ', ',', '52,', ',5', '1,2,3', '1.305,50', '1,305.50', '12 кг', 'abc', '1e3', '0x10', '+5', '1 30', 'Infinity', '5-'])(
    '%j is refused',
    (text) => {
      expect(parseDecimal(text)).toBeNull();
    },
  );

  test('what formatDecimal shows reads back the same', () => {
    for (const value of [52.2, 0.1, 1305.5, 0, 12000, 7.25]) expect(parseDecimal(formatDecimal(value))).toBe(value);
    expect(formatDecimal(52.2)).toBe('52,2');
    expect(formatDecimal(null)).toBe('');
  });
});
