import { startFakeCheckbox } from '../src/server/test/fakes/checkbox';
import { startFakeLiqPay } from '../src/server/test/fakes/liqpay';
import { startFakeMonobank } from '../src/server/test/fakes/monobank';
import { startFakeNbu } from '../src/server/test/fakes/nbu';
import { startFakeNovaPoshta } from '../src/server/test/fakes/nova-poshta';
import { startFakePayPal } from '../src/server/test/fakes/paypal';

/**
 * Local stand-ins for the shop's third parties (Nova Poshta, PayPal, the NBU rate, LiqPay's checkout,
 * monobank's acquiring and payment page, Checkbox's cash register),
 * speaking their real HTTP protocols. Returns the environment that points the shop at them.
 * The browser cannot load PayPal's own script here (no internet): the fake approves PayPal orders
 * as the buyer would in PayPal's window, and the tests make the calls the buttons make.
 */
export async function startFakeServices(): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  const novaPoshta = await startFakeNovaPoshta();
  const paypal = await startFakePayPal();
  paypal.autoApprove = true;
  const nbu = await startFakeNbu();
  const liqpay = await startFakeLiqPay();
  const checkbox = await startFakeCheckbox();
  const monobank = await startFakeMonobank();
  return {
    env: {
      NOVA_POSHTA_API_URL: novaPoshta.url,
      NOVA_POSHTA_API_KEY: novaPoshta.apiKey,
      NOVA_POSHTA_PRINT_URL: novaPoshta.printUrl,
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      EXCHANGE_RATE_URL: nbu.url,
      LIQPAY_PUBLIC_KEY: liqpay.publicKey,
      LIQPAY_PRIVATE_KEY: liqpay.privateKey,
      LIQPAY_CHECKOUT_URL: liqpay.checkoutUrl,
      MONOBANK_TOKEN: monobank.token,
      MONOBANK_API_URL: monobank.url,
      PAYMENTS_TEST_MODE: 'true',
      CHECKBOX_API_URL: checkbox.url,
      CHECKBOX_LICENSE_KEY: checkbox.licenseKey,
      CHECKBOX_LOGIN: checkbox.login,
      CHECKBOX_PASSWORD: checkbox.password,
    },
    async close() {
      const unhandled = [...novaPoshta.unhandled, ...paypal.unhandled, ...checkbox.unhandled, ...monobank.unhandled];
      await Promise.all([novaPoshta.close(), paypal.close(), nbu.close(), liqpay.close(), checkbox.close(), monobank.close()]);
      if (unhandled.length) throw new Error(`the shop made requests the fakes do not handle: ${unhandled.join(', ')}`);
    },
  };
}
