import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomBytes } from 'node:crypto';
import {
  GuestOrderCreateSchema,
  GuestOrderParamsSchema,
  IDEMPOTENCY_KEY,
  OrderCreateSchema,
  orderLocaleOf,
  OrderListQuerySchema,
  PayOrderSchema,
  type PayOrder,
  ShipOrderSchema,
  type Shipping,
} from '../../../shared/orders.js';
import { GuestOrderWireSchema, OrderListWireSchema, OrderSummaryWireSchema, OrderWireSchema, orderCreateFromWire } from '../../../shared/wire/orders.js';
import { IdParamsSchema } from '../../../shared/products.js';
import type { PaymentMethod } from '../../../shared/payment-methods.js';
import { AppError, TooManyAttempts } from '../../errors.js';
import { adminOnly, getSessionUser, requireUser, signedIn } from '../../plugins/auth.js';
import { secretDigest } from '../../secret-digest.js';
import { checkGuestIdempotencyKey, guestAccessTokenFor, GUEST_IDEMPOTENCY_KEY } from './idempotency.js';
import { noticeSettingsOf } from '../notifications/index.js';
import { orderJson, orderSummaryJson } from './serializers.js';
import { withTracking } from './waybills.js';
import {
  cancelOrder,
  checkIdempotencyKey,
  claimGuestOrder,
  confirmOfflinePayment,
  confirmOrder,
  confirmReturn,
  findOrderByKey,
  deliverOrder,
  listMyOrders,
  listOrders,
  requireGuestOrder,
  requireOrderFor,
  parcelOf,
  shipOrder,
  type Buyer,
  type CheckedBranch,
  type CheckedDoor,
  type OrdersContext,
  type Payer,
  type PaymentDeps,
  type PlacingExtras,
} from './service.js';
import type { OrderWithItems } from './repository.js';
import type { NovaPoshtaConfig } from '../delivery/index.js';
import type { DeliveryEstimate } from '../../../shared/delivery.js';
import { getSettings } from '../settings/index.js';

/**
 * Where orders meet other modules (src/server/flows, docs/decisions/036-flows.md): handed in by
 * app.ts, since a feature never imports the flows above it.
 */
export interface OrderFlows {
  placeOrder: (
    ctx: OrdersContext,
    buyer: Buyer,
    payload: z.output<typeof OrderCreateSchema>,
    idempotencyKey?: string,
    branch?: CheckedBranch,
    extras?: PlacingExtras,
  ) => Promise<{ order: OrderWithItems; replayed: boolean }>;
  payOrder: (ctx: OrdersContext, payer: Payer, payment: PayOrder, deps: PaymentDeps) => Promise<OrderWithItems>;
  createOrderWaybill: (ctx: OrdersContext & { log: FastifyBaseLogger }, novaPoshta: NovaPoshtaConfig, id: string) => Promise<OrderWithItems>;
}

