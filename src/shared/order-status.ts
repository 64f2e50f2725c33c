import { ONLINE_PAYMENT_METHODS, type PaymentMethod } from './payment-methods.js';

/**
 * An order's life (docs/orders.md). Every change of status is checked against this one table:
 * the server refuses anything else, and the order page offers only the steps it allows.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'shipped', 'cancelled'],
  // Handed over without a waybill (collected in person) goes straight to delivered.
  paid: ['shipped', 'delivered', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

/** Paid on receipt at the Nova Poshta branch ("накладений платіж"). */
export const CASH_ON_DELIVERY: PaymentMethod = 'NovaPoshta';

export const isCashOnDelivery = (method: string) => method === CASH_ON_DELIVERY;
/** Paid outside the shop (bank transfer, cash on delivery): the admin confirms the payment. */
export const isOfflineMethod = (method: string) => !(ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

interface OrderState {
  status: OrderStatus;
  paymentMethod: string;
}

/**
 * Whether `to` may follow the order's status. Only cash on delivery ships before it is paid (the
 * parcel is paid for at the branch, and delivery marks it paid).
 */
export function canTransition(order: OrderState, to: OrderStatus): boolean {
  if (!ORDER_TRANSITIONS[order.status].includes(to)) return false;
  if (order.status === 'pending' && to === 'shipped') return isCashOnDelivery(order.paymentMethod);
  return true;
}

/** What a shopper may do with their own order: cancel it while nothing has happened to it yet. */
export const shopperCanCancel = (order: OrderState) => order.status === 'pending';

/** What the admin may do next, for the buttons on the order page. */
export function adminActions(order: OrderState & { confirmedAt?: string | null }): {
  confirm: boolean;
  markPaid: boolean;
  ship: boolean;
  deliver: boolean;
  cancel: boolean;
} {
  return {
    // "Підтвердити замовлення": an unpaid offline order the shop keeps past its confirmation window (docs/orders.md).
    confirm: order.status === 'pending' && isOfflineMethod(order.paymentMethod) && !order.confirmedAt,
    markPaid: canTransition(order, 'paid') && isOfflineMethod(order.paymentMethod),
    ship: canTransition(order, 'shipped'),
    deliver: canTransition(order, 'delivered'),
    cancel: canTransition(order, 'cancelled'),
  };
}

/** A Nova Poshta waybill number (ТТН): 14 digits, usually starting 20 or 59. */
export const TRACKING_NUMBER = /^\d{14}$/;
