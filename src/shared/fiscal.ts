import { z } from 'zod';

/**
 * Fiscal receipts as both sides see them (docs/fiscal.md): issued through Checkbox, the shop's
 * software cash register, after each payment (`sell`) and refund (`return`).
 */
export const FISCAL_RECEIPT_KINDS = ['sell', 'return'] as const;
export const FISCAL_RECEIPT_STATES = ['pending', 'issued', 'failed'] as const;
export type FiscalReceiptKind = (typeof FISCAL_RECEIPT_KINDS)[number];
export type FiscalReceiptState = (typeof FISCAL_RECEIPT_STATES)[number];

/** On the order: what the shopper may see. `fiscalCode` and `url` once issued. */
export const FiscalReceiptSchema = z.object({
  kind: z.enum(FISCAL_RECEIPT_KINDS),
  state: z.enum(FISCAL_RECEIPT_STATES),
  fiscalCode: z.string().nullable(),
  url: z.string().nullable(),
});
export type FiscalReceipt = z.infer<typeof FiscalReceiptSchema>;

/** GET /api/orders/{id}/receipts (admin): the same with how issuing goes. */
export const AdminFiscalReceiptSchema = FiscalReceiptSchema.extend({
  id: z.string(),
  /** The receipt's id at Checkbox, derived from the payment. */
  checkboxReceiptId: z.string(),
  /** Hryvnia with 2 decimals. */
  total: z.number(),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastError: z.string().nullable(),
  issuedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminFiscalReceipt = z.infer<typeof AdminFiscalReceiptSchema>;

/** GET /api/fiscal/status (admin): whether receipts go out at all. */
export const FiscalStatusSchema = z.object({
  configured: z.boolean(),
  /** Checkbox's address the shop talks to (null when not set up). */
  apiUrl: z.string().nullable(),
  /** The hour, Kyiv time, of the daily Z-report. */
  shiftCloseHour: z.number().nullable(),
});
export type FiscalStatus = z.infer<typeof FiscalStatusSchema>;
