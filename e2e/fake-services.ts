import { startFakeNovaPoshta } from '../src/server/test/fakes/nova-poshta';
import { startFakePayPal } from '../src/server/test/fakes/paypal';

/**
 * Local stand-ins for the shop's third parties (Nova Poshta, PayPal), speaking their real HTTP
 * protocols. Returns the environment that points the shop at them. The browser itself cannot
 * reach PayPal here (no internet), so the journey pays with the 'Test Pay Order' button.
 */
export async function startFakeServices(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const novaPoshta = await startFakeNovaPoshta();
  const paypal = await startFakePayPal();
  return {
    env: {
      NOVA_POSHTA_API_URL: novaPoshta.url,
      NOVA_POSHTA_API_KEY: novaPoshta.apiKey,
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYMENTS_TEST_MODE: 'true',
    },
    async close() {
      const unhandled = [...novaPoshta.unhandled, ...paypal.unhandled];
      await Promise.all([novaPoshta.close(), paypal.close()]);
      if (unhandled.length) throw new Error(`the shop made requests the fakes do not handle: ${unhandled.join(', ')}`);
    },
  };
}
