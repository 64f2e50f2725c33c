import { z } from 'zod';

/** The admin's view of the notice outbox (docs/notifications.md): never the bodies, which may hold secrets. */
export const OUTBOX_STATES = ['dead', 'pending', 'sent'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

export const OutboxListQuerySchema = z.object({
  state: z.enum(OUTBOX_STATES).default('dead'),
});

export const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'telegram']),
  /** An e-mail address or a Telegram chat id. */
  recipient: z.string(),
  subject: z.string(),
  orderId: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  deadAt: z.iso.datetime().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OutboxListSchema = z.object({ messages: z.array(OutboxMessageSchema) });
export type OutboxList = z.infer<typeof OutboxListSchema>;
