import { z } from 'zod';
import { RecordIdSchema } from './record-id.js';

/** Packing slips (docs/import-export.md, "Packing"): what the admin prints to pack and label parcels. */

const MAX_SLIPS = 100;

/** `ids=a,b,c`: the orders to print, in the order given; at most a hundred at once. */
export const PackingSlipQuerySchema = z.object({
  ids: z
    .string()
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ error: 'Невідомий ідентифікатор замовлення' }))
        .min(1, 'Оберіть замовлення')
        .max(MAX_SLIPS, `Не більше ${MAX_SLIPS} замовлень за раз`),
    ),
});

export const PackingSlipLineSchema = z.object({
  name: z.string(),
  label: z.string().nullable(),
  sku: z.string().nullable(),
  qty: z.number(),
  /** "подрібнити" and any other line option, in words. */
  options: z.string().nullable(),
  price: z.number(),
});

export const PackingSlipSchema = z.object({
  id: RecordIdSchema,
  number: z.number(),
  createdAt: z.string(),
  status: z.string(),
  recipientName: z.string(),
  recipientPhone: z.string(),
  city: z.string(),
  delivery: z.enum(['branch', 'door']),
  /** The branch or locker, or the street, house and flat for the courier. */
  address: z.string(),
  trackingNumber: z.string().nullable(),
  paymentMethodId: z.string(),
  isPaid: z.boolean(),
  cashOnDelivery: z.boolean(),
  comment: z.string(),
  totalPrice: z.number(),
  receiptUrl: z.string().nullable(),
  lines: z.array(PackingSlipLineSchema),
  weight: z.number(),
});
export type PackingSlip = z.infer<typeof PackingSlipSchema>;

export const PackingSlipsSchema = z.object({
  shop: z.object({ name: z.string(), phone: z.string(), email: z.string(), address: z.string(), site: z.string() }),
  slips: z.array(PackingSlipSchema),
});
export type PackingSlips = z.infer<typeof PackingSlipsSchema>;
