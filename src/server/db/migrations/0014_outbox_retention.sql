-- Outbox retention (docs/notifications.md): a notice that holds a secret link is marked, so that
-- its body can be blanked once sent; one that failed OUTBOX_MAX_ATTEMPTS times is parked as dead.
ALTER TABLE "outbox_messages" ADD COLUMN "holds_secret" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
-- Letters written before: a guest order's link and a password-reset link are the secrets.
UPDATE "outbox_messages" SET "holds_secret" = true
  WHERE "text_body" LIKE '%/order/guest/%' OR "text_body" LIKE '%/reset-password?token=%';--> statement-breakpoint
UPDATE "outbox_messages" SET "text_body" = '[Текст видалено після надсилання: лист містив секретне посилання]', "html_body" = NULL
  WHERE "holds_secret" AND "sent_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "outbox_messages_due_idx";--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL AND "dead_at" IS NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_sent_idx" ON "outbox_messages" USING btree ("sent_at") WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_dead_idx" ON "outbox_messages" USING btree ("dead_at") WHERE "dead_at" IS NOT NULL;
