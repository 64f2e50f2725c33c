import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import { fiscalReceipts, orders, outboxMessages } from '../db/schema.js';
import { describeWithApp } from '../test/database.js';
import { useFakeLiqPay, useFakeMonobank, useFakePayPal, type ShopDriver, type SignedIn } from '../test/driver.js';
import { createProduct } from '../test/factories.js';
import { liqpayFakeSignature } from '../test/fakes/liqpay.js';
import { Payments } from '../features/payments/index.js';
import { applyProviderPayment } from './index.js';

/** Every provider's payment goes through the pay-order flow (docs/decisions/036-flows.md): paid once, whoever says it. */

const env: Record<string, string> = { PAYMENTS_TEST_MODE: 'false', SITE_URL: 'https://shop.example', SHOP_NOTIFY_EMAIL: 'owner@shop.example' };
const liqpay = useFakeLiqPay(env);
const monobank = useFakeMonobank(env);
const { paypal } = useFakePayPal(env);

/** A shopper's unpaid order of one 1 300 грн line. */
async function unpaidOrder(shop: ShopDriver, paymentMethod: string) {
  const customer = await shop.customer();
  const product = await createProduct(shop.app.db, { priceMinor: 1300_00 });
  return { customer, order: await shop.orderPlaced({ as: customer, lines: [{ product: product.id, qty: 1 }], paymentMethod }) };
}

/** What the shop kept of an order's payments: its payment, its receipts, and who was told what (`recipient: subject`). */
async function keptOf(app: FastifyInstance, orderId: string) {
  const [order] = await app.db.select().from(orders).where(eq(orders.id, orderId));
  const receipts = await app.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, orderId));
  const letters = (await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, orderId))).map((m) => `${m.recipient}: ${m.subject}`);
  return { order, receipts, letters };
}

/** The order's monobank invoice, and monobank's signed `success` webhook for it. */
async function monobankInvoice(shop: ShopDriver, orderId: string, who: SignedIn) {
  const { invoiceId } = (await shop.monobankInvoice({ id: orderId }, who)).body;
  const success = () => {
    const body = monobank().setStatus(invoiceId, 'success');
    return shop.monobankWebhook(body, monobank().sign(body));
  };
  return { invoiceId, success };
}

