import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';
import type { MonobankInvoice, Order, PaymentsConfig } from '../../../shared/orders.js';
import { fiscalReceipts, monobankInvoices, outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { createProduct } from '../../test/factories.js';
import { useFakeMonobank, type ShopDriver } from '../../test/driver.js';
import { MonobankClient } from './monobank-client.js';

/** monobank acquiring against the fake monobank (docs/payments.md): invoice, return, webhook. */

// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = { SITE_URL: 'https://shop.example', GUEST_ORDER_RATE_LIMIT: '1000' };
const monobank = useFakeMonobank(env);

const ADDRESS = { address: 'Леся Українка', city: 'Біла Церква', phoneNumber: '+380501112233', country: 'Відділення №3: вул. Ярослава Мудрого, 40' };

/** A guest's fresh unpaid monobank order: two packs at 1 305,50 грн, with the secret of its link. */
async function guestOrder(shop: ShopDriver) {
  const product = await createProduct(shop.app.db, { name: 'Хміль Cascade', priceMinor: 1305_50 });
  const order = await shop.orderPlaced({
    as: 'guest',
    lines: [{ product: product.id, qty: 2 }],
    shippingAddress: ADDRESS,
    paymentMethod: 'Monobank',
    email: 'guest@example.com',
  });
  return { order, token: order.accessToken! };
}

const guestUrl = (token: string, rest: string) => `/api/orders/guest/${token}${rest}`;
async function post<T>(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ method: 'POST', url, headers });
  return { status: res.statusCode, body: res.json() as T & { code?: string } };
}
const createInvoice = (app: FastifyInstance, token: string) => post<MonobankInvoice>(app, guestUrl(token, '/monobank'), { host: 'forged.example' });
const recheck = (app: FastifyInstance, token: string) => post<Order>(app, guestUrl(token, '/monobank/status'));
const readOrder = async (app: FastifyInstance, token: string) => (await app.inject({ url: guestUrl(token, '') })).json() as Order;

/** monobank's webhook as it posts it: the raw body and its X-Sign. */
const webhook = (shop: ShopDriver, body: string, signature: string | null = monobank().sign(body)) => shop.monobankWebhook(body, signature);

const receiptsOf = (app: FastifyInstance, orderId: string) => app.db.select().from(fiscalReceipts).where(eq(fiscalReceipts.orderId, orderId));
const invoicesOf = (app: FastifyInstance, orderId: string) => app.db.select().from(monobankInvoices).where(eq(monobankInvoices.orderId, orderId));

