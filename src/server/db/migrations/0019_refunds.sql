-- Refunds and returns (docs/orders.md, docs/decisions/018-refunds.md): two more statuses in the one
-- transitions table, every refund kept as a row, and the flags the admin acts on.
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("status" IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled', 'returned', 'refunded'));--> statement-breakpoint
-- When the admin confirmed the goods came back (stock returned then, once).
ALTER TABLE "orders" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
-- Nova Poshta reported the parcel refused or going back ("Відмова отримувача"), and its words.
ALTER TABLE "orders" ADD COLUMN "parcel_refused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcel_refused_status" text;--> statement-breakpoint
-- Money the shop holds and must not keep (a payment for a cancelled order whose automatic refund failed).
ALTER TABLE "orders" ADD COLUMN "payment_attention" text;--> statement-breakpoint
CREATE TABLE "refunds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL,
  "lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "amount_minor" integer NOT NULL,
  "provider" text NOT NULL,
  "provider_refund_id" text,
  "status" text DEFAULT 'pending' NOT NULL,
  "reason" text DEFAULT '' NOT NULL,
  "admin_id" uuid,
  "error" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "refunds_amount_check" CHECK ("amount_minor" > 0),
  CONSTRAINT "refunds_provider_check" CHECK ("provider" IN ('liqpay', 'paypal', 'manual', 'test')),
  CONSTRAINT "refunds_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_key" ON "refunds" USING btree ("provider","provider_refund_id") WHERE "refunds"."provider_refund_id" IS NOT NULL;