describeWithApp(
  'pay-order: the providers’ payments',
  (ctx) => {
    for (const first of ['LiqPay', 'monobank'] as const) {
      test(`one order paid by LiqPay and by monobank, ${first} first: paid once, one receipt, the shopper told once, the second payment reported to the shop`, async () => {
        const { app, shop } = ctx();
        const { customer, order } = await unpaidOrder(shop, first === 'LiqPay' ? 'LiqPay' : 'Monobank');
        const invoice = await monobankInvoice(shop, order.id, customer);
        const liqpayPaymentId = liqpay().addPayment(order.id, order.totalPrice);
        const byLiqPay = () => shop.liqpayCallback(shop.liqpaySuccess(order, liqpayPaymentId));
        const [pays, second] = first === 'LiqPay' ? [byLiqPay, invoice.success] : [invoice.success, byLiqPay];
        const paidBy = first === 'LiqPay' ? `liqpay:${liqpayPaymentId}` : `monobank:${invoice.invoiceId}`;

        expect(await pays()).toEqual({ status: 200, body: { paid: true } });
        const paid = await keptOf(app, order.id);
        expect(await second()).toEqual({ status: 200, body: { paid: true } });
        // The paying provider says it again (a retried callback or webhook): nothing more.
        expect((await pays()).body).toEqual({ paid: true });

        const kept = await keptOf(app, order.id);
        expect(kept.order).toMatchObject({ status: 'paid', paymentId: paidBy, paidAt: paid.order.paidAt });
        expect(kept.receipts.map((r) => [r.kind, r.paymentKey])).toEqual([['sell', paidBy]]);
        expect(kept.letters.filter((l) => l.startsWith(`${customer.user.email}: Замовлення №${order.number} оплачено`))).toHaveLength(1);
        expect(kept.letters.filter((l) => l.startsWith(`owner@shop.example: Зайвий платіж за замовлення №${order.number}:`))).toHaveLength(1);
      });
    }

    test('a second payment repeated by its provider, one by one and at once, is reported to the shop once; another second payment once more', async () => {
      const { app, shop } = ctx();
      const { customer, order } = await unpaidOrder(shop, 'Monobank');
      expect((await (await monobankInvoice(shop, order.id, customer)).success()).body).toEqual({ paid: true });
      const strayNotices = async () =>
        (await keptOf(app, order.id)).letters.filter((l) => l.startsWith(`owner@shop.example: Зайвий платіж за замовлення №${order.number}:`));
      const stray = shop.liqpaySuccess(order, liqpay().addPayment(order.id, order.totalPrice));

      for (let i = 0; i < 3; i++) expect(await shop.liqpayCallback(stray)).toEqual({ status: 200, body: { paid: true } });
      const atOnce = await Promise.all([shop.liqpayCallback(stray), shop.liqpayCallback(stray)]);
      expect(atOnce.map((r) => r.status)).toEqual([200, 200]);
      expect(await strayNotices()).toHaveLength(1);

      await shop.liqpayCallback(shop.liqpaySuccess(order, liqpay().addPayment(order.id, order.totalPrice)));
      expect(await strayNotices()).toHaveLength(2);
    });

    test('every provider path hands its payment to the flow: LiqPay callback and status, monobank webhook and status, PayPal capture and recheck', async () => {
      const { app, shop } = ctx();
      const handed: string[] = [];
      const payments = new Payments(app.config, {
        applyProviderPayment: (context, gateway, orderId, payment) => {
          handed.push(`${orderId} ${payment.paymentId}`);
          return applyProviderPayment(context, gateway, orderId, payment);
        },
      });
      const paidThroughTheFlow = async (orderId: string, pay: () => Promise<unknown>) => {
        const before = handed.length;
        await pay();
        expect((await keptOf(app, orderId)).order.status, orderId).toBe('paid');
        expect(handed.slice(before)).toEqual([`${orderId} ${(await keptOf(app, orderId)).order.paymentId}`]);
      };

      const callback = await unpaidOrder(shop, 'LiqPay');
      const form = shop.liqpaySuccess(callback.order, liqpay().addPayment(callback.order.id, callback.order.totalPrice));
      const data = Buffer.from(JSON.stringify(form)).toString('base64');
      await paidThroughTheFlow(callback.order.id, () => payments.liqpayCallback(app.db, { data, signature: liqpayFakeSignature(liqpay().privateKey, data) }));

      const status = await unpaidOrder(shop, 'LiqPay');
      liqpay().addPayment(status.order.id, status.order.totalPrice);
      await paidThroughTheFlow(status.order.id, () => payments.liqpayRecheck(app.db, { user: status.customer.user, orderId: status.order.id }));

      const webhook = await unpaidOrder(shop, 'Monobank');
      const { invoiceId } = await monobankInvoice(shop, webhook.order.id, webhook.customer);
      const body = monobank().setStatus(invoiceId, 'success');
      await paidThroughTheFlow(webhook.order.id, () => payments.monobank!.webhook(app.db, Buffer.from(body), monobank().sign(body)));

      const returned = await unpaidOrder(shop, 'Monobank');
      monobank().setStatus((await monobankInvoice(shop, returned.order.id, returned.customer)).invoiceId, 'success');
      await paidThroughTheFlow(returned.order.id, () => payments.monobank!.recheck(app.db, { user: returned.customer.user, orderId: returned.order.id }));

      paypal().autoApprove = true;
      const captured = await unpaidOrder(shop, 'PayPal');
      const payer = { user: captured.customer.user, orderId: captured.order.id };
      const paypalOrder = await payments.createPayPalOrder(app.db, payer);
      await paidThroughTheFlow(captured.order.id, () => payments.capturePayPalOrder(app.db, payer, paypalOrder.id));

      const held = await unpaidOrder(shop, 'PayPal');
      const heldPayer = { user: held.customer.user, orderId: held.order.id };
      const heldOrder = await payments.createPayPalOrder(app.db, heldPayer);
      paypal().nextCaptureStatus = 'PENDING';
      expect(await payments.capturePayPalOrder(app.db, heldPayer, heldOrder.id)).toMatchObject({
        order: { status: 'pending', paymentPendingStatus: 'PENDING' },
      });
      paypal().capturesById.get([...paypal().capturesById.keys()].at(-1)!)!.status = 'COMPLETED';
      await paidThroughTheFlow(held.order.id, () => payments.recheckPayPalCapture(app.db, held.order.id));
    });
  },
  { env },
);
