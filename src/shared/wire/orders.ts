import { z } from 'zod';
import { GuestOrderSchema, OrderListSchema, OrderSchema, OrderSummarySchema, type Order, type OrderSummary } from '../orders.js';
import { LEGACY_PAYMENT_METHOD_NAMES, paymentMethodFromWire, shippingFromWire, type LegacyPaymentMethodName } from './order-names.js';

/**
 * The order as the API's first clients know it (docs/api.md, docs/decisions/032-true-names-at-the-edge.md).
 * Inside, everything has its true name; this module alone (with order-names.ts, its half without
 * schemas) speaks the original one: it adds the original fields to every order the API answers
 * with, and turns an order posted in the original shape into the true one before it is validated.
 * Nothing else reads or writes these names.
 */

export { LEGACY_PAYMENT_METHOD_NAMES, paymentMethodFromWire, shippingFromWire, type LegacyPaymentMethodName };

/** The original `shippingAddress` of an order's JSON. */
const LegacyShippingAddressSchema = z.object({
  /** The recipient's name. */
  address: z.string(),
  city: z.string(),
  postalCode: z.string(),
  /** The branch (for courier delivery, the address as one line). */
  country: z.string(),
  phoneNumber: z.string(),
  settlementRef: z.string().nullable(),
  warehouseRef: z.string().nullable(),
  delivery: OrderSchema.shape.shipping.shape.delivery,
  street: z.string().nullable(),
  house: z.string().nullable(),
  flat: z.string().nullable(),
});

/** The fields the original order JSON carries beside the true ones. */
const legacyOrderFields = {
  shippingAddress: LegacyShippingAddressSchema,
  /** The payment method's original name; `paymentMethodId` is the true one. */
  paymentMethod: z.enum(Object.values(LEGACY_PAYMENT_METHOD_NAMES) as [LegacyPaymentMethodName, ...LegacyPaymentMethodName[]]),
};
type LegacyOrderFields = { [K in keyof typeof legacyOrderFields]: z.infer<(typeof legacyOrderFields)[K]> };

export const OrderWireSchema = OrderSchema.extend(legacyOrderFields);
export type OrderWire = z.infer<typeof OrderWireSchema>;
export const OrderSummaryWireSchema = OrderSummarySchema.extend(legacyOrderFields);
export type OrderSummaryWire = z.infer<typeof OrderSummaryWireSchema>;
export const GuestOrderWireSchema = GuestOrderSchema.extend(legacyOrderFields);
export const OrderListWireSchema = OrderListSchema.extend({ orders: z.array(OrderSummaryWireSchema) });

/** The order as the API answers: the true fields and, beside them, the original ones. */
export function toOrderWire<T extends OrderSummary | Order>(order: T): T & LegacyOrderFields {
  const { recipientName, branch, branchRef, ...rest } = order.shipping;
  return {
    ...order,
    shippingAddress: {
      address: recipientName,
      city: rest.city,
      postalCode: rest.postalCode,
      country: branch,
      phoneNumber: rest.phoneNumber,
      settlementRef: rest.settlementRef,
      warehouseRef: branchRef,
      delivery: rest.delivery,
      street: rest.street,
      house: rest.house,
      flat: rest.flat,
    },
    paymentMethod: LEGACY_PAYMENT_METHOD_NAMES[order.paymentMethodId],
  };
}

/**
 * A posted order (POST /api/orders, /api/orders/guest) in the true shape, whichever shape it came
 * in: `shippingAddress` becomes `shipping`, the original `paymentMethod` name `paymentMethodId`. A
 * body in the true shape passes unchanged; a field given both ways keeps the true one.
 */
export function orderCreateFromWire(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { paymentMethod, shippingAddress, ...rest } = body as Record<string, unknown>;
  const posted: Record<string, unknown> = { ...rest };
  if (posted.paymentMethodId === undefined && paymentMethod !== undefined) posted.paymentMethodId = paymentMethodFromWire(paymentMethod);
  if (posted.shipping === undefined && shippingAddress !== undefined) posted.shipping = shippingFromWire(shippingAddress);
  return posted;
}
