-- What the payment providers report beyond "paid" (docs/payments.md), and the shopper's language
-- (docs/notifications.md). Every column is new and nullable or defaulted: nothing existing changes.
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_pending_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_pending_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "paypal_capture_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "refund_minor" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "refund_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "locale" text DEFAULT 'uk' NOT NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_paypal_pending_idx" ON "orders" ("payment_pending_since") WHERE "paypal_capture_id" IS NOT NULL AND "payment_pending_status" IS NOT NULL;
