import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, test } from 'vitest';
import type { Order, PayPalCreated } from '../../../shared/orders.js';
import { orders, outboxMessages } from '../../db/schema.js';
import { describeWithApp } from '../../test/database.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { expireUnpaidOrders } from '../../flows/index.js';
import { recheckPendingCaptures } from './pending-captures.js';
import { createProduct } from '../../test/factories.js';
import { useFakePayPal, type ShopDriver } from '../../test/driver.js';

// Filled before the apps are built: describeWithApp reads it in its own beforeAll.
const env: Record<string, string> = {};
const brokenRateEnv: Record<string, string> = {};
const fakes = useFakePayPal(env);
const paypal = fakes.paypal;

beforeAll(() => {
  // A rate endpoint that answers garbage (its own failures are covered in exchange-rate.test.ts).
  Object.assign(brokenRateEnv, { ...env, EXCHANGE_RATE_URL: fakes.nbu().url.replace('/exchange', '/no-such-path') });
});

const ADDRESS = { address: 'Леся Українка', city: 'Львів', phoneNumber: '+380501112233', country: 'Відділення №3: вул. Угорська, 22' };

/** A signed-in shopper with a fresh unpaid order of 1 000 грн (prices final, delivery at the carrier's tariff): $24.25 at 41.2345. */
async function unpaidOrder(shop: ShopDriver) {
  const { user, cookie } = await shop.customer();
  const product = await createProduct(shop.app.db, { priceMinor: 1000_00 });
  const order = await shop.orderPlaced({ as: cookie, lines: [{ product: product.id, qty: 1 }], shippingAddress: ADDRESS, paymentMethod: 'PayPal' });
  expect(order).toMatchObject({ currency: 'UAH', totalPrice: 1000, shippingPrice: 0, shippingByCarrier: true, taxPrice: 0 });
  return { user, cookie, order };
}

async function createPayPal(app: FastifyInstance, cookie: string, orderId: string) {
  const res = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/paypal`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as PayPalCreated & { code?: string; message?: string } };
}

async function capture(app: FastifyInstance, cookie: string, orderId: string, paypalOrderId: string) {
  const res = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/paypal/capture`, headers: { cookie }, payload: { id: paypalOrderId } });
  return { status: res.statusCode, body: res.json() as Order & { code?: string; message?: string } };
}

