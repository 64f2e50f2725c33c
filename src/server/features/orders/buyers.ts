import { sql, type SQL } from 'drizzle-orm';
import { GUEST_CUSTOMER_PREFIX } from '../../../shared/back-office.js';
import type { Tx } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';
import { paidCondition } from './repository.js';

/**
 * The shop's buyers, read from their orders for the back office's customers (docs/back-office.md):
 * accounts, and guests whose orders are grouped by the e-mail they gave, or by the recipient's phone
 * when they gave none. A guest's id is `guest:` + the SHA-256 of that key, so neither an address nor
 * a phone number travels in a URL or a log line. An account's name, e-mail and phone are joined from
 * `users` and what was refunded from `refunds` in the same statement: one query per page, however
 * many buyers it lists.
 */

/** What groups a guest's orders, in SQL over an `orders` row `o`. */
const guestKey = sql`CASE WHEN coalesce(o.guest_email, '') <> '' THEN 'email:' || lower(o.guest_email) ELSE 'phone:' || o.recipient_phone END`;
const guestId = sql`${GUEST_CUSTOMER_PREFIX} || encode(sha256(convert_to(${guestKey}, 'UTF8')), 'hex')`;
/** Paid orders' totals less what was refunded of them (built when asked: the repository may still be loading). */
const spentMinor = () =>
  // eslint-disable-next-line shop/import-layers -- what was refunded, summed per order inside the buyers' statement
  sql`coalesce(sum(o.total_minor - coalesce((SELECT sum(r.amount_minor) FROM refunds r WHERE r.order_id = o.id AND r.status = 'succeeded'), 0)) FILTER (WHERE ${paidCondition(sql`o.paid_at`)}), 0)::float8`;

/** A buyer as the database sums them: `spent` in kopiykas, `last` the time of their newest order. */
export interface BuyerRow {
  id: string;
  kind: 'registered' | 'guest';
  name: string;
  email: string | null;
  phone: string | null;
  orders: number;
  spent: number;
  last: string | null;
  /** How many buyers match the search, on a page's rows. */
  total?: number;
}

/** One of a buyer's orders, `total` in kopiykas. */
export interface BuyerOrderRow {
  id: string;
  number: number;
  createdAt: string;
  status: string;
  isPaid: boolean;
  total: number;
  paymentMethodId: string;
}

type Match = (columns: { name: SQL; email: SQL; phone: SQL }) => SQL;

// eslint-disable-next-line shop/import-layers -- accounts with their orders: one statement per page
const registeredRows = (match: Match) => sql`
  SELECT u.id::text AS id, 'registered' AS kind, u.name, u.email, u.phone, count(o.id)::int AS orders, ${spentMinor()} AS spent, max(o.created_at) AS last
  FROM users u LEFT JOIN orders o ON o.user_id = u.id
  WHERE ${match({ name: sql`u.name`, email: sql`u.email`, phone: sql`u.phone` })}
  GROUP BY u.id`;

const guestRows = (match: Match, where: SQL = sql`true`) => sql`
  SELECT ${guestId} AS id, 'guest' AS kind, (array_agg(o.recipient_name ORDER BY o.created_at DESC))[1] AS name,
         max(lower(o.guest_email)) AS email, (array_agg(o.recipient_phone ORDER BY o.created_at DESC))[1] AS phone,
         count(*)::int AS orders, ${spentMinor()} AS spent, max(o.created_at) AS last
  FROM orders o
  WHERE o.user_id IS NULL AND ${where}
  GROUP BY ${guestKey}
  HAVING bool_or(${match({ name: sql`o.recipient_name`, email: sql`o.guest_email`, phone: sql`o.recipient_phone` })})`;

/** Name and e-mail contain the words; a phone contains the digits typed (a leading 0 of 067… stands for +380). */
function searchMatch(q: string): Match {
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  const digits = q.replace(/\D/g, '').replace(/^0/, '');
  return ({ name, email, phone }) => {
    if (!q) return sql`true`;
    const byPhone = digits.length >= 3 ? sql` OR regexp_replace(coalesce(${phone}, ''), '\\D', '', 'g') LIKE ${`%${digits}%`}` : sql``;
    return sql`(${name} ILIKE ${pattern} OR coalesce(${email}, '') ILIKE ${pattern}${byPhone})`;
  };
}

/** The buyers matching `q`, newest buyer first (those who never ordered last), `limit` from `offset`, each row with the count of all. */
export async function findBuyers(tx: Tx, q: string, limit: number, offset: number): Promise<BuyerRow[]> {
  const match = searchMatch(q);
  return rowsOf<BuyerRow>(
    tx,
    sql`SELECT *, count(*) OVER ()::int AS total FROM (${registeredRows(match)} UNION ALL ${guestRows(match)}) c
        ORDER BY c.last DESC NULLS LAST, c.name, c.id
        LIMIT ${limit} OFFSET ${offset}`,
  );
}

const isGuest = (id: string) => id.startsWith(GUEST_CUSTOMER_PREFIX);

/** The buyer of this id (an account's uuid or a guest's `guest:…`), or null. */
export async function findBuyer(tx: Tx, id: string): Promise<BuyerRow | null> {
  const [row] = isGuest(id)
    ? await rowsOf<BuyerRow>(
        tx,
        guestRows(() => sql`true`, sql`${guestId} = ${id}`),
      )
    : await rowsOf<BuyerRow>(
        tx,
        registeredRows(() => sql`u.id = ${id}::uuid`),
      );
  return row ?? null;
}

/** The buyer's newest orders, up to 200. */
export async function findBuyerOrders(tx: Tx, id: string): Promise<BuyerOrderRow[]> {
  const ordersOf = isGuest(id) ? sql`o.user_id IS NULL AND ${guestId} = ${id}` : sql`o.user_id = ${id}::uuid`;
  return rowsOf<BuyerOrderRow>(
    tx,
    sql`SELECT o.id, o.number, o.created_at AS "createdAt", o.status, ${paidCondition(sql`o.paid_at`)} AS "isPaid", o.total_minor AS total, o.payment_method AS "paymentMethodId"
        FROM orders o WHERE ${ordersOf} ORDER BY o.created_at DESC, o.id DESC LIMIT 200`,
  );
}
