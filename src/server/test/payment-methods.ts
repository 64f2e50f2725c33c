import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import { DEFAULT_SETTINGS, type PricingSettingsInput } from '../../shared/settings.js';
import { saveSettings } from '../features/settings/repository.js';

/**
 * For tests of other features that place orders with any method (docs/payments.md): PayPal, LiqPay
 * and monobank keys (no provider is called by those tests) and test payments on.
 */
export const ALL_METHODS_ENV = {
  PAYPAL_CLIENT_ID: 'client-id',
  PAYPAL_CLIENT_SECRET: 'secret',
  LIQPAY_PUBLIC_KEY: 'public',
  LIQPAY_PRIVATE_KEY: 'private',
  MONOBANK_TOKEN: 'token',
  PAYMENTS_TEST_MODE: 'true',
};

/** Saves transfer details (so PrivatBank is offered) and, when given, pricing rules before the block's tests. */
export function useShopSettings(ctx: () => { app: FastifyInstance }, pricing?: PricingSettingsInput) {
  beforeAll(async () => {
    await saveSettings(ctx().app.db, {
      ...DEFAULT_SETTINGS,
      transfer: { cardNumber: '5168000000000007', iban: '', recipient: 'ФОП Коваленко' },
      pricing: pricing ?? DEFAULT_SETTINGS.pricing,
    });
  });
}
