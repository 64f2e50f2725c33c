import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { GuestOrder } from '../../shared/orders.js';
import type { Review } from '../../shared/products.js';
import type { OrderWire } from '../../shared/wire/orders.js';
import { orders, productVariants, products, type UserRow } from '../db/schema.js';
import { createProduct, createUser, sessionCookie } from './factories.js';
import { startFakeCheckbox, type FakeCheckbox } from './fakes/checkbox.js';
import { liqpayFakeSignature, startFakeLiqPay, type FakeLiqPay } from './fakes/liqpay.js';
import { startFakeMonobank, type FakeMonobank } from './fakes/monobank.js';
import { startFakeNbu, type FakeNbu } from './fakes/nbu.js';
import { startFakeNovaPoshta, type FakeNovaPoshta, type FakeSettlement } from './fakes/nova-poshta.js';
import { startFakePayPal, type FakePayPal } from './fakes/paypal.js';

/**
 * The shop as API tests drive it: shoppers, orders placed through the routes, stock read back, and
 * the fake third parties a block needs. `describeWithApp` hands one to every block as `ctx().shop`.
 */

/** A signed-in account: its row and the Cookie header that carries its session. */
export interface SignedIn {
  user: UserRow;
  cookie: string;
}

/** An order line as the checkout sends it (docs/api.md). */
export interface OrderLine {
  product: string;
  variant?: string;
  qty: number;
  options?: { milled?: boolean };
}

/** What a refused request answers besides its status (docs/errors.md). */
export interface Refusal {
  message?: string;
  code?: string;
  params?: Record<string, unknown>;
  /** Only with validation failures: every field at fault. */
  errors?: { path: string; code: string; message: string }[];
}

/** An order as the API answers it: the documented wire shape (src/shared/wire), or the refusal. */
export type OrderReply = OrderWire & Partial<Pick<GuestOrder, 'accessToken'>> & Refusal;

/** A Nova Poshta branch typed by hand, as the wire carries it: the branch's description rides in `country`. */
export const TYPED_ADDRESS = {
  address: 'Іван Франко',
  city: 'Київ',
  phoneNumber: '+380671234567',
  country: 'Відділення №1: вул. Пирогівський шлях, 135',
} as const;

export interface PlaceOrder {
  /**
   * Who orders: a signed-in account (or its cookie), `'guest'` for the guest checkout, or
   * `'signed-out'` for /api/orders without a session. A fresh customer when left out.
   */
  as?: SignedIn | string | 'guest' | 'signed-out';
  /** The lines; one unit of a fresh 1 000 грн product when left out. */
  lines?: OrderLine[];
  /** Cash on delivery when left out: it needs no payment provider. */
  paymentMethod?: string;
  shippingAddress?: object;
  /** The guest's e-mail; a unique one when left out (and the phone too, when the address is), none when null. */
  email?: string | null;
  /** Any other field of the body (promoCode, comment, locale, acceptOffer…), or a forged one. */
  extra?: object;
  headers?: Record<string, string>;
  /** The client's address; guests get a fresh one so one test's orders never meet another's rate limit. */
  remoteAddress?: string;
}

let lastPhone = randomInt(1_000_000);
/** A Kyivstar number no earlier order of this test file gave: guests are limited per phone too. */
export const freshPhone = () => `+38067${String(1_000_000 + (lastPhone = (lastPhone + 1) % 9_000_000)).slice(-7)}`;

let lastIp = randomInt(1 << 20);
/** An IP address no earlier request of this test file came from. */
export function freshIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

type Account = Omit<NonNullable<Parameters<typeof createUser>[1]>, 'isAdmin'>;

