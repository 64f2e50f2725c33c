import { isPaid, type MonobankInvoice } from '../../../shared/orders.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { MonobankInvoiceRow, OrderItemRow, OrderRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { noticeSettingsOf } from '../notifications/index.js';
import {
  type OrderWithItems,
  findOrderRow,
  orderPagePath,
  recordRefund,
  requireOrder,
  requirePayableOrder,
  requirePayerOrder,
  type Payer,
} from '../orders/index.js';
import { getSettings } from '../settings/index.js';
import type { RefundGateway } from '../refunds/index.js';
import { RefundRefused } from './refund-errors.js';
import { MONOBANK_UAH, MonobankClient, MonobankInvoiceStatusSchema, type MonobankBasketLine, type MonobankInvoiceStatus } from './monobank-client.js';
import { findInvoice, findLatestInvoiceOfOrder, insertInvoice, saveInvoiceStatusIfNewer } from './monobank-repository.js';
import type { PaymentFlows } from './service.js';

/** monobank's default and longest sensible validity: a day. */
const INVOICE_VALIDITY_S = 24 * 60 * 60;
/** An invoice this close to its end is not handed out again: the shopper needs time to pay. */
const REUSE_MARGIN_MS = 10 * 60_000;
/** Statuses of an invoice that can still be paid. */
const PAYABLE = new Set(['created', 'processing']);
/** Where monobank sends the shopper back to: the order page, which then asks monobank itself. */
export const MONOBANK_RETURN_PARAM = 'monobank';

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * monobank acquiring (docs/payments.md): an invoice per order in hryvnia, the shopper pays on
 * monobank's page; its signed webhook, or the order page asking invoice/status on the shopper's
 * return, pays the order. Only the newest status of an invoice counts.
 */
export class MonobankPayments {
  readonly client: MonobankClient;

  constructor(
    private readonly config: Readonly<Config>,
    settings: { token: string; apiUrl: string },
    /** Gives money back, for a payment that reached a cancelled order. */
    private readonly gateway: RefundGateway,
    /** Applies a verified payment to its order (src/server/flows/pay-order.ts). */
    private readonly flows: PaymentFlows,
  ) {
    this.client = new MonobankClient(settings);
  }

  /**
   * POST …/monobank: the order's still-valid invoice, or a new one for its total with its basket.
   * monobank returns the shopper to the order page and calls the webhook at the shop's public
   * address, SITE_URL: never one a request's Host header could forge.
   */
  async invoiceFor(db: Db, payer: Payer): Promise<MonobankInvoice> {
    const order = await requirePayableOrder(db, payer);
    const latest = await findLatestInvoiceOfOrder(db, order.id);
    if (latest && reusable(latest, order)) return { invoiceId: latest.invoiceId, pageUrl: latest.pageUrl };

    const { order: full, items } = await requireOrder(db, order.id);
    const settings = await getSettings(db);
    const now = Date.now();
    // Not payable past the order's own expiry (docs/orders.md): no money for a cancelled order.
    const orderEndsAt = full.createdAt.getTime() + this.config.unpaidOrderTtlMs;
    const validity = Math.max(60, Math.min(INVOICE_VALIDITY_S, Math.floor((orderEndsAt - now) / 1000)));
    const created = await this.client.createInvoice({
      amount: full.totalMinor,
      ccy: MONOBANK_UAH,
      merchantPaymInfo: {
        reference: full.id,
        destination: `${settings.shop.name}: оплата замовлення №${full.number}`,
        basketOrder: basketOf(full, items),
      },
      redirectUrl: `${this.config.siteUrl}${orderPagePath(payer, full)}?${MONOBANK_RETURN_PARAM}=return`,
      webHookUrl: `${this.config.siteUrl}/api/payments/monobank/webhook`,
      validity,
      paymentType: 'debit',
    });
    await insertInvoice(db, {
      invoiceId: created.invoiceId,
      orderId: full.id,
      amountMinor: full.totalMinor,
      pageUrl: created.pageUrl,
      expiresAt: new Date(now + validity * 1000),
    });
    return created;
  }

  /**
   * POST …/monobank/status: the shopper is back from monobank's page, perhaps before the webhook.
   * The order's newest invoice is read from monobank (invoice/status, with the shop's token) and
   * applied as a webhook would be. A paid order, or one without an invoice, is answered as it is.
   */
  async recheck(db: Db, payer: Payer): Promise<OrderWithItems> {
    const order = await requirePayerOrder(db, payer);
    const latest = await findLatestInvoiceOfOrder(db, order.id);
    if (order.status === 'pending' && latest && latest.status !== 'success') {
      await this.apply(db, await this.client.invoiceStatus(latest.invoiceId));
    }
    return requireOrder(db, order.id);
  }

  /**
   * POST /api/payments/monobank/webhook: `X-Sign` must be monobank's ECDSA signature of the raw
   * body; a forged or unsigned call is a 400 and changes nothing. The cached public key is fetched
   * again only for a call naming one of our invoices, so forged noise cannot make the shop hammer
   * monobank's pubkey endpoint.
   */
  async webhook(db: Db, rawBody: Buffer, signature: string | undefined): Promise<{ paid: boolean }> {
    const badSignature = () => new AppError('MONOBANK_BAD_SIGNATURE');
    if (!signature) throw badSignature();
    const parsed = MonobankInvoiceStatusSchema.safeParse(safeJson(rawBody));
    const known = parsed.success ? (await findInvoice(db, parsed.data.invoiceId)) !== null : false;
    if (!(await this.client.verifyWebhook(rawBody, signature, known))) throw badSignature();
    if (!parsed.success) throw new AppError('MONOBANK_BAD_DATA');
    return this.apply(db, parsed.data);
  }

