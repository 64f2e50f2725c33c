import { sql } from 'drizzle-orm';
import {
  customType,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '../../shared/order-status.js';
import { PAYMENT_METHODS } from '../../shared/payment-methods.js';
import { DELIVERY_KINDS } from '../../shared/delivery.js';
import { PROMO_KINDS } from '../../shared/promo-codes.js';
import { LEGAL_PAGE_KEYS } from '../../shared/legal.js';
import type { LineOptions } from '../../shared/line-options.js';
import { PRODUCT_STATUSES } from '../../shared/product-status.js';
import type { AttributeOption, AttributeValues } from '../../shared/categories.js';
import type { ProductImage } from '../../shared/product-images.js';

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
    /** +380XXXXXXXXX (src/shared/phone.ts); pre-fills the recipient at checkout. */
    phone: text('phone'),
    /** Bumped on logout and password change: every older session token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

/**
 * The catalogue's tree (docs/domain.md): a group ("Обладнання") holds categories ("Кеги"). A seeded
 * category's slug is the value the API's `category` field always carried (docs/decisions/017-categories-and-attributes.md).
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    description: text('description').notNull().default(''),
    /** Google's product taxonomy: an id ("3577") or a path; '' leaves it to Google (docs/seo.md). */
    googleProductCategory: text('google_product_category').notNull().default(''),
    /** The category's number in the price feeds, which want integer ids (Hotline, YML). */
    feedId: integer('feed_id').generatedByDefaultAsIdentity({ startWith: 100 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('categories_slug_unique').on(t.slug),
    unique('categories_feed_id_unique').on(t.feedId),
    check('categories_slug_check', sql`${t.slug} ~ '^[A-Za-z0-9][A-Za-z0-9-]{0,62}$'`),
  ],
);

/** Hop-growing countries, yeast makers, equipment brands: of one category, or general (no category). */
export const producers = pgTable(
  'producers',
  {
    id: id(),
    name: text('name').notNull(),
    country: text('country').notNull().default(''),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('producers_name_idx').on(sql`coalesce(${t.categoryId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.name)],
);

/** A field the products of one category carry (alpha acids of a hop, attenuation of a yeast). */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    id: id(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    type: text('type', { enum: ['number', 'enum', 'text', 'boolean'] }).notNull(),
    unit: text('unit').notNull().default(''),
    options: jsonb('options')
      .$type<AttributeOption[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    filterable: boolean('filterable').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('category_attributes_key_unique').on(t.categoryId, t.key),
    check('category_attributes_type_check', sql`${t.type} IN ('number', 'enum', 'text', 'boolean')`),
    check('category_attributes_key_check', sql`${t.key} ~ '^[a-z][A-Za-z0-9]{0,39}$'`),
  ],
);

/** PostgreSQL's int8multirange, read and written as its text form ('{[1,2),[5,6)}'). */
const int8Multirange = customType<{ data: string; driverData: string }>({ dataType: () => 'int8multirange' });

export const products = pgTable(
  'products',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The readable address (docs/seo.md), from the name; null only until the start-up refresh. */
    slug: text('slug'),
    /** The main picture: the gallery's first, kept for the product JSON's `image` and the feeds. */
    image: text('image').notNull(),
    /** The gallery in its order, with alt texts and stored widths (docs/domain.md, "Images"). */
    images: jsonb('images')
      .$type<ProductImage[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    description: text('description').notNull(),
    /**
     * UAH in kopiykas. Price, discount, stock and weight summarise the product's variants (the
     * cheapest in stock, total stock): kept by refreshProductSummaries in every variant write, read
     * by listing and search (docs/decisions/013-product-variants.md).
     */
    priceMinor: integer('price_minor').notNull(),
    discount: integer('discount').notNull().default(0),
    category: text('category')
      .notNull()
      .references(() => categories.slug, { onDelete: 'restrict' }),
    /** The hop-growing country, yeast maker or equipment maker (the column keeps its first name). */
    producer: text('origin').notNull(),
    /** The maker or packer the feeds name (g:brand, vendor); null: the producer, unless that is a country. */
    brand: text('brand'),
    weight: doublePrecision('weight').notNull(),
    countInStock: integer('count_in_stock').notNull().default(0),
    /** Values of the category's attributes, checked against their definitions on every write. */
    attributes: jsonb('attributes')
      .$type<AttributeValues>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** Shoppers see only published products; a draft or hidden one is the admin's alone. */
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('published'),
    rating: doublePrecision('rating').notNull().default(0),
    numReviews: integer('num_reviews').notNull().default(0),
    /** Derived from name and producer by src/shared/search-text.ts on every write. */
    searchText: text('search_text').notNull().default(''),
    searchKeys: text('search_keys')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * The prices of its packs on sale after their discount (kopiykas × 100, as the price sorts read
     * them), one point each: a price filter reads the product row alone. Kept by refreshProductSummaries.
     */
    packPrices: int8Multirange('pack_prices')
      .notNull()
      .default(sql`'{}'::int8multirange`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A published category page counted and filtered from this index alone: it holds every column the
    // filters and orders read, so the table's rows are read for the page only (docs/decisions/038-*.md).
    index('products_category_listing_idx')
      .on(t.category, t.id, t.countInStock, t.priceMinor, t.discount, t.createdAt, t.numReviews, t.rating, t.producer, t.attributes, t.packPrices)
      .where(sql`${t.status} = 'published'`),
    // The orders of src/server/features/products/listing-order.ts, sold-out products last; an index
    // serves an ORDER BY only when it holds the same expressions in the same directions (migration 0015).
    index('products_listing_idx').on(sql`(${t.countInStock} > 0) desc`, t.createdAt.desc(), t.id.desc()),
    index('products_popular_idx').on(sql`(${t.countInStock} > 0) desc`, t.numReviews.desc(), t.createdAt.desc(), t.id.desc()),
    index('products_price_asc_idx').on(sql`(${t.countInStock} > 0) desc`, sql`(${t.priceMinor}::bigint * (100 - ${t.discount}))`, t.id),
    index('products_price_desc_idx').on(sql`(${t.countInStock} > 0) desc`, sql`(${t.priceMinor}::bigint * (100 - ${t.discount})) desc`, t.id.desc()),
    index('products_rating_sort_idx').on(
      sql`(${t.countInStock} > 0) desc`,
      sql`((${t.rating} * ${t.numReviews} + 7) / (${t.numReviews} + 2)) desc`,
      t.id.desc(),
    ),
    index('products_alpha_idx').on(sql`(${t.countInStock} > 0) desc`, sql`((${t.attributes}->>'alpha')::double precision) desc nulls last`, t.id.desc()),
    index('products_category_idx').on(t.category, t.producer),
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_search_text_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('products_search_keys_idx').using('gin', t.searchKeys),
    index('products_rating_idx').on(t.rating.desc()),
    index('products_attributes_idx').using('gin', sql`${t.attributes} jsonb_path_ops`),
    check('products_status_check', sql`${t.status} IN ('draft', 'published', 'hidden')`),
  ],
);

/** A pack size of a product ("50 г", "1 кг", "1 шт"): what is really priced, stocked and ordered. */
export const productVariants = pgTable(
  'product_variants',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Unique across the shop. */
    sku: text('sku').notNull(),
    label: text('label').notNull(),
    /** UAH in kopiykas. */
    priceMinor: integer('price_minor').notNull(),
    discount: integer('discount').notNull().default(0),
    countInStock: integer('count_in_stock').notNull().default(0),
    /** The pack's weight in kg, for the parcel. */
    weight: doublePrecision('weight').notNull(),
    gtin: text('gtin'),
    /** The order in the admin's editor. */
    position: integer('position').notNull().default(0),
    /** A variant that was ever ordered is archived instead of deleted: old orders still name it. */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** At or below this stock the pack is "закінчується" (docs/back-office.md). */
    lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
    /** The shop was told this pack ran low; a trigger clears it when a restock lifts it above the threshold. */
    lowStockNotified: boolean('low_stock_notified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(t.sku),
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_low_stock_idx')
      .on(t.countInStock)
      .where(sql`${t.archivedAt} IS NULL AND ${t.countInStock} <= ${t.lowStockThreshold}`),
    check('product_variants_stock_check', sql`${t.countInStock} >= 0`),
    check('product_variants_low_stock_threshold_check', sql`${t.lowStockThreshold} >= 0`),
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

/** Placed, paid (or confirmed), shipped, delivered, or cancelled with its stock returned: docs/orders.md. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1001 });

export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Read out on the phone ("Замовлення №1024"); ids stay in URLs. */
    number: integer('number')
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    /** Kept when the customer is deleted, so the shop's books stay whole. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    recipientName: text('recipient_name').notNull(),
    recipientPhone: text('recipient_phone').notNull().default(''),
    cityName: text('city_name').notNull(),
    /** The Nova Poshta branch or locker as the shopper saw it. */
    branchDescription: text('branch_description').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    /** Nova Poshta's references for the settlement, city and branch, when chosen from its directory. */
    settlementRef: text('settlement_ref'),
    cityRef: text('city_ref'),
    warehouseRef: text('warehouse_ref'),
    /** A branch or parcel locker, or Nova Poshta's courier to the door (docs/delivery.md). */
    deliveryKind: text('delivery_kind', { enum: DELIVERY_KINDS }).notNull().default('branch'),
    /** Courier delivery: the street as Nova Poshta names it (with its ref), the house and flat as typed. */
    streetRef: text('street_ref'),
    streetName: text('street_name'),
    house: text('house'),
    flat: text('flat'),
    /** The settlement's oblast and district, which a courier waybill names beside the city. */
    settlementArea: text('settlement_area').notNull().default(''),
    settlementRegion: text('settlement_region').notNull().default(''),
    /** Nova Poshta's tariff (kopiykas) and expected day (yyyy-mm-dd) when the order was placed; null when it did not answer in time. */
    shippingEstimateMinor: integer('shipping_estimate_minor'),
    shippingEstimateDate: text('shipping_estimate_date'),
    /** The shopper's note to the shop ("зателефонуйте перед відправкою"): shown to the admin, never in letters to others. */
    comment: text('comment').notNull().default(''),
    paymentMethodId: text('payment_method', { enum: PAYMENT_METHODS }).notNull(),
    itemsMinor: integer('items_minor').notNull(),
    shippingMinor: integer('shipping_minor').notNull(),
    taxMinor: integer('tax_minor').notNull(),
    totalMinor: integer('total_minor').notNull(),
    /** Delivery is paid to Nova Poshta on pickup (shippingMinor is 0 then, not free delivery). */
    shippingByCarrier: boolean('shipping_by_carrier').notNull().default(false),
    /** The PayPal order created for this order: its id, its amount in US cents and the UAH/USD rate used. */
    paypalOrderId: text('paypal_order_id'),
    paypalAmountCents: integer('paypal_amount_cents'),
    paypalRate: doublePrecision('paypal_rate'),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** When the money came in; an order is paid exactly when it has one (docs/orders.md). */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /**
     * A payment the provider holds but has not finished (docs/payments.md): LiqPay's `wait_accept` or
     * `hold_wait`, PayPal's `PENDING` capture. Such an order is never expired as unpaid.
     */
    paymentPendingStatus: text('payment_pending_status'),
    paymentPendingSince: timestamp('payment_pending_since', { withTimezone: true, mode: 'date' }),
    /** The PayPal capture to ask again while it is PENDING. */
    paypalCaptureId: text('paypal_capture_id'),
    /** Money the provider returned to the shopper (LiqPay `reversed`), kopiykas; stock is left to the admin. */
    refundMinor: integer('refund_minor'),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true, mode: 'date' }),
    /** The language the shopper ordered in: letters about the order speak it. */
    locale: text('locale', { enum: ['uk', 'en'] })
      .notNull()
      .default('uk'),
    /** The payment provider's capture id; unique so one payment never pays two orders. */
    paymentId: text('payment_id'),
    paymentResult: jsonb('payment_result'),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }),
    /** The Nova Poshta waybill (ТТН): 14 digits. */
    trackingNumber: text('tracking_number'),
    /** Nova Poshta's reference of a waybill the shop created itself. */
    waybillRef: text('waybill_ref'),
    /** The last tracking status read from Nova Poshta, and when: a cache shared by every instance. */
    trackingStatus: text('tracking_status'),
    trackingCheckedAt: timestamp('tracking_checked_at', { withTimezone: true, mode: 'date' }),
    /** When the shopper had the parcel; an order is delivered exactly when it has one (docs/orders.md). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    /** When the admin confirmed the goods came back; the stock went back then, once (docs/orders.md). */
    returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'date' }),
    /** Nova Poshta reported the parcel refused or going back ("Відмова отримувача"), and its words. */
    parcelRefusedAt: timestamp('parcel_refused_at', { withTimezone: true, mode: 'date' }),
    parcelRefusedStatus: text('parcel_refused_status'),
    /** Money the shop must not keep and could not give back by itself (docs/payments.md, "Compensation"). */
    paymentAttention: text('payment_attention'),
    /** When the shop confirmed the order (or took its payment): unconfirmed offline orders expire (docs/orders.md). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The checkout's Idempotency-Key: the same key from the same customer places one order. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the canonical body sent with the key: another body under the same key is refused. */
    idempotencyBodyHash: text('idempotency_body_hash'),
    /** A guest's e-mail (no account): docs/delivery.md. */
    guestEmail: text('guest_email'),
    /** SHA-256 of the secret in a guest order's link; the secret itself is never stored. */
    accessTokenHash: text('access_token_hash'),
    /** The public offer's version in force when the order was placed (docs/domain.md); null for older orders. */
    offerVersion: integer('offer_version'),
    /** The promo code as the shopper typed it when the order was placed, and its discount: kept if the code is edited or deleted (docs/promo-codes.md). */
    promoCode: text('promo_code'),
    promoCodeId: uuid('promo_code_id').references((): AnyPgColumn => promoCodes.id, { onDelete: 'set null' }),
    /** Kopiykas off the items by the promo code; totalMinor has it off already. */
    discountMinor: integer('discount_minor').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc()),
    uniqueIndex('orders_payment_id_key').on(t.paymentId),
    uniqueIndex('orders_access_token_key')
      .on(t.accessTokenHash)
      .where(sql`${t.accessTokenHash} IS NOT NULL`),
    uniqueIndex('orders_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('orders_guest_idempotency_key')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL AND ${t.userId} IS NULL`),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('orders_tracking_number_idx')
      .on(t.trackingNumber)
      .where(sql`${t.trackingNumber} IS NOT NULL`),
    index('orders_recipient_phone_idx').on(t.recipientPhone),
    index('orders_recipient_name_idx').using('gin', sql`${t.recipientName} gin_trgm_ops`),
    index('orders_paypal_pending_idx')
      .on(t.paymentPendingSince)
      .where(sql`${t.paypalCaptureId} IS NOT NULL AND ${t.paymentPendingStatus} IS NOT NULL`),
    index('orders_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    index('orders_paid_at_idx')
      .on(t.paidAt)
      .where(sql`${t.paidAt} IS NOT NULL`),
    check('orders_payment_method_check', sql`${t.paymentMethodId} IN ('monobank', 'liqpay', 'paypal', 'paypal_card', 'card_transfer', 'cash_on_delivery')`),
    check('orders_status_check', sql`${t.status} IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled', 'returned', 'refunded')`),
    check('orders_delivery_kind_check', sql`${t.deliveryKind} IN ('branch', 'door')`),
    check('orders_comment_length_check', sql`char_length(${t.comment}) <= 500`),
  ],
);

/** One line of a refund: the order line (`order_items.id`) and how many of its pieces. */
export interface RefundLine {
  item: string;
  qty: number;
}

/**
 * Money given back for an order (docs/orders.md, "Refunds"): through the payment's provider, or by
 * hand for transfers and cash on delivery. A `pending` row counts against what is left to refund,
 * so two refunds at once cannot both pass; a `failed` one counts for nothing.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    amountMinor: integer('amount_minor').notNull(),
    provider: text('provider', { enum: ['liqpay', 'paypal', 'monobank', 'manual', 'test'] }).notNull(),
    providerRefundId: text('provider_refund_id'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    /** Why the provider refused, for the admin. */
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('refunds_provider_refund_key')
      .on(t.provider, t.providerRefundId)
      .where(sql`${t.providerRefundId} IS NOT NULL`),
    check('refunds_amount_check', sql`${t.amountMinor} > 0`),
    check('refunds_provider_check', sql`${t.provider} IN ('liqpay', 'paypal', 'monobank', 'manual', 'test')`),
    check('refunds_status_check', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * A payment the provider took for an order that could no longer take it, once reported to the shop
 * (reportStrayPayment): the key makes a repeated callback for it tell the shop nothing new.
 */
export const strayPayments = pgTable(
  'stray_payments',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.paymentId] })],
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
    /** The unit price after the discount, at the time of the order. */
    priceMinor: integer('price_minor').notNull(),
    qty: integer('qty').notNull(),
    /** The pack ordered; null once it is deleted (with its product). SKU, label and weight are kept. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    sku: text('sku'),
    label: text('label'),
    /** kg per unit, for the parcel. */
    weight: doublePrecision('weight'),
    /** Line options (src/shared/line-options.ts): `{ milled: true }` for milled malt. */
    options: jsonb('options').$type<LineOptions>().notNull().default({}),
    /** The line's share of the order's promo discount, kopiykas for the whole line: receipts and refunds use it. */
    discountMinor: integer('discount_minor').notNull().default(0),
  },
  (t) => [index('order_items_order_idx').on(t.orderId), index('order_items_variant_idx').on(t.variantId)],
);