export function driveShop(app: FastifyInstance) {
  async function signedIn(overrides: Account & { isAdmin?: boolean } = {}): Promise<SignedIn> {
    const user = await createUser(app.db, overrides);
    return { user, cookie: await sessionCookie(user, app.config.jwtSecret) };
  }

  /** POST /api/orders (or /api/orders/guest) in the documented wire format; the reply whatever its status. */
  async function placeOrder(order: PlaceOrder = {}) {
    const guest = order.as === 'guest';
    const who = guest || order.as === 'signed-out' ? undefined : typeof order.as === 'string' ? order.as : (order.as ?? (await signedIn())).cookie;
    const lines = order.lines ?? [{ product: (await createProduct(app.db)).id, qty: 1 }];
    const res = await app.inject({
      method: 'POST',
      url: guest ? '/api/orders/guest' : '/api/orders',
      headers: { ...(who ? { cookie: who } : {}), ...order.headers },
      remoteAddress: order.remoteAddress ?? (guest ? freshIp() : '127.0.0.1'),
      payload: {
        orderItems: lines,
        shippingAddress: order.shippingAddress ?? (guest ? { ...TYPED_ADDRESS, phoneNumber: freshPhone() } : TYPED_ADDRESS),
        paymentMethod: order.paymentMethod ?? 'NovaPoshta',
        ...(guest && order.email !== null ? { email: order.email ?? `guest-${freshIp()}@example.com` } : {}),
        ...order.extra,
      },
    });
    return { status: res.statusCode, body: res.json() as OrderReply, headers: res.headers };
  }

  /** PUT /api/orders/:id/:step (ship, deliver, cancel, mark-paid, pay…) as `who`, or signed out. */
  async function orderStep(orderId: string, step: string, who?: SignedIn | string, payload?: object) {
    const cookie = typeof who === 'string' ? who : who?.cookie;
    const res = await app.inject({ method: 'PUT', url: `/api/orders/${orderId}/${step}`, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
    return { status: res.statusCode, body: res.json() as OrderReply };
  }

  /** POST /api/orders/:id/waybill as `who`: Nova Poshta's waybill made for the order (docs/delivery.md), or the refusal. */
  async function makeWaybill(orderId: string, who?: SignedIn | string) {
    const cookie = typeof who === 'string' ? who : who?.cookie;
    const res = await app.inject({ method: 'POST', url: `/api/orders/${orderId}/waybill`, headers: cookie ? { cookie } : {} });
    return { status: res.statusCode, body: res.json() as OrderReply };
  }

  /**
   * POST /api/products/:id/reviews with `review`, sent as given, as `who`: a fresh customer when left
   * out, nobody when `'signed-out'`. The product's new rating and the review, or the refusal.
   */
  async function review(productId: string, review: object, who?: SignedIn | string | 'signed-out') {
    const cookie = who === 'signed-out' ? undefined : typeof who === 'string' ? who : (who ?? (await signedIn())).cookie;
    const res = await app.inject({ method: 'POST', url: `/api/products/${productId}/reviews`, headers: cookie ? { cookie } : {}, payload: review });
    return { status: res.statusCode, body: res.json() as { rating: number; numReviews: number; review: Review } & Refusal };
  }

  /** LiqPay's callback as LiqPay posts it: `params` as base64 JSON `data`, signed with the shop's private key unless `signature` is given. */
  async function liqpayCallback(params: object | string, signature?: string) {
    const data = typeof params === 'string' ? params : Buffer.from(JSON.stringify(params)).toString('base64');
    const res = await app.inject({
      method: 'POST',
      url: '/api/payments/liqpay/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ data, signature: signature ?? liqpayFakeSignature(app.config.liqpay?.privateKey ?? '', data) }).toString(),
    });
    return { status: res.statusCode, body: res.json() as { paid?: boolean; code?: string } };
  }

  /** What LiqPay's callback says of the order paid in full under `paymentId` (LiqPay's own number). */
  function liqpaySuccess(order: Pick<OrderReply, 'id' | 'totalPrice'>, paymentId: number, overrides: object = {}) {
    return {
      payment_id: paymentId,
      action: 'pay',
      status: 'success',
      version: 3,
      public_key: app.config.liqpay?.publicKey,
      order_id: order.id,
      amount: order.totalPrice,
      currency: 'UAH',
      end_date: Date.now(),
      ...overrides,
    };
  }

  /** GET /api/orders/:id as `who`: the order as its owner or the shop owner sees it. */
  async function orderOf(orderId: string, who: SignedIn | string): Promise<OrderReply> {
    const res = await app.inject({ url: `/api/orders/${orderId}`, headers: { cookie: typeof who === 'string' ? who : who.cookie } });
    return res.json() as OrderReply;
  }

  return {
    app,
    /** A signed-in shopper. */
    customer: (overrides: Account = {}) => signedIn(overrides),
    /** A signed-in shop owner. */
    admin: (overrides: Account = {}) => signedIn({ ...overrides, isAdmin: true }),
    placeOrder,
    orderStep,
    makeWaybill,
    review,
    /** placeOrder that must succeed: the order, or the test fails with the refusal. */
    async orderPlaced(order: PlaceOrder = {}): Promise<OrderReply> {
      const { status, body } = await placeOrder(order);
      expect(status, `the order was refused: ${body.code} ${body.message}`).toBe(201);
      return body;
    },
    orderOf,
    /** PUT /api/orders/:id/refund as `who`: the lines (`item` is the order line's id) given back and why. */
    refund: (orderId: string, who: SignedIn | string, lines: { item: string; qty: number }[], reason = 'Товар повернуто') =>
      orderStep(orderId, 'refund', who, { lines, reason }),
    /** GET /api/orders/guest/:secret: the order of a guest's link. */
    async guestOrderOf(accessToken: string): Promise<OrderReply> {
      return (await app.inject({ url: `/api/orders/guest/${accessToken}` })).json() as OrderReply;
    },
    liqpayCallback,
    liqpaySuccess,
    /** The order paid through LiqPay: its success callback posted and answered `{ paid: true }`. */
    async paidByLiqPay(order: Pick<OrderReply, 'id' | 'totalPrice'>, paymentId: number, overrides: object = {}) {
      expect(await liqpayCallback(liqpaySuccess(order, paymentId, overrides))).toEqual({ status: 200, body: { paid: true } });
    },
    /** The order's monobank invoice, asked for by its link (a guest order) or by its owner. */
    async monobankInvoice(order: Pick<OrderReply, 'id' | 'accessToken'>, who?: SignedIn | string, headers: Record<string, string> = {}) {
      const cookie = typeof who === 'string' ? who : who?.cookie;
      const url = order.accessToken && !cookie ? `/api/orders/guest/${order.accessToken}/monobank` : `/api/orders/${order.id}/monobank`;
      const res = await app.inject({ method: 'POST', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
      return { status: res.statusCode, body: res.json() as { invoiceId: string; pageUrl: string; code?: string; message?: string } };
    },
    /** monobank's webhook as it posts it: the raw body and its X-Sign (none when null). */
    async monobankWebhook(body: string, signature: string | null) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/payments/monobank/webhook',
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'x-sign': signature }) },
        payload: body,
      });
      return { status: res.statusCode, body: res.json() as { paid?: boolean; code?: string } };
    },
    /** An order's status as stored. */
    async statusOf(orderId: string): Promise<string> {
      const [order] = await app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      if (!order) throw new Error(`no order ${orderId}`);
      return order.status;
    },
    /** A pack's stock, or given a product's id, the product's whole stock (all its packs). */
    async stockOf(id: string): Promise<number> {
      const [pack] = await app.db.select({ n: productVariants.countInStock }).from(productVariants).where(eq(productVariants.id, id));
      if (pack) return pack.n;
      const [product] = await app.db.select({ n: products.countInStock }).from(products).where(eq(products.id, id));
      if (!product) throw new Error(`no pack or product ${id}`);
      return product.n;
    },
  };
}