  /**
   * One status of one invoice, from the webhook or invoice/status. Our invoice for a known order,
   * in hryvnia, for exactly the amount it was created for; then only a status newer than the one
   * kept acts: `success` pays the order once, `reversed` records the refund.
   */
  private async apply(db: Db, remote: MonobankInvoiceStatus): Promise<{ paid: boolean }> {
    const invoice = await findInvoice(db, remote.invoiceId);
    if (!invoice) throw new AppError('MONOBANK_UNKNOWN_INVOICE');
    // `reference` is the order's id (set when the invoice was created): another one is not ours.
    if (remote.reference === undefined || !isUuid(remote.reference) || remote.reference !== invoice.orderId) {
      throw new AppError('ORDER_NOT_FOUND');
    }
    const order = await findOrderRow(db, invoice.orderId);
    if (!order) throw new AppError('ORDER_NOT_FOUND');
    if (remote.ccy !== MONOBANK_UAH) {
      throw new AppError('PAYMENT_WRONG_CURRENCY', {
        expected: 'UAH',
        got: String(remote.ccy),
      });
    }
    if (remote.amount !== invoice.amountMinor || invoice.amountMinor !== order.totalMinor) {
      throw new AppError('PAYMENT_WRONG_AMOUNT');
    }
    const modifiedAt = new Date(remote.modifiedDate);
    if (Number.isNaN(modifiedAt.getTime())) throw new AppError('MONOBANK_BAD_DATA');
    // A replay, or a status older than the one kept (webhooks may arrive out of order): nothing changes.
    // The status is kept only after it acted, so a failure midway lets monobank's retry act again.
    if (invoice.modifiedAt && modifiedAt.getTime() <= invoice.modifiedAt.getTime()) return { paid: isPaid(order) };

    const ctx = { db, notices: noticeSettingsOf(this.config) };
    let paid = isPaid(order);
    if (remote.status === 'success') {
      if (remote.finalAmount !== undefined && remote.finalAmount !== remote.amount) {
        throw new AppError('PAYMENT_WRONG_AMOUNT');
      }
      // Paid once; a cancelled order's money goes back at once, a second invoice's is reported (docs/payments.md, "Compensation").
      ({ paid } = await this.flows.applyProviderPayment(ctx, this.gateway, order.id, {
        paymentId: `monobank:${remote.invoiceId}`,
        paymentResult: { id: remote.invoiceId, status: remote.status, update_time: modifiedAt.toISOString(), email_address: '' },
        refund: { provider: 'monobank', paymentRef: remote.invoiceId, amountMinor: remote.amount, usdCents: 0, captureId: remote.invoiceId },
      }));
    } else if (remote.status === 'reversed') {
      // monobank returned the money: recorded and told to the shop; status and stock stay the admin's call.
      const refundMinor = remote.amount - (remote.finalAmount ?? 0);
      if (refundMinor > 0 && refundMinor <= order.totalMinor) {
        await recordRefund(ctx, order.id, { amountMinor: refundMinor, refundId: `monobank:${remote.invoiceId}` });
      }
    }
    await saveInvoiceStatusIfNewer(db, invoice.invoiceId, remote.status, modifiedAt);
    return { paid };
  }

  /**
   * Gives `amountMinor` of the order's monobank payment back through invoice/cancel (RefundGateway):
   * the invoice that paid the order (`paymentId`), or the one named (`captureId`: a cancelled
   * order's late payment). `extRef` is the refund's own id, so monobank refunds it once.
   */
  async refund(order: OrderRow, refund: { key: string; amountMinor: number; captureId?: string }): Promise<{ refundId: string }> {
    const invoiceId = refund.captureId ?? (order.paymentId?.startsWith('monobank:') ? order.paymentId.slice('monobank:'.length) : null);
    if (!invoiceId) throw new RefundRefused('monobank', 'оплату не знайдено');
    await this.client.cancelInvoice({ invoiceId, extRef: refund.key, amount: refund.amountMinor });
    return { refundId: `${invoiceId}:${refund.key}` };
  }
}

function reusable(invoice: MonobankInvoiceRow, order: OrderRow): boolean {
  return PAYABLE.has(invoice.status) && invoice.amountMinor === order.totalMinor && invoice.expiresAt.getTime() - Date.now() > REUSE_MARGIN_MS;
}

/**
 * The invoice's basket, as monobank shows it and passes it to its fiscal link: each line at the
 * price paid per unit (kopiykas); delivery and tax, when the order carries them, as lines of their
 * own, so the basket adds up to the amount (docs/fiscal.md does the same for receipts).
 */
export function basketOf(order: OrderRow, items: OrderItemRow[]): MonobankBasketLine[] {
  const lines: MonobankBasketLine[] = items.map((item) => ({
    name: item.label ? `${item.name}, ${item.label}` : item.name,
    qty: item.qty,
    sum: item.priceMinor,
    code: item.sku || item.productId || item.id,
    unit: 'шт.',
  }));
  if (order.shippingMinor > 0) lines.push({ name: 'Доставка', qty: 1, sum: order.shippingMinor, code: 'delivery' });
  if (order.taxMinor > 0) lines.push({ name: 'Податок', qty: 1, sum: order.taxMinor, code: 'tax' });
  return lines;
}

function safeJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}