async function pay(app: FastifyInstance, cookie: string, orderId: string, paypalOrderId: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/orders/${orderId}/pay`,
    headers: { cookie },
    // What an older browser reports after capture; the server asks PayPal rather than believing it.
    payload: { id: paypalOrderId, status: 'COMPLETED', update_time: new Date().toISOString(), payer: { email_address: 'buyer@example.com' } },
  });
  return { status: res.statusCode, body: res.json() as Order & { code?: string; message?: string } };
}

async function isPaid(app: FastifyInstance, cookie: string, orderId: string) {
  return ((await app.inject({ url: `/api/orders/${orderId}`, headers: { cookie } })).json() as Order).isPaid;
}

describeWithApp(
  'PayPal payments in dollars at the NBU rate',
  (ctx) => {
    test('GET /api/config/payments lists what the shop takes now, with the rate; never a secret', async () => {
      const res = await ctx().app.inject({ url: '/api/config/payments' });
      expect(res.statusCode).toBe(200);
      // No transfer details in the settings yet: no PrivatBank; no LiqPay keys: no LiqPay.
      expect(res.json()).toEqual({
        methods: ['paypal', 'paypal_card', 'cash_on_delivery'],
        paypalClientId: paypal().clientId,
        usdRate: 41.2345,
        testMode: false,
      });
      expect(res.body).not.toContain(paypal().clientSecret);
      const legacy = await ctx().app.inject({ url: '/api/config/paypal' });
      expect(legacy.json()).toEqual({ clientId: paypal().clientId, testMode: false });
    });

    test('the server creates the PayPal order for the total in dollars, the buyer approves, the server captures: paid', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await unpaidOrder(shop);
      const created = await createPayPal(app, cookie, order.id);
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ id: expect.any(String), amount: { currency_code: 'USD', value: '24.25' }, rate: 41.2345 });
      expect(paypal().created.get(created.body.id)).toEqual({ value: '24.25', currency: 'USD', customId: order.id });

      // Not approved by the buyer yet: PayPal refuses to capture, nothing is paid.
      const early = await capture(app, cookie, order.id, created.body.id);
      expect(early.status).toBe(400);
      expect(early.body.code).toBe('PAYMENT_NOT_COMPLETED');
      expect(await isPaid(app, cookie, order.id)).toBe(false);

      paypal().approve(created.body.id);
      const captured = await capture(app, cookie, order.id, created.body.id);
      expect(captured.status).toBe(200);
      expect(captured.body.isPaid).toBe(true);
      expect(captured.body.paymentResult).toMatchObject({ id: created.body.id, status: 'COMPLETED' });
      expect(paypal().captures).toContain(created.body.id);

      const again = await capture(app, cookie, order.id, created.body.id);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ORDER_ALREADY_PAID');
    });

    test('a capture for another order, or of another amount, pays nothing', async () => {
      const { app, shop } = ctx();
      paypal().autoApprove = true;
      const mine = await unpaidOrder(shop);
      const other = await unpaidOrder(shop);
      const othersPayPal = (await createPayPal(app, other.cookie, other.order.id)).body.id;
      await createPayPal(app, mine.cookie, mine.order.id);
      const foreign = await capture(app, mine.cookie, mine.order.id, othersPayPal);
      expect(foreign.status).toBe(400);
      expect(foreign.body.code).toBe('PAYMENT_OTHER_ORDER');
      expect(paypal().captures).not.toContain(othersPayPal);

      const created = (await createPayPal(app, mine.cookie, mine.order.id)).body.id;
      paypal().captureValueOverride = '1.00';
      const short = await capture(app, mine.cookie, mine.order.id, created);
      expect(short.status).toBe(400);
      expect(short.body.code).toBe('PAYMENT_WRONG_AMOUNT');
      expect(short.body.message).toMatch(/[а-яіїє]/i);
      expect(await isPaid(app, mine.cookie, mine.order.id)).toBe(false);
      expect(await isPaid(app, other.cookie, other.order.id)).toBe(false);
    });

    test('someone else’s order: 404 for creating and capturing; an admin does not pay a customer’s order', async () => {
      const { app, shop } = ctx();
      const { order } = await unpaidOrder(shop);
      const stranger = (await shop.customer()).cookie;
      expect((await createPayPal(app, stranger, order.id)).status).toBe(404);
      expect((await capture(app, stranger, order.id, 'ABCDEF1234567890')).status).toBe(404);
      const admin = (await shop.admin()).cookie;
      expect((await createPayPal(app, admin, order.id)).status).toBe(403);
      expect((await app.inject({ method: 'POST', url: `/api/orders/${order.id}/paypal` })).statusCode).toBe(401);
    });

    test('PUT /pay with a PayPal id still works, checked against the stored dollar amount', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await unpaidOrder(shop);
      // Before a PayPal order was created through the shop there is no amount to check against.
      const unknownAmount = await pay(app, cookie, order.id, paypal().addOrder({ value: '24.25', customId: order.id }));
      expect(unknownAmount.status).toBe(400);
      expect(unknownAmount.body.code).toBe('PAYPAL_NOT_CREATED');
      await createPayPal(app, cookie, order.id);

      // Only the PayPal order the shop created for this order pays it: any other completed PayPal
      // order, even for exactly the right dollar amount and this order's id, is refused unread.
      const lookups = paypal().orderLookups.length;
      const cases: [string, string][] = [
        ['the right amount, another PayPal order', paypal().addOrder({ value: '24.25', customId: order.id })],
        ['the UAH number as dollars', paypal().addOrder({ value: '1000.00', customId: order.id })],
        ['wrong currency', paypal().addOrder({ value: '24.25', currency: 'EUR' })],
        ['unknown id', 'NOSUCHORDER12345'],
        ['for another order', paypal().addOrder({ value: '24.25', customId: '00000000-0000-4000-8000-000000000000' })],
      ];
      for (const [name, id] of cases) {
        const { status, body } = await pay(app, cookie, order.id, id);
        expect(status, name).toBe(400);
        expect(body.code, name).toBe('PAYPAL_ORDER_MISMATCH');
      }
      expect(paypal().orderLookups.length).toBe(lookups);
      expect(await isPaid(app, cookie, order.id)).toBe(false);
      // A malformed id never reaches PayPal.
      expect((await pay(app, cookie, order.id, '../../v1/oauth2/token')).status).toBe(400);
      expect(paypal().orderLookups.length).toBe(lookups);

      // The shop's own PayPal order is still checked with PayPal: not yet captured, then in the wrong amount.
      const [{ created }] = await app.db.select({ created: orders.paypalOrderId }).from(orders).where(eq(orders.id, order.id));
      expect((await pay(app, cookie, order.id, created!)).body.code).toBe('PAYMENT_NOT_COMPLETED');
      const shopsOwn = async (value: string, extra: { currency?: string; email?: string } = {}) => {
        const id = paypal().addOrder({ value, customId: order.id, ...extra });
        await app.db.update(orders).set({ paypalOrderId: id }).where(eq(orders.id, order.id));
        return id;
      };
      expect((await pay(app, cookie, order.id, await shopsOwn('24.24'))).body.code).toBe('PAYMENT_WRONG_AMOUNT');
      expect((await pay(app, cookie, order.id, await shopsOwn('24.25', { currency: 'EUR' }))).body.code).toBe('PAYMENT_WRONG_CURRENCY');

      const good = await shopsOwn('24.25', { email: 'payer@example.com' });
      const paid = await pay(app, cookie, order.id, good);
      expect(paid.status).toBe(200);
      expect(paid.body.paymentResult).toMatchObject({ id: good, email_address: 'payer@example.com' });

      // One PayPal payment pays one order only.
      const second = await unpaidOrder(shop);
      await createPayPal(app, second.cookie, second.order.id);
      const reused = await pay(app, second.cookie, second.order.id, good);
      expect(reused.status).toBe(400);
      expect(reused.body.code).toBe('PAYPAL_ORDER_MISMATCH');
      expect(await isPaid(app, second.cookie, second.order.id)).toBe(false);
    });

    test('PayPal down: a 502 with a Ukrainian message, and the order stays unpaid', async () => {
      const { app, shop } = ctx();
      paypal().autoApprove = true;
      const { cookie, order } = await unpaidOrder(shop);
      const { body } = await createPayPal(app, cookie, order.id);
      paypal().down = true;
      const failed = await capture(app, cookie, order.id, body.id);
      expect(failed.status).toBe(502);
      expect(failed.body.code).toBe('PAYPAL_UNAVAILABLE');
      expect(failed.body.message).toMatch(/PayPal/);
      paypal().down = false;
      expect(await isPaid(app, cookie, order.id)).toBe(false);
      // Back up: the same payment now goes through.
      expect((await capture(app, cookie, order.id, body.id)).status).toBe(200);
    });

    test('the PayPal order carries payment_source.paypal.experience_context: no shipping, Pay Now, the shop’s name, uk-UA, our pages', async () => {
      const { app, shop } = ctx();
      const { cookie, order } = await unpaidOrder(shop);
      const before = paypal().createdBodies.length;
      expect((await createPayPal(app, cookie, order.id)).status).toBe(200);
      const body = paypal().createdBodies[before] as { intent: string; purchase_units: unknown[]; payment_source: { paypal: { experience_context: object } } };
      expect(body.intent).toBe('CAPTURE');
      expect(body.purchase_units).toHaveLength(1);
      expect(body.payment_source.paypal.experience_context).toEqual({
        brand_name: 'Хмільна крамниця',
        shipping_preference: 'NO_SHIPPING',
        user_action: 'PAY_NOW',
        locale: 'uk-UA',
        return_url: `${app.config.siteUrl}/order/${order.id}`,
        cancel_url: `${app.config.siteUrl}/order/${order.id}`,
      });
    });

    test('the fake refuses an order without intent or purchase_units, in PayPal’s INVALID_REQUEST shape', async () => {
      const auth = `Basic ${Buffer.from(`${paypal().clientId}:${paypal().clientSecret}`).toString('base64')}`;
      const token = (await (
        await fetch(`${paypal().url}/v1/oauth2/token`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: 'grant_type=client_credentials',
        })
      ).json()) as { access_token: string };
      const post = (body: object) =>
        fetch(`${paypal().url}/v2/checkout/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const bare = await post({ payment_source: { paypal: { experience_context: { user_action: 'PAY_LATER', locale: 'ukrainian' } } } });
      expect(bare.status).toBe(400);
      const refusal = (await bare.json()) as { name: string; details: { field: string; issue: string }[] };
      expect(refusal.name).toBe('INVALID_REQUEST');
      expect(refusal.details.map((d) => [d.field, d.issue])).toEqual([
        ['/intent', 'MISSING_REQUIRED_PARAMETER'],
        ['/purchase_units', 'MISSING_REQUIRED_PARAMETER'],
        ['/payment_source/paypal/experience_context/user_action', 'INVALID_PARAMETER_VALUE'],
        ['/payment_source/paypal/experience_context/locale', 'INVALID_PARAMETER_SYNTAX'],
      ]);
    });

    test('a PENDING capture: awaiting PayPal, never expired, paid once GET /v2/payments/captures says COMPLETED', async () => {
      const { app, shop } = ctx();
      paypal().autoApprove = true;
      const { cookie, order } = await unpaidOrder(shop);
      const { body } = await createPayPal(app, cookie, order.id);
      paypal().nextCaptureStatus = 'PENDING';
      const held = await capture(app, cookie, order.id, body.id);
      expect(held.status).toBe(200);
      expect(held.body).toMatchObject({ isPaid: false, status: 'pending', paymentPending: { status: 'PENDING' } });
      const captureId = [...paypal().capturesById.keys()].at(-1)!;

      const context = { db: app.db, notices: noticeSettingsOf(app.config) };
      // Earlier tests' unpaid orders expire; this one waits for PayPal.
      await expireUnpaidOrders(context, 60_000, new Date(Date.now() + 24 * 60 * 60_000));
      expect(((await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json() as Order).status).toBe('pending');
      expect(await recheckPendingCaptures(app.db, app.payments)).toEqual({ paid: 0, failed: 0 });
      expect(await isPaid(app, cookie, order.id)).toBe(false);

      paypal().capturesById.get(captureId)!.status = 'COMPLETED';
      expect(await recheckPendingCaptures(app.db, app.payments)).toEqual({ paid: 1, failed: 0 });
      const paid = (await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json() as Order;
      expect(paid).toMatchObject({ isPaid: true, status: 'paid', paymentPending: null });
      expect(await recheckPendingCaptures(app.db, app.payments)).toEqual({ paid: 0, failed: 0 });
    });

    test('a PENDING capture PayPal then declines: the order stays unpaid and the shop is told', async () => {
      const { app, shop } = ctx();
      paypal().autoApprove = true;
      const { cookie, order } = await unpaidOrder(shop);
      const { body } = await createPayPal(app, cookie, order.id);
      paypal().nextCaptureStatus = 'PENDING';
      expect((await capture(app, cookie, order.id, body.id)).body.paymentPending).toMatchObject({ status: 'PENDING' });
      paypal().capturesById.get([...paypal().capturesById.keys()].at(-1)!)!.status = 'DECLINED';
      expect(await recheckPendingCaptures(app.db, app.payments)).toEqual({ paid: 0, failed: 1 });
      const seen = (await app.inject({ url: `/api/orders/${order.id}`, headers: { cookie } })).json() as Order;
      expect(seen).toMatchObject({ isPaid: false, status: 'pending', paymentPending: null });
      const notices = await app.db.select().from(outboxMessages).where(eq(outboxMessages.orderId, order.id));
      expect(notices.some((n) => n.subject === `Платіж за замовлення №${order.number} не пройшов (DECLINED)`)).toBe(true);
    });

    test('the OAuth token is reused between payments', async () => {
      const { app, shop } = ctx();
      paypal().autoApprove = true;
      const before = paypal().tokensIssued;
      for (let i = 0; i < 2; i++) {
        const { cookie, order } = await unpaidOrder(shop);
        const { body } = await createPayPal(app, cookie, order.id);
        expect((await capture(app, cookie, order.id, body.id)).status).toBe(200);
      }
      expect(paypal().tokensIssued - before).toBeLessThanOrEqual(1);
    });
  },
  { env },
);