/** The shop's settings (src/shared/settings.ts): one row, validated on every write and read. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shop_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Notices waiting to be sent (docs/notifications.md): written in the transaction of the change that
 * causes them, sent by a worker with retries, so none is lost or sent twice.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: text('channel', { enum: ['email', 'telegram'] }).notNull(),
    /** An e-mail address, or a Telegram chat id. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    /** Holds a secret link (a guest order's, a password reset's): its bodies are blanked once sent. */
    holdsSecret: boolean('holds_secret').notNull().default(false),
    /** Failed OUTBOX_MAX_ATTEMPTS times: no longer tried until an admin retries it. */
    deadAt: timestamp('dead_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.deadAt} IS NULL`),
    index('outbox_messages_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} IS NOT NULL`),
    index('outbox_messages_dead_idx')
      .on(t.deadAt)
      .where(sql`${t.deadAt} IS NOT NULL`),
    check('outbox_messages_channel_check', sql`${t.channel} IN ('email', 'telegram')`),
  ],
);

/**
 * Fiscal receipts the shop owes (docs/fiscal.md): written in the transaction of the payment or refund
 * that causes them, issued through Checkbox by a worker with retries. `checkboxReceiptId` is derived
 * from the payment, so a retried issue never makes a second receipt.
 */
export const fiscalReceipts = pgTable(
  'fiscal_receipts',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['sell', 'return'] }).notNull(),
    /** What the receipt is for: the provider's payment id, or a refund's key. */
    paymentKey: text('payment_key').notNull(),
    state: text('state', { enum: ['pending', 'issued', 'failed'] })
      .notNull()
      .default('pending'),
    checkboxReceiptId: uuid('checkbox_receipt_id').notNull(),
    /** The receipt as it goes to Checkbox (goods, payments, delivery), fixed when it is owed. */
    body: jsonb('body').notNull(),
    totalMinor: integer('total_minor').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    fiscalCode: text('fiscal_code'),
    publicUrl: text('public_url'),
    lastError: text('last_error'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('fiscal_receipts_payment_key').on(t.orderId, t.kind, t.paymentKey),
    uniqueIndex('fiscal_receipts_checkbox_id_key').on(t.checkboxReceiptId),
    index('fiscal_receipts_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'pending'`),
    check('fiscal_receipts_kind_check', sql`${t.kind} IN ('sell', 'return')`),
    check('fiscal_receipts_state_check', sql`${t.state} IN ('pending', 'issued', 'failed')`),
  ],
);