describeWithApp(
  'monobank acquiring',
  (ctx) => {
    test('offered when MONOBANK_TOKEN is set; the invoice carries the order in kopiykas with its basket and the shop’s addresses', async () => {
      const { app } = ctx();
      const config = (await app.inject({ url: '/api/config/payments' })).json() as PaymentsConfig;
      expect(config.methods).toContain('monobank');

      const { order, token } = await guestOrder(ctx().shop);
      // The signed-in owner's route is no way in for a guest.
      expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/monobank` })).statusCode).toBe(401);

      const created = await createInvoice(app, token);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ invoiceId: expect.stringMatching(/^p2_/), pageUrl: `${monobank().url}/pay/${created.body.invoiceId}` });
      const sent = monobank().created.at(-1)!;
      expect(sent).toMatchObject({
        amount: 2611_00,
        ccy: 980,
        merchantPaymInfo: {
          reference: order.id,
          destination: expect.stringContaining(`№${order.number}`),
          // The pack's name and SKU, at the price per pack.
          basketOrder: [{ name: expect.stringMatching(/^Хміль Cascade, /), qty: 2, sum: 1305_50, code: expect.stringMatching(/\S/) }],
        },
        // SITE_URL, never the forged Host header; the guest comes back to the order's link.
        redirectUrl: `https://shop.example/order/guest/${token}?monobank=return`,
        webHookUrl: 'https://shop.example/api/payments/monobank/webhook',
        paymentType: 'debit',
      });
      const basket = (sent.merchantPaymInfo as { basketOrder: { sum: number; qty: number; code: string }[] }).basketOrder;
      expect(basket.reduce((sum, line) => sum + line.sum * line.qty, 0)).toBe(sent.amount);
      expect(sent.validity).toBeGreaterThan(3600);

      // A second click reuses the invoice: monobank is not asked again.
      const count = monobank().created.length;
      const again = await createInvoice(app, token);
      expect(again.body).toEqual(created.body);
      expect(monobank().created.length).toBe(count);
      expect(await invoicesOf(app, order.id)).toHaveLength(1);
    });

    test('a failed or expired invoice is not reused: the next click creates a new one', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(ctx().shop);
      const first = (await createInvoice(app, token)).body;
      // The card was declined: monobank says so, signed.
      expect(await webhook(shop, monobank().setStatus(first.invoiceId, 'failure'))).toEqual({ status: 200, body: { paid: false } });
      const second = (await createInvoice(app, token)).body;
      expect(second.invoiceId).not.toBe(first.invoiceId);
      // An invoice about to run out is not handed out either.
      await app.db
        .update(monobankInvoices)
        .set({ expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(monobankInvoices.invoiceId, second.invoiceId));
      const third = (await createInvoice(app, token)).body;
      expect(third.invoiceId).not.toBe(second.invoiceId);
      expect(await invoicesOf(app, order.id)).toHaveLength(3);
    });

    test('the signed webhook pays the order once, queues its fiscal receipt and the notices; a replay changes nothing', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(ctx().shop);
      const { invoiceId } = (await createInvoice(app, token)).body;
      expect(await webhook(shop, monobank().setStatus(invoiceId, 'processing'))).toEqual({ status: 200, body: { paid: false } });
      expect((await readOrder(app, token)).isPaid).toBe(false);

      const success = monobank().setStatus(invoiceId, 'success');
      expect(await webhook(shop, success)).toEqual({ status: 200, body: { paid: true } });
      const paid = await readOrder(app, token);
      expect(paid).toMatchObject({ isPaid: true, status: 'paid', paymentResult: { id: invoiceId, status: 'success' } });
      const receipts = await receiptsOf(app, order.id);
      expect(receipts).toMatchObject([{ kind: 'sell', paymentKey: `monobank:${invoiceId}`, totalMinor: 2611_00 }]);
      const notices = await app.db.select().from(outboxMessages);
      expect(notices.length).toBeGreaterThan(0);

      // monobank retries until it hears 200: the same webhook again pays nothing twice.
      const noticesBefore = notices.length;
      expect(await webhook(shop, success)).toEqual({ status: 200, body: { paid: true } });
      expect((await readOrder(app, token)).paidAt).toBe(paid.paidAt);
      expect(await receiptsOf(app, order.id)).toHaveLength(1);
      expect(await app.db.select().from(outboxMessages)).toHaveLength(noticesBefore);
      // Paid: no new invoice.
      expect((await createInvoice(app, token)).body.code).toBe('ORDER_ALREADY_PAID');
    });

    test('money taken twice (an older invoice paid after a newer one): the order is paid once and the shop is told', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(ctx().shop);
      const first = (await createInvoice(app, token)).body.invoiceId;
      await app.db
        .update(monobankInvoices)
        .set({ expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(monobankInvoices.invoiceId, first));
      const second = (await createInvoice(app, token)).body.invoiceId;
      expect(second).not.toBe(first);
      expect((await webhook(shop, monobank().setStatus(second, 'success'))).body).toEqual({ paid: true });
      const before = (await app.db.select().from(outboxMessages)).length;
      expect(await webhook(shop, monobank().setStatus(first, 'success'))).toEqual({ status: 200, body: { paid: true } });
      const told = (await app.db.select().from(outboxMessages)).slice(before);
      expect(told.length).toBeGreaterThan(0);
      expect(JSON.stringify(told)).toContain('Зайвий платіж');
      expect((await readOrder(app, token)).paymentResult).toMatchObject({ id: second });
      expect(await receiptsOf(app, order.id)).toHaveLength(1);
    });

    test('a forged, missing or other key’s signature is a 400 and changes nothing', async () => {
      const { app, shop } = ctx();
      const { token } = await guestOrder(ctx().shop);
      const { invoiceId } = (await createInvoice(app, token)).body;
      const success = monobank().setStatus(invoiceId, 'success');
      const tampered = success.replace('"status":"success"', '"status":"success" ');
      for (const [body, signature] of [
        [success, null],
        [success, ''],
        [success, 'bm90IGEgc2lnbmF0dXJl'],
        [tampered, monobank().sign(success)],
        [success, monobank().sign(success.replace(String(2611_00), String(1_00)))],
      ] as const) {
        const res = await webhook(shop, body, signature);
        expect(res.status, String(signature)).toBe(400);
        expect(res.body.code).toBe('MONOBANK_BAD_SIGNATURE');
      }
      expect((await readOrder(app, token)).isPaid).toBe(false);
      // Garbage that is not even JSON: refused, whatever it claims.
      expect((await webhook(shop, 'not json', monobank().sign('not json'))).status).toBe(400);
      expect((await readOrder(app, token)).isPaid).toBe(false);
    });

    test('out of order: an older status arriving after a newer one changes nothing; a success older than a failure pays nothing', async () => {
      const { app, shop } = ctx();
      const { token } = await guestOrder(ctx().shop);
      const { invoiceId } = (await createInvoice(app, token)).body;
      const processing = monobank().setStatus(invoiceId, 'processing');
      const success = monobank().setStatus(invoiceId, 'success');
      expect(await webhook(shop, success)).toEqual({ status: 200, body: { paid: true } });
      // The late "processing" (older modifiedDate) is acknowledged and ignored.
      expect(await webhook(shop, processing)).toEqual({ status: 200, body: { paid: true } });
      const [row] = await app.db.select().from(monobankInvoices).where(eq(monobankInvoices.invoiceId, invoiceId));
      expect(row.status).toBe('success');

      const other = await guestOrder(ctx().shop);
      const second = (await createInvoice(app, other.token)).body.invoiceId;
      const staleSuccess = monobank().setStatus(second, 'success');
      const newerFailure = monobank().setStatus(second, 'failure');
      expect(await webhook(shop, newerFailure)).toEqual({ status: 200, body: { paid: false } });
      expect(await webhook(shop, staleSuccess)).toEqual({ status: 200, body: { paid: false } });
      expect((await readOrder(app, other.token)).isPaid).toBe(false);
    });

    test('a wrong amount or currency, an unknown invoice or reference: 4xx and nothing is paid', async () => {
      const { app, shop } = ctx();
      const { order, token } = await guestOrder(ctx().shop);
      const { invoiceId } = (await createInvoice(app, token)).body;
      const success = JSON.parse(monobank().setStatus(invoiceId, 'success')) as Record<string, unknown>;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ ...success, amount: 100 }, 400, 'PAYMENT_WRONG_AMOUNT'],
        [{ ...success, finalAmount: 100 }, 400, 'PAYMENT_WRONG_AMOUNT'],
        [{ ...success, ccy: 840 }, 400, 'PAYMENT_WRONG_CURRENCY'],
        [{ ...success, reference: '00000000-0000-4000-8000-000000000000' }, 404, 'ORDER_NOT_FOUND'],
        [{ ...success, reference: undefined }, 404, 'ORDER_NOT_FOUND'],
        [{ ...success, invoiceId: 'p2_unknown' }, 404, 'MONOBANK_UNKNOWN_INVOICE'],
      ];
      for (const [body, status, code] of cases) {
        const res = await webhook(shop, JSON.stringify(body));
        expect([res.status, res.body.code], code).toEqual([status, code]);
      }
      expect((await readOrder(app, token)).isPaid).toBe(false);
      expect(await receiptsOf(app, order.id)).toHaveLength(0);
      // The true one still pays: the refusals kept nothing.
      expect((await webhook(shop, JSON.stringify(success))).body).toEqual({ paid: true });
    });

    test('reversed: the refund is recorded once and the shop is told; the order stays paid', async () => {
      const { app, shop } = ctx();
      const { token } = await guestOrder(ctx().shop);
      const { invoiceId } = (await createInvoice(app, token)).body;
      await webhook(shop, monobank().setStatus(invoiceId, 'success'));
      const reversed = monobank().setStatus(invoiceId, 'reversed', 0);
      expect(await webhook(shop, reversed)).toEqual({ status: 200, body: { paid: true } });
      const refunded = await readOrder(app, token);
      expect(refunded).toMatchObject({ isPaid: true, status: 'paid', refund: { amount: 2611, id: `monobank:${invoiceId}` } });
      const notices = (await app.db.select().from(outboxMessages)).length;
      expect(await webhook(shop, reversed)).toEqual({ status: 200, body: { paid: true } });
      expect((await app.db.select().from(outboxMessages)).length).toBe(notices);
      expect((await readOrder(app, token)).refund).toEqual(refunded.refund);
    });

    test('back from monobank before the webhook: the order page asks invoice/status and the order is paid', async () => {
      const { app, shop } = ctx();
      const { token } = await guestOrder(ctx().shop);
      // Not paid yet: the re-check answers the unpaid order.
      const early = await recheck(app, token);
      expect(early).toMatchObject({ status: 200, body: { isPaid: false } });
      const { invoiceId } = (await createInvoice(app, token)).body;
      expect((await recheck(app, token)).body.isPaid).toBe(false);

      monobank().setStatus(invoiceId, 'success');
      const back = await recheck(app, token);
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ isPaid: true, paymentResult: { id: invoiceId, status: 'success' } });
      // The webhook arriving afterwards is the same status: nothing new.
      expect(await webhook(shop, monobank().statusBody(invoiceId))).toEqual({ status: 200, body: { paid: true } });
      expect((await recheck(app, token)).body.paidAt).toBe(back.body.paidAt);
    });

    test('a signed-in owner pays by the order’s id; another customer cannot', async () => {
      const { app, shop } = ctx();
      const { cookie } = await shop.customer();
      const product = await createProduct(app.db, { priceMinor: 500_00 });
      const order = await shop.orderPlaced({ as: cookie, lines: [{ product: product.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'Monobank' });
      const created = await post<MonobankInvoice>(app, `/api/orders/${order.id}/monobank`, { cookie });
      expect(created.status).toBe(200);
      expect(monobank().created.at(-1)).toMatchObject({ redirectUrl: `https://shop.example/order/${order.id}?monobank=return` });
      const stranger = (await shop.customer()).cookie;
      expect((await post(app, `/api/orders/${order.id}/monobank`, { cookie: stranger })).status).toBe(404);
      expect((await post(app, `/api/orders/${order.id}/monobank/status`, { cookie: stranger })).status).toBe(404);
      monobank().setStatus(created.body.invoiceId, 'success');
      expect((await post<Order>(app, `/api/orders/${order.id}/monobank/status`, { cookie })).body.isPaid).toBe(true);
    });

    test('a new key: the first signature it refuses fetches monobank’s key once more, and the webhook is believed', async () => {
      const { app, shop } = ctx();
      const { token } = await guestOrder(ctx().shop);
      const { invoiceId } = (await createInvoice(app, token)).body;
      await webhook(shop, monobank().setStatus(invoiceId, 'processing'));
      const fetched = monobank().pubkeyRequests;
      monobank().rotateKey();
      expect(await webhook(shop, monobank().setStatus(invoiceId, 'success'))).toEqual({ status: 200, body: { paid: true } });
      expect(monobank().pubkeyRequests).toBe(fetched + 1);
      // The new key is kept: the next webhook needs no fetch.
      await webhook(shop, monobank().setStatus(invoiceId, 'reversed', 0));
      expect(monobank().pubkeyRequests).toBe(fetched + 1);
      // A forged call naming no invoice of ours never makes the shop fetch the key.
      const forged = JSON.stringify({ invoiceId: 'p2_nobody', status: 'success', amount: 1, ccy: 980, modifiedDate: new Date().toISOString() });
      expect((await webhook(shop, forged, 'bm90IGEgc2lnbmF0dXJl')).status).toBe(400);
      expect(monobank().pubkeyRequests).toBe(fetched + 1);
    });

    test('monobank failing: a 5xx or garbage is a 502 and no invoice is kept', async () => {
      const { app } = ctx();
      const { order, token } = await guestOrder(ctx().shop);
      for (const failure of [500, 'garbage'] as const) {
        monobank().failNext = failure;
        const res = await createInvoice(app, token);
        expect([res.status, res.body.code]).toEqual([502, 'MONOBANK_UNAVAILABLE']);
      }
      expect(await invoicesOf(app, order.id)).toHaveLength(0);
      expect((await createInvoice(app, token)).status).toBe(200);
    });
  },
  { env },
);

