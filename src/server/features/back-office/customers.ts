import { CUSTOMERS_PAGE_SIZE, type Customer, type CustomerDetail, type CustomerList } from '../../../shared/back-office.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { findBuyer, findBuyerOrders, findBuyers, type BuyerRow } from '../orders/index.js';

/**
 * Customers (docs/back-office.md): the buyers the orders feature sums from its orders (accounts, and
 * guests grouped by e-mail or phone), a page at a time, in the back office's words.
 */

const toCustomer = (row: BuyerRow): Customer => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  email: row.email,
  phone: row.phone || null,
  orders: row.orders,
  totalSpent: fromMinor(row.spent),
  lastOrderAt: row.last ? new Date(row.last).toISOString() : null,
});

/** Newest buyer first (those who never ordered last), a page at a time. */
export async function listCustomers(tx: Tx, q: string, page: number): Promise<CustomerList> {
  const rows = await findBuyers(tx, q, CUSTOMERS_PAGE_SIZE, (page - 1) * CUSTOMERS_PAGE_SIZE);
  // Past the last page the window count is lost with the rows: count again.
  const total = rows[0]?.total ?? (page > 1 ? (await listCustomers(tx, q, 1)).total : 0);
  return { customers: rows.map(toCustomer), page, pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)), total };
}

/** A customer with their orders, newest first. */
export async function requireCustomer(tx: Tx, id: string): Promise<CustomerDetail> {
  const row = await findBuyer(tx, id);
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  const orders = await findBuyerOrders(tx, id);
  return {
    customer: toCustomer(row),
    orders: orders.map((o) => ({
      id: o.id,
      number: o.number,
      createdAt: new Date(o.createdAt).toISOString(),
      status: o.status,
      isPaid: o.isPaid,
      totalPrice: fromMinor(o.total),
      paymentMethodId: o.paymentMethodId,
    })),
  };
}
