-- Fiscal receipts through Checkbox (docs/fiscal.md): one row per receipt the shop owes, written in
-- the transaction of the payment (or refund) that causes it, issued by a worker with retries.
CREATE TABLE "fiscal_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"payment_key" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"checkbox_receipt_id" uuid NOT NULL,
	"body" jsonb NOT NULL,
	"total_minor" integer NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fiscal_code" text,
	"public_url" text,
	"last_error" text,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiscal_receipts_kind_check" CHECK ("kind" IN ('sell', 'return')),
	CONSTRAINT "fiscal_receipts_state_check" CHECK ("state" IN ('pending', 'issued', 'failed'))
);--> statement-breakpoint
ALTER TABLE "fiscal_receipts" ADD CONSTRAINT "fiscal_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_payment_key" ON "fiscal_receipts" USING btree ("order_id","kind","payment_key");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_receipts_checkbox_id_key" ON "fiscal_receipts" USING btree ("checkbox_receipt_id");--> statement-breakpoint
CREATE INDEX "fiscal_receipts_due_idx" ON "fiscal_receipts" USING btree ("next_attempt_at") WHERE "state" = 'pending';--> statement-breakpoint
-- The daily Z-report: one row per Kyiv day, claimed by one instance at a time.
CREATE TABLE "fiscal_shift_closes" (
	"day" text PRIMARY KEY NOT NULL,
	"claimed_until" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"last_error" text
);
