import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startFakeNbu, type FakeNbu } from '../../test/fakes/nbu.js';
import { ExchangeRates } from './exchange-rate.js';

let nbu: FakeNbu;
beforeAll(async () => {
  nbu = await startFakeNbu();
});
afterAll(() => nbu.close());
beforeEach(() => {
  nbu.mode = 'ok';
  nbu.rate = 41.2345;
});

describe('the NBU rate (docs/payments.md)', () => {
  test('is read from the NBU and kept for the Kyiv day', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const rates = new ExchangeRates({ url: nbu.url, fixedRate: undefined }, () => now);
    const before = nbu.requests;
    expect(await rates.usdRate()).toBe(41.2345);
    nbu.rate = 42;
    expect(await rates.usdRate()).toBe(41.2345);
    expect(nbu.requests - before).toBe(1);
    // 22:30 UTC is already the next day in Kyiv.
    now = new Date('2026-11-22T22:30:00Z');
    expect(await rates.usdRate()).toBe(42);
  });

  test('a fixed rate replaces the NBU and needs no network', async () => {
    const rates = new ExchangeRates({ url: nbu.url, fixedRate: 40.5 });
    const before = nbu.requests;
    expect(await rates.usdRate()).toBe(40.5);
    expect(nbu.requests).toBe(before);
  });

  test.each([
    ['timeout', 504],
    ['garbage', 502],
    ['error', 502],
  ] as const)('an NBU that answers %s gives a clear %i, never a rate', async (mode, status) => {
    nbu.mode = mode;
    const rates = new ExchangeRates({ url: nbu.url, fixedRate: undefined, timeoutMs: 300 });
    await expect(rates.usdRate()).rejects.toMatchObject({ statusCode: status, code: 'EXCHANGE_RATE_UNAVAILABLE' });
    expect(await rates.usdRateOrNull()).toBeNull();
    // Back to normal: the next call asks again instead of remembering the failure.
    nbu.mode = 'ok';
    expect(await rates.usdRate()).toBe(41.2345);
  });

  test('an answer without USD is not a rate', async () => {
    const rates = new ExchangeRates({ url: nbu.url.replace('valcode=USD', 'valcode=EUR'), fixedRate: undefined });
    await expect(rates.usdRate()).rejects.toMatchObject({ code: 'EXCHANGE_RATE_UNAVAILABLE' });
  });
});
