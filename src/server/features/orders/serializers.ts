import { normalizeLineOptions } from '../../../shared/line-options.js';
import { CURRENCY, fromMinor } from '../../../shared/pricing.js';
import type { Order, OrderSummary, PaymentResult } from '../../../shared/orders.js';
import type { OrderWithItems, OrderWithUser } from './repository.js';

/**
 * The order as the API shows it. The JSON keeps the original field names (docs/orders.md:
 * `shippingAddress.address` is the recipient's name, `country` the Nova Poshta branch) while the
 * server and the database call them what they are.
 */
export function orderSummaryJson({ order, user }: OrderWithUser): OrderSummary {
  return {
    _id: order.id,
    number: order.number,
    status: order.status,
    user: user ? { _id: user.id, name: user.name, email: user.email } : null,
    shippingAddress: {
      address: order.recipientName,
      city: order.cityName,
      postalCode: order.postalCode,
      country: order.branchDescription,
      phoneNumber: order.recipientPhone,
      settlementRef: order.settlementRef,
      warehouseRef: order.warehouseRef,
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
    paymentMethod: order.paymentMethod,
    currency: CURRENCY,
    itemsPrice: fromMinor(order.itemsMinor),
    shippingPrice: fromMinor(order.shippingMinor),
    shippingByCarrier: order.shippingByCarrier,
    taxPrice: fromMinor(order.taxMinor),
    promoCode: order.promoCode,
    discountPrice: fromMinor(order.discountMinor),
    totalPrice: fromMinor(order.totalMinor),
    isPaid: order.isPaid,
    paidAt: order.paidAt?.toISOString() ?? null,
    isDelivered: order.isDelivered,
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

export function orderJson(record: OrderWithItems): Order {
  return {
    ...orderSummaryJson(record),
    paymentResult: (record.order.paymentResult as PaymentResult | null) ?? null,
    orderItems: record.items.map((item) => ({
      _id: item.id,
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
      _id: refund.id,
      lines: refund.lines,
      amount: fromMinor(refund.amountMinor),
      provider: refund.provider,
      status: refund.status,
      reason: refund.reason,
      createdAt: refund.createdAt.toISOString(),
    })),
  };
}