test('the fake refuses as monobank does: a wrong X-Token (403) and a missing amount (400), as { errCode, errText }; the client words both as a 502', async () => {
  const create = (token: string, body: object) =>
    fetch(`${monobank().url}/api/merchant/invoice/create`, {
      method: 'POST',
      headers: { 'x-token': token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const badToken = await create('wrong-token', { amount: 100 });
  expect([badToken.status, await badToken.json()]).toEqual([403, { errCode: 'FORBIDDEN', errText: expect.any(String) }]);
  const noAmount = await create(monobank().token, { ccy: 980 });
  expect([noAmount.status, await noAmount.json()]).toEqual([400, { errCode: 'BAD_REQUEST', errText: "empty 'amount'" }]);

  const invoice = {
    amount: 100,
    ccy: 980,
    merchantPaymInfo: { reference: 'x', destination: 'x', basketOrder: [] },
    redirectUrl: 'https://a.example',
    webHookUrl: 'https://a.example',
    validity: 60,
    paymentType: 'debit' as const,
  };
  const wrongToken = new MonobankClient({ token: 'wrong-token', apiUrl: monobank().url });
  await expect(wrongToken.createInvoice(invoice)).rejects.toMatchObject({ statusCode: 502, code: 'MONOBANK_UNAVAILABLE' });
  await expect(wrongToken.invoiceStatus('p2_x')).rejects.toMatchObject({ statusCode: 502 });
});

describeWithApp(
  'monobank not set up',
  (ctx) => {
    test('not offered, no invoice, and the webhook is a 404', async () => {
      const { app, shop } = ctx();
      const config = (await app.inject({ url: '/api/config/payments' })).json() as PaymentsConfig;
      expect(config.methods).not.toContain('monobank');
      const product = await createProduct(app.db, { priceMinor: 100_00 });
      const res = await shop.placeOrder({
        as: 'guest',
        lines: [{ product: product.id, qty: 1 }],
        shippingAddress: ADDRESS,
        paymentMethod: 'Monobank',
        email: 'guest@example.com',
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE' });
      const payload = JSON.stringify({ invoiceId: 'p2_x', status: 'success', amount: 100, ccy: 980, modifiedDate: new Date().toISOString() });
      const hook = await app.inject({
        method: 'POST',
        url: '/api/payments/monobank/webhook',
        headers: { 'content-type': 'application/json', 'x-sign': 'AA==' },
        payload,
      });
      expect(hook.statusCode).toBe(404);
    });
  },
  { env: { SITE_URL: 'https://shop.example' } },
);
