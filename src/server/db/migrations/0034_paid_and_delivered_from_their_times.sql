-- An order is paid exactly when it has `paid_at`, delivered exactly when it has `delivered_at`
-- (docs/orders.md, docs/decisions/035-paid-and-delivered-from-their-times.md): the `is_paid` and
-- `is_delivered` flags said it a second time. Where flag and time disagreed the flag (what the shop
-- showed and acted on) wins, so every order keeps its state: a missing time is the latest moment
-- known before the event, a time without its flag is cleared. Delivered first: cash on delivery
-- was paid when it was delivered.
UPDATE "orders" SET "delivered_at" = coalesce("shipped_at", "paid_at", "created_at") WHERE "is_delivered" AND "delivered_at" IS NULL;
--> statement-breakpoint
UPDATE "orders" SET "delivered_at" = NULL WHERE NOT "is_delivered" AND "delivered_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "orders" SET "paid_at" = CASE WHEN "payment_method" = 'cash_on_delivery' THEN coalesce("delivered_at", "created_at") ELSE "created_at" END
WHERE "is_paid" AND "paid_at" IS NULL;
--> statement-breakpoint
UPDATE "orders" SET "paid_at" = NULL WHERE NOT "is_paid" AND "paid_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "is_paid";
--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "is_delivered";