describeWithApp(
  'PayPal without a rate',
  (ctx) => {
    test('no NBU rate: PayPal says so with a 502 and creates nothing; the config shows no rate', async () => {
      const { app, shop } = ctx();
      expect((await app.inject({ url: '/api/config/payments' })).json()).toMatchObject({ usdRate: null });
      const { cookie, order } = await unpaidOrder(shop);
      const created = paypal().created.size;
      const res = await createPayPal(app, cookie, order.id);
      expect(res.status).toBe(502);
      expect(res.body.code).toBe('EXCHANGE_RATE_UNAVAILABLE');
      expect(res.body.message).toMatch(/курс НБУ/);
      expect(paypal().created.size).toBe(created);
    });
  },
  { env: brokenRateEnv },
);

describeWithApp(
  'PayPal not configured',
  (ctx) => {
    test('only cash on delivery is offered, test mode is on in development, PayPal is refused with a 4xx', async () => {
      const { app, shop } = ctx();
      expect((await app.inject({ url: '/api/config/payments' })).json()).toEqual({
        methods: ['cash_on_delivery'],
        paypalClientId: null,
        usdRate: null,
        testMode: true,
      });
      const { cookie } = await shop.customer();
      const lines = [{ product: (await createProduct(app.db)).id, qty: 1 }];
      const refused = await shop.placeOrder({ as: cookie, lines, shippingAddress: ADDRESS, paymentMethod: 'PayPal' });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
      const order = await shop.orderPlaced({ as: cookie, lines, shippingAddress: ADDRESS, paymentMethod: 'NovaPoshta' });
      const { status, body } = await pay(app, cookie, order.id, 'ABCDEF1234567890');
      expect(status).toBe(400);
      expect(body.code).toBe('PAYPAL_NOT_CONFIGURED');
      expect((await createPayPal(app, cookie, order.id)).body.code).toBe('PAYPAL_NOT_CONFIGURED');
      // Test mode pays no offline order: cash on delivery is paid at the branch, for real.
      const test = await app.inject({ method: 'PUT', url: `/api/orders/${order.id}/pay`, headers: { cookie }, payload: { test: true } });
      expect(test.statusCode).toBe(400);
      expect(test.json().code).toBe('TEST_PAYMENT_OFFLINE_METHOD');
      expect(await isPaid(app, cookie, order.id)).toBe(false);
    });
  },
  { env: { NODE_ENV: 'development' } },
);
