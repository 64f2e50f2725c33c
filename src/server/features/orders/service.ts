import { randomUUID } from 'node:crypto';
import { computeOrderPrices, discountedPriceMinor, fromMinor, toMinor } from '../../../shared/pricing.js';
import type { Order, OrderCreateSchema, OrderSummary, PayOrder } from '../../../shared/orders.js';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import { Conflict, Forbidden, NotFound } from '../../errors.js';
import type { PayPalClient } from '../payments/paypal-client.js';
import { verifyPayPalPayment } from '../payments/service.js';
import { assertTransition, orderStatusOf } from './order-status.js';
import {
  findAllOrders,
  findOrderById,
  findOrderByPaymentId,
  findOrderItems,
  findOrdersOfUser,
  findProductsByIds,
  insertOrder,
  markDelivered,
  markPaid,
  takeStock,
  toOrder,
  toOrderSummary,
  type NewOrderItem,
  type OrderWithUser,
} from './repository.js';

type OrderCreate = z.output<typeof OrderCreateSchema>;

/**
 * Places an order in one transaction: prices from the database and the shared rules, stock taken
 * line by line with a conditional update. Any shortfall rolls everything back with a 409 naming
 * the product. Only product ids and quantities of the payload are used.
 */
export async function placeOrder(db: Db, user: UserRow, payload: OrderCreate): Promise<Order> {
  // The same product twice in one payload counts once, with the quantities added.
  const wanted = new Map<string, number>();
  for (const line of payload.orderItems) wanted.set(line.product, (wanted.get(line.product) ?? 0) + line.qty);
  // Locking rows in one global order keeps two multi-line orders from deadlocking each other.
  const ids = [...wanted.keys()].sort();

  const orderId = await db.transaction(async (tx) => {
    const known = new Map((await findProductsByIds(tx, ids)).map((p) => [p.id, p]));
    const gone = ids.filter((id) => !known.has(id));
    if (gone.length) throw new Conflict('Деяких товарів із кошика вже немає в каталозі. Оновіть кошик', 'PRODUCT_GONE');

    const items: NewOrderItem[] = [];
    const lines = [];
    for (const id of ids) {
      const qty = wanted.get(id)!;
      const product = await takeStock(tx, id, qty);
      if (!product) {
        const name = known.get(id)!.name;
        throw new Conflict(`Товару «${name}» недостатньо на складі`, 'OUT_OF_STOCK');
      }
      // The locked row is the price the shopper pays, even if an admin edited it a moment ago.
      lines.push({ price: fromMinor(product.priceMinor), discount: product.discount, qty });
      items.push({
        productId: product.id,
        name: product.name,
        image: product.image,
        priceMinor: discountedPriceMinor(product.priceMinor, product.discount),
        qty,
      });
    }
    const prices = computeOrderPrices(lines);
    const { address, city, postalCode, country, phoneNumber } = payload.shippingAddress;
    const order = await insertOrder(
      tx,
      {
        userId: user.id,
        address,
        city,
        postalCode,
        country,
        phone: phoneNumber,
        paymentMethod: payload.paymentMethod,
        itemsMinor: toMinor(prices.itemsPrice),
        shippingMinor: toMinor(prices.shippingPrice),
        taxMinor: toMinor(prices.taxPrice),
        totalMinor: toMinor(prices.totalPrice),
      },
      items,
    );
    return order.id;
  });
  return requireOrder(db, orderId);
}

/** The full order; for anyone but its owner or an admin it does not exist (404, not 403). */
export async function requireOrderFor(tx: Tx, user: UserRow, id: string): Promise<Order> {
  const found = await findVisibleOrder(tx, user, id);
  return toOrder(found, await findOrderItems(tx, id));
}

export async function listMyOrders(tx: Tx, user: UserRow): Promise<OrderSummary[]> {
  return (await findOrdersOfUser(tx, user.id)).map(toOrderSummary);
}

export async function listAllOrders(tx: Tx): Promise<OrderSummary[]> {
  return (await findAllOrders(tx)).map(toOrderSummary);
}

export interface PaymentDeps {
  paypal: PayPalClient;
  testMode: boolean;
}

/**
 * Pays an order: its owner only, once. A test payment needs test mode; a PayPal payment is checked
 * with PayPal itself and may pay one order only.
 */
export async function payOrder(db: Db, user: UserRow, id: string, payment: PayOrder, deps: PaymentDeps): Promise<Order> {
  const { order } = await findVisibleOrder(db, user, id);
  if (order.userId !== user.id) throw new Forbidden('Оплатити замовлення може лише його покупець', 'NOT_YOUR_ORDER');
  assertTransition(orderStatusOf(order), 'paid');

  let verified;
  if ('test' in payment) {
    if (!deps.testMode) throw new Forbidden('Тестову оплату вимкнено', 'TEST_PAYMENTS_DISABLED');
    const testId = `TEST-${randomUUID()}`;
    verified = {
      paymentId: `test:${testId}`,
      paymentResult: { id: testId, status: 'COMPLETED', update_time: new Date().toISOString(), email_address: user.email },
    };
  } else {
    verified = await verifyPayPalPayment(deps.paypal, payment.id, { orderId: order.id, totalMinor: order.totalMinor });
    if (await findOrderByPaymentId(db, verified.paymentId)) {
      throw new Conflict('Цей платіж уже зараховано за інше замовлення', 'PAYMENT_REUSED');
    }
  }

  const paid = await markPaid(db, order.id, { ...verified, paidAt: new Date() });
  if (!paid) throw new Conflict('Замовлення вже оплачене', 'ORDER_ALREADY_PAID');
  return requireOrder(db, order.id);
}

/** Admin: marks a paid order delivered (SPEC.md §4: delivery is offered only once paid). */
export async function deliverOrder(db: Db, id: string): Promise<Order> {
  const found = await findOrderById(db, id);
  if (!found) throw orderNotFound();
  assertTransition(orderStatusOf(found.order), 'delivered');
  const delivered = await markDelivered(db, id, new Date());
  // Someone else changed it between our read and write: report the state it is in now.
  if (!delivered) assertTransition(orderStatusOf((await findOrderById(db, id))!.order), 'delivered');
  return requireOrder(db, id);
}

async function findVisibleOrder(tx: Tx, user: UserRow, id: string): Promise<OrderWithUser> {
  const found = await findOrderById(tx, id);
  if (!found || (found.order.userId !== user.id && !user.isAdmin)) throw orderNotFound();
  return found;
}

async function requireOrder(tx: Tx, id: string): Promise<Order> {
  const found = await findOrderById(tx, id);
  if (!found) throw orderNotFound();
  return toOrder(found, await findOrderItems(tx, id));
}

const orderNotFound = () => new NotFound('Замовлення не знайдено', 'ORDER_NOT_FOUND');
