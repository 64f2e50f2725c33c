import { z } from 'zod';
import { msg } from './schema-messages.js';
import { EmailSchema } from './users.js';

/** "Повідомити, коли з'явиться" (docs/domain.md, "Stock alerts"). */
export const StockAlertCreateSchema = z.object({
  email: EmailSchema,
  /** One pack; left out: any pack of the product. */
  variant: z.uuid({ error: msg('idInvalid') }).optional(),
  locale: z.enum(['uk', 'en']).default('uk'),
});
export type StockAlertCreate = z.input<typeof StockAlertCreateSchema>;

/** The unsubscribe link of an alert letter: the address and the shop's signature of it. */
export const StockAlertUnsubscribeSchema = z.object({
  email: EmailSchema,
  signature: z.string().regex(/^[\w-]{43}$/, msg('resetLinkInvalid')),
});
export type StockAlertUnsubscribe = z.input<typeof StockAlertUnsubscribeSchema>;
