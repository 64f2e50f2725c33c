-- Abuse limits (docs/orders.md, docs/accounts.md). An offline order the shop has confirmed keeps its
-- stock; one it has not is cancelled after UNCONFIRMED_ORDER_TTL_MINUTES. Orders already paid,
-- shipped or delivered count as confirmed; pending ones placed before this release are confirmed
-- too, so nothing an admin already agreed to on the phone expires by surprise.
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "confirmed_at" = "created_at" WHERE "status" <> 'cancelled';--> statement-breakpoint
-- The SHA-256 of the checkout's canonical body, kept with its Idempotency-Key: the same key with
-- another body is refused instead of answered with the first order.
ALTER TABLE "orders" ADD COLUMN "idempotency_body_hash" text;--> statement-breakpoint
-- A guest's key is the guest's own secret: one order per key among guest orders.
CREATE UNIQUE INDEX "orders_guest_idempotency_key" ON "orders" USING btree ("idempotency_key") WHERE "idempotency_key" IS NOT NULL AND "user_id" IS NULL;
