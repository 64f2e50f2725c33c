import { sql, type SQL } from 'drizzle-orm';
import { CUSTOMERS_PAGE_SIZE, GUEST_CUSTOMER_PREFIX, type Customer, type CustomerDetail, type CustomerList } from '../../../shared/back-office.js';
import { fromMinor } from '../../../shared/pricing.js';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { paidCondition } from '../orders/index.js';
import { rowsOf } from './sql-rows.js';

/**
 * Customers (docs/back-office.md): accounts, and guests whose orders are grouped by the e-mail they
 * gave, or by the recipient's phone when they gave none. A guest's id is `guest:` + the SHA-256 of
 * that key, so neither an address nor a phone number travels in a URL or a log line.
 */

/** What groups a guest's orders, in SQL over an `orders` row `o`. */
const guestKey = sql`CASE WHEN coalesce(o.guest_email, '') <> '' THEN 'email:' || lower(o.guest_email) ELSE 'phone:' || o.recipient_phone END`;
const guestId = sql`${GUEST_CUSTOMER_PREFIX} || encode(sha256(convert_to(${guestKey}, 'UTF8')), 'hex')`;
/** Paid orders' totals less what was refunded of them (built when asked: the orders module may still be loading). */
const spentMinor = () =>
  sql`coalesce(sum(o.total_minor - coalesce((SELECT sum(r.amount_minor) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)) FILTER (WHERE ${paidCondition(sql`o.paid_at`)}), 0)::float8`;

interface CustomerRow {
  id: string;
  kind: 'registered' | 'guest';
  name: string;
  email: string | null;
  phone: string | null;
  orders: number;
  spent: number;
  last: string | null;
  total?: number;
}

const registeredRows = (match: (columns: { name: SQL; email: SQL; phone: SQL }) => SQL) => sql`
  SELECT u.id::text AS id, 'registered' AS kind, u.name, u.email, u.phone, count(o.id)::int AS orders, ${spentMinor()} AS spent, max(o.created_at) AS last
  FROM users u LEFT JOIN orders o ON o.user_id = u.id
  WHERE ${match({ name: sql`u.name`, email: sql`u.email`, phone: sql`u.phone` })}
  GROUP BY u.id`;

const guestRows = (match: (columns: { name: SQL; email: SQL; phone: SQL }) => SQL, where: SQL = sql`true`) => sql`
  SELECT ${guestId} AS id, 'guest' AS kind, (array_agg(o.recipient_name ORDER BY o.created_at DESC))[1] AS name,
         max(lower(o.guest_email)) AS email, (array_agg(o.recipient_phone ORDER BY o.created_at DESC))[1] AS phone,
         count(*)::int AS orders, ${spentMinor()} AS spent, max(o.created_at) AS last
  FROM orders o
  WHERE o.user_id IS NULL AND ${where}
  GROUP BY ${guestKey}
  HAVING bool_or(${match({ name: sql`o.recipient_name`, email: sql`o.guest_email`, phone: sql`o.recipient_phone` })})`;

/** Name and e-mail contain the words; a phone contains the digits typed (a leading 0 of 067… stands for +380). */
function searchMatch(q: string) {
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  const digits = q.replace(/\D/g, '').replace(/^0/, '');
  return ({ name, email, phone }: { name: SQL; email: SQL; phone: SQL }) => {
    if (!q) return sql`true`;
    const byPhone = digits.length >= 3 ? sql` OR regexp_replace(coalesce(${phone}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}` : sql``;
    return sql`(${name} ILIKE ${pattern} OR coalesce(${email}, '') ILIKE ${pattern}${byPhone})`;
  };
}

const toCustomer = (row: CustomerRow): Customer => ({
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
  const match = searchMatch(q);
  const rows = await rowsOf<CustomerRow>(
    tx,
    sql`SELECT *, count(*) OVER ()::int AS total FROM (${registeredRows(match)} UNION ALL ${guestRows(match)}) c
        ORDER BY c.last DESC NULLS LAST, c.name, c.id
        LIMIT ${CUSTOMERS_PAGE_SIZE} OFFSET ${(page - 1) * CUSTOMERS_PAGE_SIZE}`,
  );
  // Past the last page the window count is lost with the rows: count again.
  const total = rows[0]?.total ?? (page > 1 ? (await listCustomers(tx, q, 1)).total : 0);
  return { customers: rows.map(toCustomer), page, pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)), total };
}

/** A customer with their orders, newest first. */
export async function requireCustomer(tx: Tx, id: string): Promise<CustomerDetail> {
  const guest = id.startsWith(GUEST_CUSTOMER_PREFIX);
  const ordersOf = guest ? sql`o.user_id IS NULL AND ${guestId} = ${id}` : sql`o.user_id = ${id}::uuid`;
  const [row] = guest
    ? await rowsOf<CustomerRow>(
        tx,
        guestRows(() => sql`true`, sql`${guestId} = ${id}`),
      )
    : await rowsOf<CustomerRow>(
        tx,
        registeredRows(() => sql`u.id = ${id}::uuid`),
      );
  if (!row) throw new AppError('CUSTOMER_NOT_FOUND');
  const orders = await rowsOf<{ id: string; number: number; createdAt: string; status: string; isPaid: boolean; total: number; paymentMethodId: string }>(
    tx,
    sql`SELECT o.id, o.number, o.created_at AS "createdAt", o.status, ${paidCondition(sql`o.paid_at`)} AS "isPaid", o.total_minor AS total, o.payment_method AS "paymentMethodId"
        FROM orders o WHERE ${ordersOf} ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
  );
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
