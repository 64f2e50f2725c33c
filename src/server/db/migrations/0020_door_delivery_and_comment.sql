-- Courier delivery to the door, Nova Poshta's estimate shown before paying, and the shopper's
-- comment (docs/delivery.md, docs/orders.md). A branch order keeps delivery_kind 'branch' and no
-- street; the comment is for the shop only and never goes into letters to other addresses.
ALTER TABLE "orders" ADD COLUMN "delivery_kind" text DEFAULT 'branch' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_kind_check" CHECK ("delivery_kind" IN ('branch', 'door'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "street_ref" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "street_name" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "house" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flat" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_area" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "settlement_region" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_estimate_minor" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_estimate_date" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "comment" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_comment_length_check" CHECK (char_length("comment") <= 500);
