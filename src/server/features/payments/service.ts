import { CURRENCY, fromMinor, toMinor, uahMinorToUsdCents } from '../../../shared/pricing.js';
import { isPaid, PAYMENT_METHODS, type LiqPayCheckout, type PayPalCreated, type PaymentMethod, type PaymentsConfig } from '../../../shared/orders.js';
import { acceptsTransfers } from '../../../shared/settings.js';
import type { Config } from '../../config.js';
import { noticeSettingsOf } from '../notifications/index.js';
import type { Db } from '../../db/client.js';
import type { OrderRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import {
  clearPaymentPending,
  findOrderRow,
  markPaymentPending,
  orderPagePath,
  recordPayPalOrder,
  recordRefund,
  requireOrder,
  requirePayableOrder,
  requirePayerOrder,
  type OrdersContext,
  type Payer,
  type VerifiedPayment,
  type OrderWithItems,
} from '../orders/index.js';
import { getSettings } from '../settings/index.js';
import { ExchangeRates } from './exchange-rate.js';
import { liqpayCheckout, liqpayRefund, liqpayStatus, verifyLiqPayCallback, type LiqPayCallbackData } from './liqpay.js';
import type { GatewayProvider, LatePayment, RefundGateway } from '../refunds/index.js';
import { RefundRefused } from './refund-errors.js';
import { MonobankPayments } from './monobank.js';
import { PayPalClient, type PayPalOrder } from './paypal-client.js';

/** PayPal takes no hryvnia: it charges dollars, converted at the NBU rate (docs/payments.md). */
export const PAYPAL_CURRENCY = 'USD';

/** LiqPay statuses the shop acts on (docs/payments.md); their currency must be hryvnia. */
const LIQPAY_TRACKED = new Set(['success', 'sandbox', 'reversed', 'wait_accept', 'hold_wait']);

const usdValue = (cents: number) => (cents / 100).toFixed(2);
const orderReference = (order: OrderRow) => `№${order.number}`;

/** A provider's payment this feature verified, with how its money goes back should the order no longer take it. */
export interface ProviderPayment extends VerifiedPayment {
  refund: LatePayment;
}

/** What a provider's payment did: paid the order, nothing (said again), went back (a cancelled order's), or is reported as a second payment. */
export interface PaymentApplied {
  outcome: 'paid' | 'replayed' | 'refunded' | 'flagged' | 'stray';
  /** Whether the order is paid now. */
  paid: boolean;
}

/**
 * Where payments meet orders, refunds and fiscal receipts (src/server/flows/pay-order.ts,
 * docs/decisions/036-flows.md): handed in by app.ts, since a feature never imports the flows above it.
 */
export interface PaymentFlows {
  applyProviderPayment: (ctx: OrdersContext, gateway: RefundGateway, orderId: string, payment: ProviderPayment) => Promise<PaymentApplied>;
}

/**
 * Every way the shop takes money: which methods it can take now, PayPal's create and capture in
 * dollars, LiqPay's signed checkout and callback and monobank's invoices (monobank.ts) in hryvnia.
 * This feature verifies what a provider says; the pay-order flow applies it (`flows`), the one way
 * an order becomes paid online.
 */
export class Payments implements RefundGateway {
  readonly paypal: PayPalClient;
  readonly rates: ExchangeRates;
  /** null when MONOBANK_TOKEN is not set. */
  readonly monobank: MonobankPayments | null;

  constructor(
    private readonly config: Readonly<Config>,
    private readonly flows: PaymentFlows,
  ) {
    this.paypal = new PayPalClient(config.paypal);
    this.rates = new ExchangeRates(config.exchangeRate);
    this.monobank = config.monobank ? new MonobankPayments(config, config.monobank, this, flows) : null;
  }

  /** The methods this shop can take now: providers configured, transfer details filled in. */
  async availableMethods(db: Db): Promise<PaymentMethod[]> {
    const settings = await getSettings(db);
    const can: Record<PaymentMethod, boolean> = {
      monobank: this.monobank !== null,
      liqpay: this.config.liqpay !== null,
      paypal: this.paypal.configured,
      paypal_card: this.paypal.configured,
      card_transfer: acceptsTransfers(settings.transfer),
      cash_on_delivery: true,
    };
    return PAYMENT_METHODS.filter((method) => can[method]);
  }

  async publicConfig(db: Db): Promise<PaymentsConfig> {
    const methods = await this.availableMethods(db);
    return {
      methods,
      paypalClientId: this.paypal.configured ? (this.config.paypal.clientId ?? null) : null,
      usdRate: this.paypal.configured ? await this.rates.usdRateOrNull() : null,
      testMode: this.config.paymentsTestMode,
    };
  }

  /** POST …/paypal (owner or guest link): a PayPal order for the total in dollars at today's NBU rate. */
  async createPayPalOrder(db: Db, payer: Payer): Promise<PayPalCreated> {
    const order = await requirePayableOrder(db, payer);
    this.requirePayPal();
    const rate = await this.rates.usdRate();
    const cents = uahMinorToUsdCents(order.totalMinor, rate);
    if (cents < 1) throw new AppError('PAYMENT_WRONG_AMOUNT');
    const settings = await getSettings(db);
    const orderPage = `${this.config.siteUrl}${orderPagePath(payer, order)}`;
    const created = await this.paypal.createOrder({
      customId: order.id,
      value: usdValue(cents),
      description: `Замовлення ${orderReference(order)}`,
      // Same order, amount and day: a retried click gets the same PayPal order back.
      requestId: `${order.id}-${cents}`,
      experience: { brandName: settings.shop.name, returnUrl: orderPage, cancelUrl: orderPage },
    });
    await recordPayPalOrder(db, order.id, { orderId: created.id, amountCents: cents, rate });
    return { id: created.id, amount: { currency_code: PAYPAL_CURRENCY, value: usdValue(cents) }, rate };
  }

  /**
   * POST …/paypal/capture: captures the PayPal order created for this order, checks it, marks paid.
   * A capture PayPal holds as PENDING marks the order as awaiting PayPal instead; the job in
   * pending-captures.ts asks again until it completes or fails (docs/payments.md).
   */
  async capturePayPalOrder(db: Db, payer: Payer, paypalOrderId: string): Promise<OrderWithItems> {
    const order = await requirePayableOrder(db, payer);
    this.requirePayPal();
    if (order.paypalOrderId !== paypalOrderId) {
      throw new AppError('PAYMENT_OTHER_ORDER');
    }
    const captured = await this.paypal.captureOrder(paypalOrderId);
    const capture = captured.purchase_units[0].payments?.captures?.[0];
    if (capture?.status === 'PENDING') {
      this.checkPayPalOrder(captured, order, { pending: true });
      await markPaymentPending(db, order.id, { status: 'PENDING', paypalCaptureId: capture.id });
      return requireOrder(db, order.id);
    }
    if (capture && (capture.status === 'DECLINED' || capture.status === 'FAILED')) {
      throw new AppError('PAYMENT_DECLINED');
    }
    const verified = this.checkPayPalOrder(captured, order);
    const { outcome } = await this.applyPayment(db, order.id, { ...verified, refund: this.paypalRefund(order, capture?.id ?? captured.id, capture?.id) });
    // Cancelled while PayPal captured: the money went straight back, never kept (docs/payments.md, "Compensation").
    if (outcome === 'refunded' || outcome === 'flagged') throw new AppError('ORDER_CANCELLED_PAYMENT_REFUNDED', { outcome });
    // Paid by another payment meanwhile: the shop is told to give this one back.
    if (outcome === 'stray') throw new AppError('ORDER_ALREADY_PAID');
    return requireOrder(db, order.id);
  }

  /** Hands a verified payment to the pay-order flow, with this feature as the way its money goes back. */
  private applyPayment(db: Db, orderId: string, payment: ProviderPayment): Promise<PaymentApplied> {
    return this.flows.applyProviderPayment({ db, notices: noticeSettingsOf(this.config) }, this, orderId, payment);
  }

  /** A PayPal capture given back whole, in the dollars it was taken in (without its id, the refund looks it up by the PayPal order). */
  private paypalRefund(order: OrderRow, paymentRef: string, captureId: string | undefined): LatePayment {
    return { provider: 'paypal', paymentRef, amountMinor: order.totalMinor, usdCents: order.paypalAmountCents ?? 0, captureId };
  }

  /**
   * Gives money back at the payment's provider (RefundGateway, docs/payments.md "Refunds"): LiqPay's
   * signed `refund` request or monobank's invoice/cancel in hryvnia, or a refund of the PayPal capture in dollars.
   */
  async refund(
    order: OrderRow,
    provider: GatewayProvider,
    refund: { key: string; amountMinor: number; usdCents: number; note: string; captureId?: string },
  ): Promise<{ refundId: string }> {
    if (provider === 'monobank') {
      if (!this.monobank) throw new AppError('MONOBANK_NOT_CONFIGURED', undefined, { status: 409 });
      return this.monobank.refund(order, refund);
    }
    if (provider === 'liqpay') {
      const liqpay = this.config.liqpay;
      if (!liqpay) throw new AppError('LIQPAY_NOT_CONFIGURED', undefined, { status: 409 });
      return liqpayRefund(liqpay, { orderId: order.id, amount: fromMinor(refund.amountMinor), key: refund.key });
    }
    this.requirePayPal();
    if (refund.usdCents < 1) throw new RefundRefused('PayPal', 'сума менша за один цент');
    const paypalOrderId = order.paypalOrderId ?? order.paymentId?.replace(/^paypal:/, '') ?? null;
    const captureId = refund.captureId ?? order.paypalCaptureId ?? (paypalOrderId ? await this.paypal.captureIdOf(paypalOrderId) : null);
    if (!captureId) throw new RefundRefused('PayPal', 'платіж не знайдено');
    const done = await this.paypal.refundCapture(captureId, { value: usdValue(refund.usdCents), requestId: `refund-${refund.key}`, note: refund.note });
    return { refundId: done.refundId };
  }

  /**
   * The job's step for one order whose PayPal capture is PENDING: GET /v2/payments/captures/{id};
   * COMPLETED (in dollars, the amount asked) pays the order, DECLINED or FAILED leaves it unpaid and
   * tells the shop, anything else waits for the next round. Returns what happened.
   */
  async recheckPayPalCapture(db: Db, orderId: string): Promise<'paid' | 'failed' | 'waiting'> {
    const ctx = { db, notices: noticeSettingsOf(this.config) };
    const order = await findOrderRow(db, orderId);
    if (!order?.paypalCaptureId || order.paymentPendingStatus === null) return 'waiting';
    if (order.status !== 'pending' && order.status !== 'cancelled') return 'waiting';
    const capture = await this.paypal.getCapture(order.paypalCaptureId);
    if (capture.status === 'COMPLETED') {
      const amount = capture.amount;
      const cents = amount && /^\d+(\.\d{1,2})?$/.test(amount.value) ? toMinor(Number(amount.value)) : NaN;
      const asked = amount?.currency_code === PAYPAL_CURRENCY && cents === order.paypalAmountCents && (!capture.custom_id || capture.custom_id === order.id);
      // A cancelled order's capture goes back whatever it says (docs/payments.md, "Compensation"): the flow refunds it.
      if (!asked && order.status === 'pending') {
        await clearPaymentPending(ctx, order.id, `COMPLETED, ${amount?.value ?? '?'} ${amount?.currency_code ?? ''}`.trim());
        return 'failed';
      }
      const paypalOrderId = order.paypalOrderId ?? capture.id;
      const { outcome } = await this.applyPayment(db, order.id, {
        paymentId: `paypal:${paypalOrderId}`,
        paymentResult: { id: paypalOrderId, status: 'COMPLETED', update_time: new Date().toISOString(), email_address: '' },
        refund: this.paypalRefund(order, capture.id, capture.id),
      });
      return outcome === 'paid' ? 'paid' : outcome === 'replayed' ? 'waiting' : 'failed';
    }
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      await clearPaymentPending(ctx, order.id, capture.status);
      return order.status === 'cancelled' ? 'waiting' : 'failed';
    }
    return 'waiting';
  }

  /** PUT /api/orders/{id}/pay with a PayPal id (older clients): the same checks, without capturing. */
  verifyPayPal = async (paypalOrderId: string, order: OrderRow): Promise<VerifiedPayment> => {
    this.requirePayPal();
    return this.checkPayPalOrder(await this.paypal.getOrder(paypalOrderId), order);
  };

  /**
   * PayPal's word about an order, not the browser's: completed, in dollars, exactly the amount we
   * created it for, and for this very order.
   */
  private checkPayPalOrder(remote: PayPalOrder, order: OrderRow, options: { pending?: boolean } = {}): VerifiedPayment {
    const unit = remote.purchase_units[0];
    const capture = unit.payments?.captures?.[0];
    const captureDone = capture?.status === 'COMPLETED' || (options.pending === true && capture?.status === 'PENDING');
    if (remote.status !== 'COMPLETED' || (capture && !captureDone)) {
      throw new AppError('PAYMENT_NOT_COMPLETED');
    }
    const amount = capture?.amount ?? unit.amount;
    if (!amount) throw new AppError('PAYMENT_WRONG_AMOUNT');
    if (amount.currency_code !== PAYPAL_CURRENCY) {
      throw new AppError('PAYMENT_WRONG_CURRENCY', {
        expected: PAYPAL_CURRENCY,
        got: amount.currency_code,
      });
    }
    const customId = capture?.custom_id ?? unit.custom_id;
    if (customId && customId !== order.id) throw new AppError('PAYMENT_OTHER_ORDER');
    if (order.paypalAmountCents === null) {
      throw new AppError('PAYPAL_NOT_CREATED');
    }
    const paidCents = /^\d+(\.\d{1,2})?$/.test(amount.value) ? toMinor(Number(amount.value)) : NaN;
    if (paidCents !== order.paypalAmountCents) {
      throw new AppError('PAYMENT_WRONG_AMOUNT');
    }
    return {
      paymentId: `paypal:${remote.id}`,
      paymentResult: {
        id: remote.id,
        status: remote.status,
        update_time: remote.update_time ?? new Date().toISOString(),
        email_address: remote.payer?.email_address ?? '',
      },
    };
  }

  private requirePayPal() {
    if (!this.paypal.configured) throw new AppError('PAYPAL_NOT_CONFIGURED');
  }

  /** monobank's side of the shop, or 400 (404 for monobank's own webhook) when it is not set up. */
  requireMonobank(status: 400 | 404 = 400): MonobankPayments {
    if (this.monobank) return this.monobank;
    throw new AppError('MONOBANK_NOT_CONFIGURED', undefined, { status });
  }

  /**
   * POST …/liqpay: the signed form for LiqPay's checkout, for the total in hryvnia. LiqPay returns
   * the shopper to the page they paid from (a guest to the order's secret link) and calls back at
   * the shop's public address, SITE_URL: never one a request's Host header could forge.
   */
  async liqpayCheckout(db: Db, payer: Payer, siteUrl: string): Promise<LiqPayCheckout> {
    const order = await requirePayableOrder(db, payer);
    const liqpay = this.config.liqpay;
    if (!liqpay) throw new AppError('LIQPAY_NOT_CONFIGURED');
    const settings = await getSettings(db);
    const signed = liqpayCheckout(liqpay, {
      orderId: order.id,
      amount: fromMinor(order.totalMinor),
      description: `${settings.shop.name}: замовлення ${orderReference(order)}`,
      // Back on the order page, which then asks the server to check with LiqPay (liqpayRecheck).
      resultUrl: `${siteUrl}${orderPagePath(payer, order)}?liqpay=return`,
      serverUrl: `${siteUrl}/api/payments/liqpay/callback`,
    });
    return { ...signed, checkoutUrl: liqpay.checkoutUrl };
  }

  /**
   * LiqPay's server callback: a valid signature, a final success, hryvnia, the exact total of a
   * known order. Anything else changes nothing. Returns whether the order is paid now.
   */
  async liqpayCallback(db: Db, body: { data: string; signature: string }): Promise<{ paid: boolean }> {
    const liqpay = this.config.liqpay;
    if (!liqpay) throw new AppError('LIQPAY_NOT_CONFIGURED', undefined, { status: 404 });
    return this.applyLiqPay(db, verifyLiqPayCallback(liqpay.privateKey, body));
  }

  /**
   * POST …/liqpay/status: the shopper is back from LiqPay's page, perhaps before its callback. The
   * server asks LiqPay for the payment's status (its signed `status` action) and applies the answer
   * as the callback would. An order no longer pending, or nothing paid yet, is answered as it is.
   */
  async liqpayRecheck(db: Db, payer: Payer): Promise<OrderWithItems> {
    const order = await requirePayerOrder(db, payer);
    const liqpay = this.config.liqpay;
    if (!liqpay) throw new AppError('LIQPAY_NOT_CONFIGURED');
    if (order.status === 'pending' && order.paymentMethodId === 'liqpay') {
      const data = await liqpayStatus(liqpay, order.id);
      if (data) await this.applyLiqPay(db, data);
    }
    return requireOrder(db, order.id);
  }

  /** One status of an order's LiqPay payment, from the signed callback or the status request. */
  private async applyLiqPay(db: Db, data: LiqPayCallbackData): Promise<{ paid: boolean }> {
    const liqpay = this.config.liqpay!;
    if (data.public_key !== undefined && data.public_key !== liqpay.publicKey) {
      throw new AppError('LIQPAY_BAD_DATA');
    }
    const order = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(data.order_id) ? await findOrderRow(db, data.order_id) : null;
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    const ctx = { db, notices: noticeSettingsOf(this.config) };
    const paymentRef = String(data.payment_id ?? data.transaction_id ?? order.id);
    if (data.currency !== CURRENCY && LIQPAY_TRACKED.has(data.status)) {
      throw new AppError('PAYMENT_WRONG_CURRENCY', { expected: CURRENCY, got: data.currency });
    }
    // `reversed`: LiqPay returned the money. Recorded and told to the shop; status and stock stay the admin's call.
    if (data.status === 'reversed') {
      const amountMinor = toMinor(data.refund_amount ?? data.amount);
      if (!(amountMinor > 0) || amountMinor > order.totalMinor) throw new AppError('PAYMENT_WRONG_AMOUNT');
      await recordRefund(ctx, order.id, { amountMinor, refundId: `liqpay:${paymentRef}` });
      return { paid: isPaid(order) };
    }
    const succeeded = data.status === 'success' || (this.config.paymentsTestMode && data.status === 'sandbox');
    const awaiting = data.status === 'wait_accept' || data.status === 'hold_wait';
    // Failures and payments still in progress are reported too; they pay nothing.
    if (!succeeded && !awaiting) return { paid: isPaid(order) };
    if (toMinor(data.amount) !== order.totalMinor) {
      throw new AppError('PAYMENT_WRONG_AMOUNT');
    }
    // The shopper's money is taken (wait_accept) or held (hold_wait): not paid yet, but never expired.
    if (awaiting) {
      await markPaymentPending(db, order.id, { status: data.status });
      return { paid: false };
    }
    // Paid once; a replay changes nothing; a cancelled order's money goes back (docs/payments.md, "Compensation").
    const { paid } = await this.applyPayment(db, order.id, {
      paymentId: `liqpay:${paymentRef}`,
      paymentResult: { id: paymentRef, status: data.status, update_time: new Date(data.end_date ?? Date.now()).toISOString(), email_address: '' },
      refund: { provider: 'liqpay', paymentRef, amountMinor: order.totalMinor, usdCents: 0 },
    });
    return { paid };
  }
}
