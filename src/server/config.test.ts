import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/shop-config-test', JWT_SECRET: 'x'.repeat(40) };

  test('defaults follow DESIGN.md §3', () => {
    const config = loadConfig(base);
    expect(config.port).toBe(5000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.pageSize).toBe(12);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.paymentsTestMode).toBe(true);
    expect(config.admin.email).toBe('admin@example.com');
    expect(Object.isFrozen(config)).toBe(true);
  });

  test('a bad value stops start-up naming the variable', () => {
    expect(() => loadConfig({ ...base, PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ ...base, PAGE_SIZE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  test('production demands a secret and turns test payments off', () => {
    expect(() => loadConfig({ DATA_DIR: base.DATA_DIR, NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const config = loadConfig({ ...base, NODE_ENV: 'production' });
    expect(config.isProduction).toBe(true);
    expect(config.paymentsTestMode).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(true);
  });

  test('empty variables count as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: '', PORT: '' }).port).toBe(5000);
  });
});

describe('proxy trust', () => {
  const base = { DATA_DIR: '/tmp/shop-config-test', JWT_SECRET: 'x'.repeat(40) };
  test('no proxy is trusted unless configured', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual(['10.0.0.1', '10.0.0.0/8']);
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});