/** The daily Z-report: one row per Kyiv day ("2026-11-25"), claimed by one instance at a time. */
export const fiscalShiftCloses = pgTable('fiscal_shift_closes', {
  day: text('day').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }).notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
});

/**
 * The legal pages (docs/domain.md): every save adds a version, the newest is in force, and a trigger
 * refuses to change or delete any (orders point at the offer's versions). Ukrainian is binding;
 * English is a translation and may be empty.
 */
export const legalPageVersions = pgTable(
  'legal_page_versions',
  {
    pageKey: text('page_key', { enum: LEGAL_PAGE_KEYS }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    /** Markdown with {{placeholders}} for the shop's details. */
    body: text('body').notNull(),
    titleEn: text('title_en').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    /** The admin who saved it; no foreign key, since the row never changes when the account goes. */
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'legal_page_versions_pkey', columns: [t.pageKey, t.version] }),
    check('legal_page_versions_key_check', sql`${t.pageKey} IN ('offer', 'privacy', 'delivery', 'returns')`),
    check('legal_page_versions_version_check', sql`${t.version} >= 1`),
  ],
);

/** A password-reset link: only its hash is kept; single use, valid one hour. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** "Повідомити, коли з'явиться": an address waiting for a product, or for one of its packs (docs/domain.md). */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: id(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null: any pack of the product. */
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text('email').notNull(),
    /** The language of the letter. */
    locale: text('locale').notNull().default('uk'),
    createdAt: createdAt(),
  },
  (t) => [unique('stock_alerts_key').on(t.productId, t.variantId, t.email).nullsNotDistinct(), index('stock_alerts_email_idx').on(t.email)],
);

