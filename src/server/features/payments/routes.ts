import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  GuestOrderParamsSchema,
  LiqPayCheckoutSchema,
  MonobankInvoiceSchema,
  PayPalCaptureSchema,
  PayPalConfigSchema,
  PayPalCreatedSchema,
} from '../../../shared/orders.js';
import { OrderWireSchema } from '../../../shared/wire/orders.js';
import { IdParamsSchema } from '../../../shared/products.js';
import { requireUser, signedIn } from '../../plugins/auth.js';
import { orderJson, type Payer } from '../orders/index.js';
import { MonobankInvoiceStatusSchema } from './monobank-client.js';

const PaymentsConfigSchema = z.object({
  methods: z.array(z.string()),
  paypalClientId: z.string().nullable(),
  usdRate: z.number().nullable(),
  testMode: z.boolean(),
});

/** LiqPay posts `data` and `signature` form-encoded; each is base64, a few KB at most. */
const LiqPayCallbackBodySchema = z.object({
  data: z.string().min(1).max(20_000),
  signature: z.string().min(1).max(200),
});

/** The raw bytes of monobank's webhook: its X-Sign signs them, not their parsed JSON. */
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/**
 * Paying (docs/payments.md): which methods the shop takes now, PayPal's create and capture,
 * LiqPay's checkout form and its server callback, monobank's invoice, status and webhook.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments } = app;

  // Only LiqPay's callback is form-encoded; the parser stays inside this plugin.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/api/config/paypal', { schema: { response: { 200: PayPalConfigSchema } } }, async () => ({
    clientId: app.config.paypal.clientId ?? null,
    testMode: app.config.paymentsTestMode,
  }));

  app.get('/api/config/payments', { schema: { response: { 200: PaymentsConfigSchema } } }, async () => payments.publicConfig(app.db));

  // Each step twice: for the signed-in owner by the order's id, and for a guest by the secret of
  // the order's link (docs/payments.md), which stands in for the session.
  const ownerOf = async (request: FastifyRequest<{ Params: { id: string } }>): Promise<Payer> => ({
    user: await requireUser(request),
    orderId: request.params.id,
  });
  const guestOf = (request: FastifyRequest<{ Params: { token: string } }>): Payer => ({ guestToken: request.params.token });
  const own = { params: IdParamsSchema };
  const guest = { params: GuestOrderParamsSchema };

  app.post('/api/orders/:id/paypal', { schema: { ...own, response: { 200: PayPalCreatedSchema } }, onRequest: signedIn }, async (request) =>
    payments.createPayPalOrder(app.db, await ownerOf(request)),
  );
  app.post('/api/orders/guest/:token/paypal', { schema: { ...guest, response: { 200: PayPalCreatedSchema } } }, async (request) =>
    payments.createPayPalOrder(app.db, guestOf(request)),
  );

  app.post(
    '/api/orders/:id/paypal/capture',
    { schema: { ...own, body: PayPalCaptureSchema, response: { 200: OrderWireSchema } }, onRequest: signedIn },
    async (request) => orderJson(await payments.capturePayPalOrder(app.db, await ownerOf(request), request.body.id)),
  );
  app.post(
    '/api/orders/guest/:token/paypal/capture',
    { schema: { ...guest, body: PayPalCaptureSchema, response: { 200: OrderWireSchema } } },
    async (request) => orderJson(await payments.capturePayPalOrder(app.db, guestOf(request), request.body.id)),
  );

  app.post('/api/orders/:id/liqpay', { schema: { ...own, response: { 200: LiqPayCheckoutSchema } }, onRequest: signedIn }, async (request) =>
    payments.liqpayCheckout(app.db, await ownerOf(request), app.config.siteUrl),
  );
  app.post('/api/orders/guest/:token/liqpay', { schema: { ...guest, response: { 200: LiqPayCheckoutSchema } } }, async (request) =>
    payments.liqpayCheckout(app.db, guestOf(request), app.config.siteUrl),
  );

  // Back from LiqPay's page: the server asks LiqPay itself, so a callback still on its way is not waited for.
  app.post('/api/orders/:id/liqpay/status', { schema: { ...own, response: { 200: OrderWireSchema } }, onRequest: signedIn }, async (request) =>
    orderJson(await payments.liqpayRecheck(app.db, await ownerOf(request))),
  );
  app.post('/api/orders/guest/:token/liqpay/status', { schema: { ...guest, response: { 200: OrderWireSchema } } }, async (request) =>
    orderJson(await payments.liqpayRecheck(app.db, guestOf(request))),
  );

  app.post(
    '/api/payments/liqpay/callback',
    {
      schema: { body: LiqPayCallbackBodySchema, response: { 200: z.object({ paid: z.boolean() }) } },
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
    },
    async (request) => payments.liqpayCallback(app.db, request.body),
  );

  app.post('/api/orders/:id/monobank', { schema: { ...own, response: { 200: MonobankInvoiceSchema } }, onRequest: signedIn }, async (request) =>
    payments.requireMonobank().invoiceFor(app.db, await ownerOf(request)),
  );
  app.post('/api/orders/guest/:token/monobank', { schema: { ...guest, response: { 200: MonobankInvoiceSchema } } }, async (request) =>
    payments.requireMonobank().invoiceFor(app.db, guestOf(request)),
  );
  app.post('/api/orders/:id/monobank/status', { schema: { ...own, response: { 200: OrderWireSchema } }, onRequest: signedIn }, async (request) =>
    orderJson(await payments.requireMonobank().recheck(app.db, await ownerOf(request))),
  );
  app.post('/api/orders/guest/:token/monobank/status', { schema: { ...guest, response: { 200: OrderWireSchema } } }, async (request) =>
    orderJson(await payments.requireMonobank().recheck(app.db, guestOf(request))),
  );

  // Its own scope: only this route keeps the raw body its signature covers.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      try {
        done(null, JSON.parse((body as Buffer).toString('utf8')));
      } catch {
        done(null, null);
      }
    });
    scope.post(
      '/api/payments/monobank/webhook',
      {
        schema: { body: MonobankInvoiceStatusSchema.nullable(), response: { 200: z.object({ paid: z.boolean() }) } },
        config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      },
      async (request) =>
        payments.requireMonobank(404).webhook(app.db, rawBodies.get(request) ?? Buffer.alloc(0), request.headers['x-sign'] as string | undefined),
    );
  });
};
