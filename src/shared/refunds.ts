import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';
import { msg } from './schema-messages.js';

/**
 * Refunds (docs/orders.md, "Refunds"): the request the admin sends, the record the order shows, and
 * the one rule for what a refund may take back, used by the server and by the admin's dialog alike.
 */

export const RefundLineSchema = z.object({
  /** The order line (`orderItems[].id`). */
  item: z.uuid(),
  qty: z
    .number({ error: msg('qtyNotInteger') })
    .int(msg('qtyNotInteger'))
    .min(1, msg('qtyMin'))
    .max(10_000, msg('qtyMax', { max: 10_000 })),
});
export type RefundLine = z.infer<typeof RefundLineSchema>;

/** PUT /api/orders/{id}/refund (admin). For a transfer or cash on delivery the reason is the admin's note of how the money went back. */
export const RefundRequestSchema = z.object({
  lines: z
    .array(RefundLineSchema, { error: msg('refundLinesRequired') })
    .min(1, msg('refundLinesRequired'))
    .max(100),
  reason: z
    .string({ error: msg('refundReasonRequired') })
    .trim()
    .min(1, msg('refundReasonRequired'))
    .max(500, msg('maxChars', { max: 500 })),
});
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const REFUND_PROVIDERS = ['liqpay', 'paypal', 'monobank', 'manual', 'test'] as const;
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One refund as the order shows it; hryvnia with 2 decimals. */
export const OrderRefundSchema = z.object({
  id: RecordIdSchema,
  lines: z.array(z.object({ item: z.string(), qty: z.number() })),
  amount: z.number(),
  provider: z.enum(REFUND_PROVIDERS),
  status: z.enum(REFUND_STATUSES),
  reason: z.string(),
  createdAt: z.string(),
});
export type OrderRefund = z.infer<typeof OrderRefundSchema>;

export interface RefundableLine {
  id: string;
  qty: number;
  /** The price of one piece before a promo code, kopiykas. */
  priceMinor: number;
  /** The line's share of the order's promo discount, kopiykas (docs/promo-codes.md); 0 or unset when none. */
  discountMinor?: number;
}

/**
 * What `pieces` more of a line cost the shopper after its promo share, when `taken` pieces went back
 * before: counted on the running total, so the pieces of a line, in any batches, give back exactly
 * what the line cost and never a kopiyka more.
 */
export function paidForPiecesMinor(line: RefundableLine, taken: number, pieces: number): number {
  const paidFor = (n: number) => line.priceMinor * n - Math.floor(((line.discountMinor ?? 0) * n) / line.qty);
  return paidFor(taken + pieces) - paidFor(taken);
}

/** An earlier refund that still counts: succeeded, or under way (pending). */
export interface CountedRefund {
  lines: readonly RefundLine[];
  amountMinor: number;
}

export type RefundPlan =
  | { ok: true; amountMinor: number; complete: boolean }
  | { ok: false; code: 'REFUND_LINE_UNKNOWN' | 'REFUND_TOO_MANY' | 'REFUND_EXCEEDS_PAID' | 'ORDER_ALREADY_REFUNDED'; item?: string };

/** Pieces of each line that refunds took back already. */
export function refundedPieces(earlier: readonly CountedRefund[]): Map<string, number> {
  const taken = new Map<string, number>();
  for (const refund of earlier) for (const line of refund.lines) taken.set(line.item, (taken.get(line.item) ?? 0) + line.qty);
  return taken;
}

/**
 * What refunding `wanted` gives back, in kopiykas: the lines' prices times the pieces, less their
 * share of a promo discount (paidForPiecesMinor). Never more
 * pieces of a line than were sold less earlier refunds, never more money than was paid less earlier
 * refunds. The refund that takes back the last pieces gives back all that is left of the payment
 * (delivery included), so a full refund returns exactly what was paid.
 */
export function planRefund(items: readonly RefundableLine[], earlier: readonly CountedRefund[], paidMinor: number, wanted: readonly RefundLine[]): RefundPlan {
  const alreadyMinor = earlier.reduce((sum, refund) => sum + refund.amountMinor, 0);
  const leftMinor = paidMinor - alreadyMinor;
  if (leftMinor <= 0) return { ok: false, code: 'ORDER_ALREADY_REFUNDED' };
  const byId = new Map(items.map((item) => [item.id, item]));
  const taken = refundedPieces(earlier);
  const asked = new Map<string, number>();
  for (const line of wanted) {
    if (!byId.has(line.item)) return { ok: false, code: 'REFUND_LINE_UNKNOWN', item: line.item };
    asked.set(line.item, (asked.get(line.item) ?? 0) + line.qty);
  }
  let linesMinor = 0;
  for (const [id, qty] of asked) {
    const item = byId.get(id)!;
    if (qty + (taken.get(id) ?? 0) > item.qty) return { ok: false, code: 'REFUND_TOO_MANY', item: id };
    linesMinor += paidForPiecesMinor(item, taken.get(id) ?? 0, qty);
  }
  const complete = items.every((item) => (taken.get(item.id) ?? 0) + (asked.get(item.id) ?? 0) >= item.qty);
  if (complete) return { ok: true, amountMinor: leftMinor, complete };
  if (linesMinor > leftMinor) return { ok: false, code: 'REFUND_EXCEEDS_PAID' };
  if (linesMinor <= 0) return { ok: false, code: 'REFUND_EXCEEDS_PAID' };
  return { ok: true, amountMinor: linesMinor, complete };
}
