import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';
import { msg } from './schema-messages.js';

/**
 * The owner's back office (docs/back-office.md): the dashboard, customers and the audit trail.
 * Money is hryvnia with two decimals, as everywhere on the wire; days are Kyiv calendar days.
 */

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const DashboardQuerySchema = z.object({
  days: z.coerce
    .number({ error: msg('dashboardPeriodInvalid') })
    .refine((days): days is DashboardPeriod => (DASHBOARD_PERIODS as readonly number[]).includes(days), msg('dashboardPeriodInvalid'))
    .default(7),
});

export const DashboardSchema = z.object({
  days: z.number().int(),
  /** Every day of the period, oldest first, days without orders too. */
  revenue: z.array(
    z.object({
      date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
      /** Totals of the orders paid (or confirmed as paid) that day. */
      paid: z.number(),
      /** Totals of the orders placed that day, cancelled ones left out. */
      placed: z.number(),
      /** Orders placed that day, cancelled ones left out. */
      orders: z.number().int(),
    }),
  ),
  /** The mean total of the period's placed orders (cancelled ones left out); 0 without orders. */
  averageOrder: z.number(),
  byStatus: z.array(z.object({ status: z.string(), orders: z.number().int() })),
  topProducts: z.array(z.object({ productId: z.string().nullable(), name: z.string(), qty: z.number().int(), revenue: z.number() })),
  topCategories: z.array(z.object({ category: z.string(), name: z.string(), qty: z.number().int(), revenue: z.number() })),
  paymentMethods: z.array(z.object({ method: z.string(), orders: z.number().int(), total: z.number() })),
  lowStock: z.array(
    z.object({
      product: z.object({ id: RecordIdSchema, name: z.string(), slug: z.string() }),
      variant: z.object({ id: RecordIdSchema, sku: z.string(), label: z.string() }),
      countInStock: z.number().int(),
      threshold: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof DashboardSchema>;

export const CUSTOMERS_PAGE_SIZE = 20;
const pageNumber = z.coerce
  .number({ error: msg('pageInvalid') })
  .int(msg('pageInvalid'))
  .min(1, msg('pageInvalid'))
  .max(100_000, msg('pageInvalid'))
  .default(1);

export const CustomerListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(100, msg('maxChars', { max: 100 }))
    .default(''),
  page: pageNumber,
});
export type CustomerListQuery = z.input<typeof CustomerListQuerySchema>;

/**
 * A registered customer's id is the account's uuid; a guest's is `guest:` and the SHA-256 (hex) of
 * what groups their orders: `email:<address>` when they gave one, else `phone:<recipient phone>`.
 */
export const GUEST_CUSTOMER_PREFIX = 'guest:';
export const CustomerIdSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(/^guest:[0-9a-f]{64}$/)], { error: msg('customerIdInvalid') }),
});

export const CustomerSchema = z.object({
  id: z.string(),
  kind: z.enum(['registered', 'guest']),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  orders: z.number().int(),
  /** What the customer paid for: totals of their paid orders, less refunds. */
  totalSpent: z.number(),
  lastOrderAt: z.iso.datetime().nullable(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerListSchema = z.object({ customers: z.array(CustomerSchema), page: z.number().int(), pages: z.number().int(), total: z.number().int() });
export type CustomerList = z.infer<typeof CustomerListSchema>;

export const CustomerDetailSchema = z.object({
  customer: CustomerSchema,
  orders: z.array(
    z.object({
      id: RecordIdSchema,
      number: z.number().int(),
      createdAt: z.iso.datetime(),
      status: z.string(),
      isPaid: z.boolean(),
      totalPrice: z.number(),
      paymentMethodId: z.string(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

/** What the trail names: products (their packs too), orders (refunds too), categories (attributes too), … */
export const AUDIT_ENTITIES = ['product', 'order', 'category', 'producer', 'settings', 'user', 'legal', 'promo_code', 'import'] as const;
export const AUDIT_PAGE_SIZE = 50;

export const AuditQuerySchema = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: msg('auditEntityUnknown') }).optional(),
  id: z
    .string()
    .trim()
    .max(100, msg('maxChars', { max: 100 }))
    .optional(),
  actor: z.uuid({ error: msg('auditActorInvalid') }).optional(),
  page: pageNumber,
});
export type AuditQuery = z.output<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.object({ id: RecordIdSchema.nullable(), name: z.string() }),
  entity: z.string(),
  entityId: z.string(),
  action: z.string(),
  subject: z.string().nullable(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema), page: z.number().int(), pages: z.number().int() });
export type AuditList = z.infer<typeof AuditListSchema>;