/** A monobank invoice created for an order (docs/payments.md): reused while valid, its newest status kept. */
export const monobankInvoices = pgTable(
  'monobank_invoices',
  {
    /** monobank's invoiceId. */
    invoiceId: text('invoice_id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order's total the invoice was created for, kopiykas. */
    amountMinor: integer('amount_minor').notNull(),
    pageUrl: text('page_url').notNull(),
    /** monobank's status: created, processing, hold, success, failure, reversed, expired. */
    status: text('status').notNull().default('created'),
    /** monobank's `modifiedDate` of the status kept: an older one changes nothing. */
    modifiedAt: timestamp('modified_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('monobank_invoices_order_idx').on(t.orderId, t.createdAt.desc())],
);

/**
 * Promo codes (docs/promo-codes.md). The code is unique whatever its case; `usedCount` counts the uses
 * of orders not cancelled, changed only under the row's lock in the order's transaction.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind', { enum: PROMO_KINDS }).notNull(),
    /** 1–100 for `percent`. */
    percent: integer('percent'),
    /** Kopiykas for `fixed`. */
    amountMinor: integer('amount_minor'),
    /** The items' sum (kopiykas, before the code) an order must reach. */
    minOrderMinor: integer('min_order_minor').notNull().default(0),
    /** Kyiv calendar days, both included; null: no bound. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    totalLimit: integer('total_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    /** Category slugs and product ids it applies to; both empty: every product. */
    categories: jsonb('categories')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    productIds: jsonb('product_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    active: boolean('active').notNull().default(true),
    usedCount: integer('used_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promo_codes_code_key').on(sql`lower(${t.code})`),
    check('promo_codes_kind_check', sql`${t.kind} IN ('percent', 'fixed', 'free_delivery')`),
    check('promo_codes_percent_check', sql`${t.kind} <> 'percent' OR (${t.percent} BETWEEN 1 AND 100)`),
    check('promo_codes_amount_check', sql`${t.kind} <> 'fixed' OR ${t.amountMinor} > 0`),
    check('promo_codes_used_check', sql`${t.usedCount} >= 0 AND (${t.totalLimit} IS NULL OR ${t.usedCount} <= ${t.totalLimit})`),
  ],
);

/**
 * One use of a promo code by one order, with who used it (the account, and the e-mail and phone the
 * order names): "per customer" counts the uses not given back by a cancellation.
 */
export const promoCodeUses = pgTable(
  'promo_code_uses',
  {
    id: id(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
    /** When a cancellation gave the use back; set once. */
    returnedAt: timestamp('returned_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [unique('promo_code_uses_order_key').on(t.orderId), index('promo_code_uses_code_idx').on(t.promoCodeId)],
);

/**
 * The audit trail (docs/back-office.md): written by triggers in the transaction of each admin write
 * (migration 0024) or by recordAudit; a trigger refuses to change or delete a row.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** No foreign key: the trail outlives the account. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    /** The part of the entity: a pack's SKU, an attribute's key, a legal page's version. */
    subject: text('subject'),
    /** Only the changed fields, as the database names them (money in kopiykas). */
    before: jsonb('before')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    after: jsonb('after')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id.desc()), index('audit_log_actor_idx').on(t.actorId, t.id.desc())],
);

/**
 * A recipe a brewer saved (docs/recipes.md, "Saved recipes"): the parsed recipe, the volume and
 * the choices; the id is random and unguessable, since anyone with the link may view it.
 */
export const savedRecipes = pgTable(
  'saved_recipes',
  {
    /** 22 characters of base64url (128 random bits). */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The recipe as the import read it (src/shared/recipes/schema.ts, RecipeSchema). */
    recipe: jsonb('recipe').notNull(),
    batchSizeL: doublePrecision('batch_size_l').notNull(),
    /** Per ingredient key: the chosen product id, or null to leave the line out. */
    selection: jsonb('selection').$type<Record<string, string | null>>().notNull(),
    milled: boolean('milled').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_recipes_user_idx').on(t.userId, t.createdAt.desc())],
);

export type UserRow = typeof users.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type ProductVariantRow = typeof productVariants.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OutboxMessageRow = typeof outboxMessages.$inferSelect;
export type FiscalReceiptRow = typeof fiscalReceipts.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
export type LegalPageVersionRow = typeof legalPageVersions.$inferSelect;
export type StockAlertRow = typeof stockAlerts.$inferSelect;
export type PromoCodeRow = typeof promoCodes.$inferSelect;
export type SavedRecipeRow = typeof savedRecipes.$inferSelect;
export type MonobankInvoiceRow = typeof monobankInvoices.$inferSelect;

/**
 * A supplier price list's preview (docs/import-export.md): the rows as the admin saw them and the
 * writes they stand for, with each touched pack as it was; applied once, in one transaction, or
 * left to expire. Nothing in the catalogue changes before.
 */
export const catalogueImports = pgTable(
  'catalogue_imports',
  {
    id: id(),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    supplier: text('supplier').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    preview: jsonb('preview').notNull(),
    plan: jsonb('plan').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('catalogue_imports_expires_idx')
      .on(t.expiresAt)
      .where(sql`${t.appliedAt} IS NULL`),
  ],
);

/** The column mapping a supplier's last file used, keyed by the supplier's name lower-cased. */
export const supplierImportMappings = pgTable('supplier_import_mappings', {
  supplierKey: text('supplier_key').primaryKey(),
  supplier: text('supplier').notNull(),
  mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * The dashboard's sales summary (docs/back-office.md, docs/decisions/026-dashboard-sales-summary.md):
 * per Kyiv day, summed from the orders created (or paid) that day. A write to an order only notes its
 * day in `dashboard_stale_days` (a trigger; no key, so a checkout never waits on it); the dashboard
 * sums the noted days again before it reads.
 */
export const dashboardStaleDays = pgTable('dashboard_stale_days', {
  day: date('day', { mode: 'string' }).notNull(),
});

/** Orders created on `day`, by status and payment method. */
export const dashboardOrderDays = pgTable(
  'dashboard_order_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    orders: integer('orders').notNull(),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'dashboard_order_days_pkey', columns: [t.day, t.status, t.paymentMethod] })],
);

/** Orders paid on `day` (by the day of payment, whatever their status now). */
export const dashboardPaidDays = pgTable('dashboard_paid_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
});

/** Lines of the orders created on `day` and not cancelled, per product (a deleted product's lines by name). */
export const dashboardProductDays = pgTable(
  'dashboard_product_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productKey: text('product_key').notNull(),
    productId: uuid('product_id'),
    name: text('name').notNull(),
    category: text('category'),
    qty: integer('qty').notNull(),
    revenueMinor: bigint('revenue_minor', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'dashboard_product_days_pkey', columns: [t.day, t.productKey] })],
);

export type CatalogueImportRow = typeof catalogueImports.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
