import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    /** Stored trimmed and lower-cased, so uniqueness ignores case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Bumped on logout and password change: every older session token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const products = pgTable(
  'products',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    /** UAH in kopiykas. */
    priceMinor: integer('price_minor').notNull(),
    discount: integer('discount').notNull().default(0),
    category: text('category').notNull(),
    origin: text('origin').notNull(),
    weight: doublePrecision('weight').notNull(),
    countInStock: integer('count_in_stock').notNull().default(0),
    fermentTemp: text('ferment_temp'),
    fermentType: text('ferment_type'),
    cropYear: integer('crop_year'),
    alfa: doublePrecision('alfa'),
    rating: doublePrecision('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /** Derived from name and origin by src/shared/search-text.ts on every write. */
    searchText: text('search_text').notNull().default(''),
    searchKeys: text('search_keys').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // NULLS FIRST is what a plain ORDER BY … DESC means; an index sorted otherwise is never used for it.
    index('products_listing_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.countInStock} > 0`),
    index('products_category_idx').on(t.category, t.origin),
    index('products_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_keys_idx').using('gin', t.searchKeys),
    index('products_rating_idx').on(t.rating.desc()),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reviews_product_user_key').on(t.productId, t.userId)],
);

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Kept when the customer is deleted, so the shop's books stay whole. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull(),
    phone: text('phone').notNull().default(''),
    paymentMethod: text('payment_method').notNull(),
    itemsMinor: integer('items_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    isPaid: boolean('is_paid').notNull().default(false),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** The payment provider's capture id; unique so one payment never pays two orders. */
    paymentId: text('payment_id'),
    paymentResult: jsonb('payment_result'),
    isDelivered: boolean('is_delivered').notNull().default(false),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    uniqueIndex('orders_payment_id_key').on(t.paymentId),
  ],
);

/** A snapshot of each ordered line: deleting or repricing a product never changes an order. */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    priceMinor: integer('price_minor').notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
