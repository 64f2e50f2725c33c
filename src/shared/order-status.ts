import { ONLINE_PAYMENT_METHODS, type PaymentMethod } from './payment-methods.js';

/**
 * An order's life (docs/orders.md). Every change of status is checked against this one table:
 * the server refuses anything else, and the order page offers only the steps it allows.
 */
export const ORDER_STATUSES = ['pending', 'paid', 'shipped', 'delivered', 'cancelled', 'returned', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'shipped', 'cancelled'],
  // Handed over without a waybill (collected in person) goes straight to delivered.
  paid: ['shipped', 'delivered', 'cancelled', 'refunded'],
  // A parcel refused at the branch or sent back comes home `returned`; its stock goes back once.
  shipped: ['delivered', 'returned', 'refunded'],
  delivered: ['returned', 'refunded'],
  // `refunded`: all the money given back; the goods may still come home afterwards (or came first).
  returned: ['refunded'],
  refunded: ['returned'],
  cancelled: [],
};

/** Paid on receipt at the Nova Poshta branch ("накладений платіж"). */
export const CASH_ON_DELIVERY: PaymentMethod = 'cash_on_delivery';

export const isCashOnDelivery = (method: string) => method === CASH_ON_DELIVERY;
/** Paid outside the shop (bank transfer, cash on delivery): the admin confirms the payment. */
export const isOfflineMethod = (method: string) => !(ONLINE_PAYMENT_METHODS as readonly string[]).includes(method);

interface OrderState {
  status: OrderStatus;
  paymentMethodId: string;
}

/**
 * Whether `to` may follow the order's status. Only cash on delivery ships before it is paid (the
 * parcel is paid for at the branch, and delivery marks it paid).
 */
export function canTransition(order: OrderState, to: OrderStatus): boolean {
  if (!ORDER_TRANSITIONS[order.status].includes(to)) return false;
  if (order.status === 'pending' && to === 'shipped') return isCashOnDelivery(order.paymentMethodId);
  return true;
}

/**
 * Paid once the money is in, and delivered once the shopper has the parcel: the payment's and the
 * delivery's times are the one record of it, whatever the status became afterwards (a paid order
 * cancelled or refunded stays paid; a refused cash-on-delivery parcel was never paid). docs/orders.md.
 */
export const isPaid = (order: { paidAt: Date | string | null }) => order.paidAt !== null;
export const isDelivered = (order: { deliveredAt: Date | string | null }) => order.deliveredAt !== null;

/** What a shopper may do with their own order: cancel it while nothing has happened to it yet. */
export const shopperCanCancel = (order: OrderState) => order.status === 'pending';

/** What the admin may do next, for the buttons on the order page. */
export function adminActions(order: OrderState & { confirmedAt?: string | null; isPaid?: boolean; returnedAt?: string | null }): {
  confirm: boolean;
  markPaid: boolean;
  ship: boolean;
  deliver: boolean;
  cancel: boolean;
  refund: boolean;
  confirmReturn: boolean;
} {
  return {
    // "Підтвердити замовлення": an unpaid offline order the shop keeps past its confirmation window (docs/orders.md).
    confirm: order.status === 'pending' && isOfflineMethod(order.paymentMethodId) && !order.confirmedAt,
    markPaid: canTransition(order, 'paid') && isOfflineMethod(order.paymentMethodId),
    ship: canTransition(order, 'shipped'),
    deliver: canTransition(order, 'delivered'),
    cancel: canTransition(order, 'cancelled'),
    // Money can go back while some of it is left; a refused cash-on-delivery parcel was never paid.
    refund: order.isPaid === true && REFUNDABLE_STATUSES.includes(order.status),
    confirmReturn: canTransition(order, 'returned') && !order.returnedAt,
  };
}

/** The statuses in which paid money can be refunded (docs/orders.md, "Refunds"). */
export const REFUNDABLE_STATUSES: readonly OrderStatus[] = ['paid', 'shipped', 'delivered', 'returned'];

/**
 * Nova Poshta's tracking codes (TrackingDocument.getStatusDocuments `StatusCode`) meaning the
 * recipient refused the parcel or it is going back to the sender: 102 and 103 (refused; a return
 * ordered), 108 (refused, older code) and 105 (storage ended, going back). docs/orders.md.
 */
export const PARCEL_REFUSED_CODES: readonly string[] = ['102', '103', '105', '108'];

/** A Nova Poshta waybill number (ТТН): 14 digits, usually starting 20 or 59. */
export const TRACKING_NUMBER = /^\d{14}$/;
