-- Orders named for what they hold (docs/orders.md): the recipient and the Nova Poshta branch.
ALTER TABLE "orders" RENAME COLUMN "address" TO "recipient_name";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "phone" TO "recipient_phone";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "city" TO "city_name";--> statement-breakpoint
ALTER TABLE "orders" RENAME COLUMN "country" TO "branch_description";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "city_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "warehouse_ref" text;--> statement-breakpoint
-- The life cycle: an explicit status, existing orders mapped from their flags.
ALTER TABLE "orders" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "status" = CASE WHEN "is_delivered" THEN 'delivered' WHEN "is_paid" THEN 'paid' ELSE 'pending' END;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waybill_ref" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
-- A number to read out on the phone: 1001, 1002, … (existing orders numbered by age).
CREATE SEQUENCE "order_number_seq" START WITH 1001;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "orders" SET "number" = numbered."number"
  FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS "number" FROM "orders") AS numbered
  WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('order_number_seq', COALESCE(max("number") + 1, 1001), false) FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET DEFAULT nextval('order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "order_number_seq" OWNED BY "orders"."number";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_key" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_key" ON "orders" USING btree ("user_id", "idempotency_key") WHERE "idempotency_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status", "created_at" DESC NULLS FIRST, "id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_tracking_number_idx" ON "orders" USING btree ("tracking_number") WHERE "tracking_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_recipient_phone_idx" ON "orders" USING btree ("recipient_phone");--> statement-breakpoint
CREATE INDEX "orders_recipient_name_idx" ON "orders" USING gin ("recipient_name" gin_trgm_ops);--> statement-breakpoint
-- Unpaid orders awaiting expiry are found without reading the rest.
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "status" = 'pending';--> statement-breakpoint
-- Notices (e-mail, Telegram) written in the same transaction as the change that causes them.
CREATE TABLE "outbox_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"order_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_messages_channel_check" CHECK ("channel" IN ('email', 'telegram'))
);--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_messages_due_idx" ON "outbox_messages" USING btree ("next_attempt_at") WHERE "sent_at" IS NULL;--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");
