-- A stray payment (one taken for an order already paid by another) is reported to the shop once: a
-- repeated provider callback for it finds its row and tells the shop nothing new (reportStrayPayment).
CREATE TABLE "stray_payments" (
	"order_id" uuid NOT NULL,
	"payment_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stray_payments_order_id_payment_id_pk" PRIMARY KEY("order_id","payment_id")
);
--> statement-breakpoint
ALTER TABLE "stray_payments" ADD CONSTRAINT "stray_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;