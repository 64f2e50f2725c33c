import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/shop-config-test', JWT_SECRET: 'x'.repeat(40) };

  test('defaults follow docs/configuration.md', () => {
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

  test('production demands a secret and an admin password of its own, never seeds the demo, turns test payments off', () => {
    const production = { ...base, NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-admin-password' };
    expect(() => loadConfig({ ...production, JWT_SECRET: '' })).toThrow(/JWT_SECRET: required in production/);
    expect(() => loadConfig({ ...production, ADMIN_PASSWORD: '' })).toThrow(/ADMIN_PASSWORD: the demo password admin12345 is refused in production/);
    expect(() => loadConfig({ ...production, ADMIN_PASSWORD: 'admin12345' })).toThrow(/ADMIN_PASSWORD/);
    expect(() => loadConfig({ ...production, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO: the demo catalogue is never seeded in production/);
    const config = loadConfig(production);
    expect(config.isProduction).toBe(true);
    expect(config.seedDemo).toBe(false);
    expect(config.paymentsTestMode).toBe(false);
    expect(loadConfig({ ...production, PAYPAL_CLIENT_SECRET: '', PAYMENTS_TEST_MODE: '' }).paymentsTestMode).toBe(false);
    expect(loadConfig({ ...production, PAYMENTS_TEST_MODE: 'true' }).paymentsTestMode).toBe(true);
    // Development keeps the demo defaults.
    expect(loadConfig(base).admin.password).toBe('admin12345');
  });

  test('Checkbox: off without its variables; a licence key with login and password or a PIN; half a set-up refused', () => {
    expect(loadConfig(base).checkbox).toBeNull();
    const key = { ...base, CHECKBOX_LICENSE_KEY: 'licence' };
    expect(loadConfig({ ...key, CHECKBOX_LOGIN: 'cashier', CHECKBOX_PASSWORD: 'secret' }).checkbox).toEqual({
      apiUrl: 'https://api.checkbox.ua',
      licenseKey: 'licence',
      cashier: { login: 'cashier', password: 'secret' },
      shiftCloseHour: 23,
    });
    const byPin = loadConfig({ ...key, CHECKBOX_PIN: '4321', CHECKBOX_API_URL: 'https://dev-api.checkbox.in.ua/', CHECKBOX_SHIFT_CLOSE_HOUR: '22' });
    expect(byPin.checkbox).toMatchObject({ apiUrl: 'https://dev-api.checkbox.in.ua', cashier: { pinCode: '4321' }, shiftCloseHour: 22 });
    expect(() => loadConfig(key)).toThrow(/CHECKBOX_LOGIN and CHECKBOX_PASSWORD \(or CHECKBOX_PIN\)/);
    expect(() => loadConfig({ ...base, CHECKBOX_PIN: '4321' })).toThrow(/CHECKBOX_LICENSE_KEY: required/);
    expect(() => loadConfig({ ...key, CHECKBOX_PIN: '12ab' })).toThrow(/CHECKBOX_PIN/);
    expect(() => loadConfig({ ...key, CHECKBOX_PIN: '4321', CHECKBOX_SHIFT_CLOSE_HOUR: '24' })).toThrow(/CHECKBOX_SHIFT_CLOSE_HOUR/);
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
