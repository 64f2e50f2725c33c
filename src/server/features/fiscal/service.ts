import type { AdminFiscalReceipt, FiscalReceipt } from '../../../shared/fiscal.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import type { FiscalReceiptRow, OrderRow } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { ReceiptBody } from './checkbox-client.js';
import { receiptIdFor, returnReceiptBody, sellReceiptBody } from './receipt-body.js';
import { findOrderItems, findShopperEmail, lockOrder } from '../orders/index.js';
import { findReceiptsOfOrder, insertReceipt } from './repository.js';

/**
 * Owing receipts (docs/fiscal.md): a row written in the transaction of the payment or refund that
 * causes it, so a rolled-back payment owes nothing and a committed one is never lost. The worker
 * issues them later; Checkbox being down never touches the payment.
 */

/** A payment that took no real money (test mode, LiqPay's sandbox) gets no fiscal receipt. */
function isTestPayment(order: OrderRow): boolean {
  const result = order.paymentResult as { status?: unknown } | null;
  return Boolean(order.paymentId?.startsWith('test:')) || result?.status === 'sandbox';
}

/**
 * The order has just become paid (in `tx`): owe a sale receipt for the whole order. The payment's
 * id keys it, so the same payment never owes two; an offline payment (transfer confirmed by the
 * admin, cash on delivery) is keyed by its method.
 */
export async function queueSellReceipt(tx: Tx, order: OrderRow): Promise<void> {
  if (isTestPayment(order)) return;
  const paymentKey = order.paymentId ?? `offline:${order.paymentMethodId}`;
  const { body, totalMinor } = sellReceiptBody(order, await findOrderItems(tx, order.id), await findShopperEmail(tx, order));
  await insertReceipt(tx, {
    orderId: order.id,
    kind: 'sell',
    paymentKey,
    checkboxReceiptId: receiptIdFor(`${order.id}:sell:${paymentKey}`),
    body,
    totalMinor,
  });
}

export interface ReturnLine {
  /** The order line's id (`orderItems[].id`). */
  orderItemId: string;
  /** Whole pieces, at most what was sold less what earlier returns took back. */
  qty: number;
}

/**
 * Owes a return receipt (`is_return` goods) for refunded lines, in the caller's transaction: the
 * refund that causes it. `refundKey` names the refund, so retrying it owes nothing more; without one
 * the lines themselves are the key (the same lines twice are one return). The order must have been
 * sold through a receipt, and no line goes back more times than it was sold.
 */
export async function issueReturnReceipt(tx: Tx, orderId: string, lines: ReturnLine[], refundKey?: string): Promise<FiscalReceipt> {
  if (lines.length === 0 || lines.some((line) => !Number.isInteger(line.qty) || line.qty < 1)) {
    throw new AppError('RETURN_LINES_INVALID');
  }
  // The order row's lock keeps two refunds of one order from both taking the last pieces back.
  const order = await lockOrder(tx, orderId);
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const receipts = await findReceiptsOfOrder(tx, orderId);
  if (!receipts.some((receipt) => receipt.kind === 'sell' && receipt.state !== 'failed')) {
    throw new AppError('RECEIPT_NOT_SOLD');
  }
  const items = new Map((await findOrderItems(tx, orderId)).map((item) => [item.id, item]));
  const wanted = new Map<string, number>();
  for (const line of lines) {
    if (!items.has(line.orderItemId)) throw new AppError('RETURN_LINES_INVALID');
    wanted.set(line.orderItemId, (wanted.get(line.orderItemId) ?? 0) + line.qty);
  }
  const key =
    refundKey ??
    `lines:${[...wanted]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([id, qty]) => `${id}x${qty}`)
      .join(',')}`;
  const already = receipts.find((receipt) => receipt.kind === 'return' && receipt.paymentKey === key);
  if (already) return receiptJson(already);

  const returned = returnedQuantities(receipts);
  const chosen = [...wanted].map(([id, qty]) => ({ item: items.get(id)!, qty, taken: returned.get(id) ?? 0 }));
  for (const { item, qty } of chosen) {
    if (qty + (returned.get(item.id) ?? 0) > item.qty) {
      throw new AppError('RETURN_TOO_MANY', { product: item.name });
    }
  }
  const { body, totalMinor } = returnReceiptBody(chosen, await findShopperEmail(tx, order), order.promoCode);
  const receipt = {
    orderId,
    kind: 'return' as const,
    paymentKey: key,
    checkboxReceiptId: receiptIdFor(`${orderId}:return:${key}`),
    body: { ...body, lines: [...wanted] },
    totalMinor,
  };
  await insertReceipt(tx, receipt);
  return { kind: 'return', state: 'pending', fiscalCode: null, url: null };
}

/** Pieces of each order line that earlier return receipts (not failed ones) took back. */
function returnedQuantities(receipts: FiscalReceiptRow[]): Map<string, number> {
  const returned = new Map<string, number>();
  for (const receipt of receipts) {
    if (receipt.kind !== 'return' || receipt.state === 'failed') continue;
    for (const [id, qty] of (receipt.body as { lines?: [string, number][] }).lines ?? []) returned.set(id, (returned.get(id) ?? 0) + qty);
  }
  return returned;
}

/** The part of a stored body that goes to Checkbox (our own bookkeeping stays home). */
export function checkboxBodyOf(row: FiscalReceiptRow): ReceiptBody {
  const { goods, payments, delivery } = row.body as ReceiptBody;
  return { goods, payments, ...(delivery ? { delivery } : {}) };
}

export const receiptJson = (row: FiscalReceiptRow): FiscalReceipt => ({
  kind: row.kind,
  state: row.state,
  fiscalCode: row.fiscalCode,
  url: row.publicUrl,
});

export const adminReceiptJson = (row: FiscalReceiptRow): AdminFiscalReceipt => ({
  ...receiptJson(row),
  id: row.id,
  checkboxReceiptId: row.checkboxReceiptId,
  total: fromMinor(row.totalMinor),
  attempts: row.attempts,
  nextAttemptAt: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
  lastError: row.lastError,
  issuedAt: row.issuedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});