/** The order calls (docs/orders.md). Every route needs a session; lists and most status steps need an admin. */
export const orderRoutes: FastifyPluginAsyncZod<{ flows: OrderFlows }> = async (app, { flows }) => {
  const { placeOrder, payOrder, createOrderWaybill } = flows;
  const ctx = { db: app.db, notices: noticeSettingsOf(app.config, app.log) };
  const { payments } = app;
  const novaPoshta = app.config.novaPoshta;
  /** A method the shop cannot take now (docs/payments.md) is refused before anything is written. */
  const requireMethod = async (method: PaymentMethod) => {
    if (!(await payments.availableMethods(app.db)).includes(method)) {
      throw new AppError('PAYMENT_METHOD_UNAVAILABLE');
    }
  };
  /** An order posted in the API's original shape is turned into the true one before it is validated (docs/api.md). */
  const originalShapeAccepted = async (request: FastifyRequest) => {
    request.body = orderCreateFromWire(request.body);
  };
  const orderResponse = { schema: { params: IdParamsSchema, response: { 200: OrderWireSchema } } };
  const ownOrder = { onRequest: signedIn, ...orderResponse };
  const adminOrder = { onRequest: adminOnly, ...orderResponse };

  /** A branch chosen from the directory must be a point of the chosen settlement (docs/delivery.md). */
  const checkBranch = async (address: Shipping): Promise<CheckedBranch | undefined> => {
    if (!address.branchRef || !address.settlementRef) return undefined;
    const point = await app.deliveryDirectory.requireBranch(address.settlementRef, address.branchRef);
    return {
      settlementRef: address.settlementRef,
      cityRef: point.cityRef,
      warehouseRef: point.ref,
      cityName: point.settlementName || address.city,
      branchDescription: point.description,
      maxWeightKg: point.maxWeightKg,
    };
  };

  /** Courier delivery (docs/delivery.md): the settlement and street as chosen from the directory, the house and flat as typed. */
  const checkDoor = (address: Shipping): CheckedDoor | undefined => {
    if (address.delivery !== 'door' || !address.settlementRef || !address.streetRef || !address.street || !address.house) return undefined;
    return {
      settlementRef: address.settlementRef,
      cityName: address.city,
      area: address.area ?? '',
      region: address.region ?? '',
      streetRef: address.streetRef,
      streetName: address.street,
      house: address.house,
      flat: address.flat ?? '',
    };
  };

  /**
   * Where the parcel goes and Nova Poshta's estimate for it, asked before the transaction (at most
   * a couple of seconds, mostly from the cache the shipping step filled); no estimate is no error.
   */
  const deliveryOf = async (payload: { shipping: Shipping; orderItems: Parameters<typeof parcelOf>[1] }) => {
    const address = payload.shipping;
    const door = checkDoor(address);
    const branch = door ? undefined : await checkBranch(address);
    const settlementRef = door?.settlementRef ?? branch?.settlementRef;
    let estimate: DeliveryEstimate | undefined;
    if (settlementRef) {
      const parcel = await parcelOf(app.db, payload.orderItems);
      const senderCityRef = (await getSettings(app.db)).novaPoshtaSender.cityRef;
      estimate = await app.deliveryEstimator.estimate({ settlementRef, branchRef: branch?.warehouseRef ?? null, ...parcel, senderCityRef });
    }
    return { branch, extras: { door, estimate } };
  };

  app.post(
    '/api/orders',
    {
      onRequest: signedIn,
      preValidation: originalShapeAccepted,
      schema: { body: OrderCreateSchema, response: { 200: OrderWireSchema, 201: OrderWireSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const key = checkIdempotencyKey(request.headers['idempotency-key'], IDEMPOTENCY_KEY);
      await requireMethod(request.body.paymentMethodId);
      const { branch, extras } = await deliveryOf(request.body);
      const payload = { ...request.body, locale: request.body.locale ?? orderLocaleOf(request.headers['accept-language']) };
      const { order, replayed } = await placeOrder(ctx, { user }, payload, key, branch, extras);
      if (replayed) return reply.status(200).header('idempotent-replayed', 'true').send(orderJson(order));
      // Stock changed: this instance must not serve the old counts from its cache.
      app.catalogCache.invalidate();
      return reply.status(201).send(orderJson(order));
    },
  );

  // Checkout without an account (docs/delivery.md): the order's page opens only through the secret
  // in its link, returned once here; the database keeps only its hash.
  // Per address (the route's own limit), and per phone and per e-mail, so a botnet's addresses
  // cannot order endlessly for one recipient either (docs/orders.md, "Limits").
  const guestLimit = (what: string) =>
    app.createRateLimit({
      max: app.config.guestOrdersPerHour,
      timeWindow: 60 * 60_000,
      keyGenerator: (req) => `guest-${what}:${(req as { limitKey?: string }).limitKey}`,
    });
  const perPhone = guestLimit('phone');
  const perEmail = guestLimit('email');
  const countGuest = async (request: FastifyRequest, limiter: typeof perPhone, key: string) => {
    const result = await limiter(Object.assign(request, { limitKey: key }));
    if (!result.isAllowed && result.isExceeded) throw new TooManyAttempts(result.ttlInSeconds);
  };

  app.post(
    '/api/orders/guest',
    {
      preValidation: originalShapeAccepted,
      schema: { body: GuestOrderCreateSchema, response: { 200: GuestOrderWireSchema, 201: GuestOrderWireSchema } },
      config: { rateLimit: { max: app.config.guestOrdersPerHour, timeWindow: '1 hour' } },
    },
    async (request, reply) => {
      await countGuest(request, perPhone, request.body.shipping.phoneNumber.replace(/\D/g, '').slice(-9));
      if (request.body.email) await countGuest(request, perEmail, request.body.email);
      await requireMethod(request.body.paymentMethodId);
      const { branch, extras } = await deliveryOf(request.body);
      const key = checkGuestIdempotencyKey(request.headers['idempotency-key']);
      // Under a key the link's secret derives from it, so a replay answers with the same link.
      const accessToken = key ? guestAccessTokenFor(key, app.config.jwtSecret) : randomBytes(32).toString('base64url');
      const guest = { email: request.body.email ?? null, accessToken, accessTokenHash: secretDigest(accessToken) };
      const payload = { ...request.body, locale: request.body.locale ?? orderLocaleOf(request.headers['accept-language']) };
      const { order, replayed } = await placeOrder(ctx, { guest }, payload, key, branch, extras);
      if (replayed)
        return reply
          .status(200)
          .header('idempotent-replayed', 'true')
          .send({ ...orderJson(order), accessToken });
      app.catalogCache.invalidate();
      return reply.status(201).send({ ...orderJson(order), accessToken });
    },
  );

  // After a lost answer (a timeout, ORDER_OUTCOME_UNKNOWN) the client asks whether its key placed an
  // order before it places it again: the customer's own keys only; without a session, a guest key,
  // which is the guest's secret, and the answer carries the order's link.
  app.get(
    '/api/orders/by-key/:key',
    {
      schema: {
        params: z.object({ key: z.string().regex(IDEMPOTENCY_KEY) }),
        response: { 200: OrderWireSchema.extend({ accessToken: z.string().optional() }) },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { key } = request.params;
      const user = await getSessionUser(request);
      const found = user ? await findOrderByKey(app.db, user, key) : GUEST_IDEMPOTENCY_KEY.test(key) ? await findOrderByKey(app.db, null, key) : null;
      if (!found) throw new AppError('ORDER_NOT_FOUND');
      return user ? orderJson(found) : { ...orderJson(found), accessToken: guestAccessTokenFor(key, app.config.jwtSecret) };
    },
  );

  app.get('/api/orders/guest/:token', { schema: { params: GuestOrderParamsSchema, response: { 200: OrderWireSchema } } }, async (request) =>
    orderJson(await withTracking(ctx, novaPoshta, await requireGuestOrder(app.db, request.params.token))),
  );

  app.post(
    '/api/orders/guest/:token/claim',
    { onRequest: signedIn, schema: { params: GuestOrderParamsSchema, response: { 200: OrderWireSchema } } },
    async (request) => orderJson(await claimGuestOrder(app.db, await requireUser(request), request.params.token)),
  );

  app.get('/api/orders/mine', { onRequest: signedIn, schema: { response: { 200: z.array(OrderSummaryWireSchema) } } }, async (request) =>
    (await listMyOrders(app.db, await requireUser(request))).map(orderSummaryJson),
  );

  app.get('/api/orders', { onRequest: adminOnly, schema: { querystring: OrderListQuerySchema, response: { 200: OrderListWireSchema } } }, async (request) => {
    const { orders, page, pages } = await listOrders(app.db, request.query);
    return { orders: orders.map(orderSummaryJson), page, pages };
  });

  app.get('/api/orders/:id', ownOrder, async (request) =>
    orderJson(await withTracking(ctx, novaPoshta, await requireOrderFor(app.db, await requireUser(request), request.params.id))),
  );

  const paymentDeps = { verifyPayPal: payments.verifyPayPal, testMode: app.config.paymentsTestMode };
  app.put(
    '/api/orders/:id/pay',
    { onRequest: signedIn, schema: { params: IdParamsSchema, body: PayOrderSchema, response: { 200: OrderWireSchema } } },
    async (request) => orderJson(await payOrder(ctx, { user: await requireUser(request), orderId: request.params.id }, request.body, paymentDeps)),
  );
  // The guest pays through the secret of the order's link instead of a session (docs/payments.md).
  app.put(
    '/api/orders/guest/:token/pay',
    { schema: { params: GuestOrderParamsSchema, body: PayOrderSchema, response: { 200: OrderWireSchema } } },
    async (request) => orderJson(await payOrder(ctx, { guestToken: request.params.token }, request.body, paymentDeps)),
  );

  // "Підтвердити замовлення": the shop keeps an unpaid offline order past UNCONFIRMED_ORDER_TTL_MINUTES.
  app.put('/api/orders/:id/confirm', adminOrder, async (request) => orderJson(await confirmOrder(ctx, request.params.id)));

  app.put('/api/orders/:id/mark-paid', adminOrder, async (request) => {
    return orderJson(await confirmOfflinePayment(ctx, request.params.id));
  });

  app.put(
    '/api/orders/:id/ship',
    { onRequest: adminOnly, schema: { params: IdParamsSchema, body: ShipOrderSchema, response: { 200: OrderWireSchema } } },
    async (request) => {
      return orderJson(await shipOrder(ctx, request.params.id, request.body.trackingNumber));
    },
  );

  // "Створити ТТН": a Nova Poshta waybill for the order, which then ships under its number (docs/orders.md).
  app.post('/api/orders/:id/waybill', adminOrder, async (request) => {
    return orderJson(await createOrderWaybill({ ...ctx, log: request.log }, novaPoshta, request.params.id));
  });

  app.put('/api/orders/:id/deliver', adminOrder, async (request) => {
    return orderJson(await deliverOrder(ctx, request.params.id));
  });

  // "Підтвердити повернення": the parcel came back; its stock returns once (docs/orders.md, "Returns").
  app.put('/api/orders/:id/return', adminOrder, async (request) => {
    const order = await confirmReturn(ctx, request.params.id);
    app.catalogCache.invalidate();
    return orderJson(order);
  });

  app.put('/api/orders/:id/cancel', ownOrder, async (request) => {
    const user = await requireUser(request);
    const order = await cancelOrder(ctx, user, request.params.id);
    // The stock came back: the catalogue must show it.
    app.catalogCache.invalidate();
    return orderJson(order);
  });
};
