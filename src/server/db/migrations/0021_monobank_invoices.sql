-- monobank acquiring (docs/payments.md): one row per invoice created for an order. A shopper who
-- clicks "pay" again reuses a still-valid invoice; the webhook finds its invoice here and keeps
-- only the newest status (monobank's `modifiedDate`), so replays and late statuses change nothing.
CREATE TABLE "monobank_invoices" (
	"invoice_id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"page_url" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"modified_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "monobank_invoices" ADD CONSTRAINT "monobank_invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "monobank_invoices_order_idx" ON "monobank_invoices" USING btree ("order_id","created_at" DESC NULLS LAST);