export type ShopDriver = ReturnType<typeof driveShop>;

/**
 * The fake Nova Poshta for the file's apps: started before them, its address and key put in `env`
 * (the object passed to describeWithApp), reset after each test, which fails on any request the
 * fake does not know. Call at the top of the file; the getter answers it inside tests.
 */
export function useFakeNovaPoshta(env: Record<string, string>, options: { settlements?: () => FakeSettlement[] } = {}): () => FakeNovaPoshta {
  let fake: FakeNovaPoshta | undefined;
  beforeAll(async () => {
    fake = await startFakeNovaPoshta({ settlements: options.settlements?.() });
    Object.assign(env, { NOVA_POSHTA_API_URL: fake.url, NOVA_POSHTA_API_KEY: fake.apiKey, NOVA_POSHTA_PRINT_URL: fake.printUrl });
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    if (!fake) return;
    fake.mode = 'ok';
    fake.slowMs = 6_000;
    fake.pageLimit = 500;
    expect(fake.unhandled, 'requests the fake Nova Poshta does not know').toEqual([]);
  });
  return () => {
    if (!fake) throw new Error('the fake Nova Poshta is not started yet');
    return fake;
  };
}

/**
 * The fake PayPal and the fake NBU rate its dollar prices need, as useFakeNovaPoshta does it: their
 * addresses and keys put in `env`, PayPal reset after each test, which fails on any request it does not know.
 */
