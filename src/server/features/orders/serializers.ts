import { normalizeLineOptions } from '../../../shared/line-options.js';
import { isDelivered, isPaid } from '../../../shared/order-status.js';
import { CURRENCY, fromMinor } from '../../../shared/pricing.js';
import type { Order, OrderSummary, PaymentResult } from '../../../shared/orders.js';
import { toOrderWire, type OrderSummaryWire, type OrderWire } from '../../../shared/wire/orders.js';
import type { OrderWithItems, OrderWithUser } from './repository.js';

/**
 * The order as the API shows it: its true fields, and the original ones older clients read added
 * at the edge (src/shared/wire/orders.ts, docs/orders.md).
 */
export const orderSummaryJson = (record: OrderWithUser): OrderSummaryWire => toOrderWire(orderSummaryOf(record));
export const orderJson = (record: OrderWithItems): OrderWire => toOrderWire(orderOf(record));

function orderSummaryOf({ order, user }: OrderWithUser): OrderSummary {
  return {
    id: order.id,
    number: order.number,
    status: order.status,
    user: user ? { id: user.id, name: user.name, email: user.email } : null,
    shipping: {
      recipientName: order.recipientName,
      phoneNumber: order.recipientPhone,
      city: order.cityName,
      postalCode: order.postalCode,
      branch: order.branchDescription,
      settlementRef: order.settlementRef,
      branchRef: order.warehouseRef,
      delivery: order.deliveryKind,
      street: order.streetName,
      house: order.house,
      flat: order.flat,
    },
    shippingEstimate: order.shippingEstimateMinor !== null ? { cost: fromMinor(order.shippingEstimateMinor), date: order.shippingEstimateDate } : null,
    comment: order.comment,
    guestEmail: order.guestEmail,
    // Only a guest's order is reached by a secret link.
    guest: order.accessTokenHash !== null,
    paymentMethodId: order.paymentMethodId,
    currency: CURRENCY,
    itemsPrice: fromMinor(order.itemsMinor),
    shippingPrice: fromMinor(order.shippingMinor),
    shippingByCarrier: order.shippingByCarrier,
    taxPrice: fromMinor(order.taxMinor),
    promoCode: order.promoCode,
    discountPrice: fromMinor(order.discountMinor),
    totalPrice: fromMinor(order.totalMinor),
    isPaid: isPaid(order),
    paidAt: order.paidAt?.toISOString() ?? null,
    isDelivered: isDelivered(order),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    shippedAt: order.shippedAt?.toISOString() ?? null,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    confirmedAt: order.confirmedAt?.toISOString() ?? null,
    trackingNumber: order.trackingNumber,
    tracking: order.trackingStatus && order.trackingCheckedAt ? { status: order.trackingStatus, updatedAt: order.trackingCheckedAt.toISOString() } : null,
    offerVersion: order.offerVersion,
    paymentPending:
      order.paymentPendingStatus && order.paymentPendingSince ? { status: order.paymentPendingStatus, since: order.paymentPendingSince.toISOString() } : null,
    refund:
      order.refundMinor !== null && order.refundedAt
        ? { amount: fromMinor(order.refundMinor), refundedAt: order.refundedAt.toISOString(), id: order.refundId }
        : null,
    returnedAt: order.returnedAt?.toISOString() ?? null,
    parcelRefused: order.parcelRefusedAt ? { status: order.parcelRefusedStatus ?? '', at: order.parcelRefusedAt.toISOString() } : null,
    paymentAttention: order.paymentAttention,
    locale: order.locale,
    createdAt: order.createdAt.toISOString(),
  };
}

function orderOf(record: OrderWithItems): Order {
  return {
    ...orderSummaryOf(record),
    paymentResult: (record.order.paymentResult as PaymentResult | null) ?? null,
    orderItems: record.items.map((item) => ({
      id: item.id,
      name: item.name,
      qty: item.qty,
      image: item.image,
      price: fromMinor(item.priceMinor),
      product: item.productId,
      variant: item.variantId,
      sku: item.sku,
      label: item.label,
      weight: item.weight,
      options: normalizeLineOptions(item.options),
      promoDiscount: fromMinor(item.discountMinor),
    })),
    receipts: record.receipts ?? [],
    refunds: (record.refunds ?? []).map((refund) => ({
      id: refund.id,
      lines: refund.lines,
      amount: fromMinor(refund.amountMinor),
      provider: refund.provider,
      status: refund.status,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}