export function useFakePayPal(env: Record<string, string>): { paypal: () => FakePayPal; nbu: () => FakeNbu } {
  let paypal: FakePayPal | undefined;
  let nbu: FakeNbu | undefined;
  beforeAll(async () => {
    [paypal, nbu] = await Promise.all([startFakePayPal(), startFakeNbu()]);
    Object.assign(env, {
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      EXCHANGE_RATE_URL: nbu.url,
    });
  });
  afterAll(async () => {
    await paypal?.close();
    await nbu?.close();
  });
  afterEach(() => {
    if (!paypal) return;
    paypal.down = false;
    paypal.autoApprove = false;
    paypal.nextCaptureStatus = 'COMPLETED';
    expect(paypal.unhandled, 'requests the fake PayPal does not know').toEqual([]);
  });
  const started = <T>(fake: T | undefined) => {
    if (!fake) throw new Error('the fakes are not started yet');
    return fake;
  };
  return { paypal: () => started(paypal), nbu: () => started(nbu) };
}

/** A started fake, or the test fails saying it is not started yet. */
function startedFake<T>(fake: T | undefined, name: string): T {
  if (!fake) throw new Error(`the fake ${name} is not started yet`);
  return fake;
}

/**
 * The fake LiqPay (its checkout page and server API), as useFakeNovaPoshta does it: its keys and
 * checkout address put in `env`, its failures and payment status reset after each test.
 */
export function useFakeLiqPay(env: Record<string, string>): () => FakeLiqPay {
  let fake: FakeLiqPay | undefined;
  beforeAll(async () => {
    fake = await startFakeLiqPay();
    Object.assign(env, { LIQPAY_PUBLIC_KEY: fake.publicKey, LIQPAY_PRIVATE_KEY: fake.privateKey, LIQPAY_CHECKOUT_URL: fake.checkoutUrl });
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    if (!fake) return;
    fake.failNext = null;
    fake.status = 'success';
  });
  return () => startedFake(fake, 'LiqPay');
}

/**
 * The fake monobank, as useFakeNovaPoshta does it: its token and address put in `env`. The tests
 * deliver its webhooks themselves (the app does not listen), so it only records them; after each
 * test it is reset, and the test fails on any request it does not know.
 */
export function useFakeMonobank(env: Record<string, string>): () => FakeMonobank {
  let fake: FakeMonobank | undefined;
  beforeAll(async () => {
    fake = await startFakeMonobank();
    fake.sendWebhooks = false;
    Object.assign(env, { MONOBANK_TOKEN: fake.token, MONOBANK_API_URL: fake.url });
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    if (!fake) return;
    fake.sendWebhooks = false;
    fake.failNext = null;
    fake.cancelStatus = 'success';
    fake.refuseNextCancel = null;
    expect(fake.unhandled, 'requests the fake monobank does not know').toEqual([]);
  });
  return () => startedFake(fake, 'monobank');
}

/**
 * The fake Checkbox (the fiscal cash register), as useFakeNovaPoshta does it: its address, licence
 * key and cashier's login put in `env`, reset after each test, which fails on any request it does not know.
 */
export function useFakeCheckbox(env: Record<string, string>): () => FakeCheckbox {
  let fake: FakeCheckbox | undefined;
  beforeAll(async () => {
    fake = await startFakeCheckbox();
    Object.assign(env, { CHECKBOX_API_URL: fake.url, CHECKBOX_LICENSE_KEY: fake.licenseKey, CHECKBOX_LOGIN: fake.login, CHECKBOX_PASSWORD: fake.password });
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    if (!fake) return;
    fake.down = false;
    fake.delayMs = 0;
    fake.failSigning = false;
    fake.signingReads = 1;
    expect(fake.unhandled, 'requests the fake Checkbox does not know').toEqual([]);
  });
  return () => startedFake(fake, 'Checkbox');
}
