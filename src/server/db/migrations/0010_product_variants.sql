-- Pack sizes (docs/decisions/013-product-variants.md): every product is sold as one or more variants,
-- each with its own SKU, label, price, discount, stock and weight. The products table keeps price,
-- discount, stock and weight as a summary of its variants, kept in the same transaction as every
-- change (products repository refreshProductSummaries), because listing, search and their indexes
-- read them there.
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"label" text NOT NULL,
	"price_minor" integer NOT NULL,
	"discount" integer DEFAULT 0 NOT NULL,
	"count_in_stock" integer DEFAULT 0 NOT NULL,
	"weight" double precision NOT NULL,
	"gtin" text,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "product_variants_stock_check" CHECK ("count_in_stock" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("sku");
--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id", "position");
--> statement-breakpoint
-- Every existing product becomes a one-variant product: its slug (or id, before slugs are derived)
-- is the SKU, its category's old selling unit the label; price, discount, stock and weight as they are.
INSERT INTO "product_variants" ("product_id", "sku", "label", "price_minor", "discount", "count_in_stock", "weight", "position", "created_at")
SELECT "id",
	upper(coalesce("slug", replace("id"::text, '-', ''))),
	CASE "category" WHEN 'Hops' THEN '1 кг' WHEN 'Yeast' THEN '500 г' ELSE '1 шт' END,
	"price_minor", "discount", greatest("count_in_stock", 0), "weight", 0, "created_at"
FROM "products";
--> statement-breakpoint
-- Draft and hidden products are the admin's alone; everything sold so far stays published.
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("status" IN ('draft', 'published', 'hidden'));
--> statement-breakpoint
-- Each order line keeps its own pack: variant, SKU, label, unit weight and options (milled malt), so
-- the order page and the parcel's weight never change with the catalogue.
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "label" text;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "weight" double precision;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "order_items_variant_idx" ON "order_items" USING btree ("variant_id");
--> statement-breakpoint
-- Lines ordered before variants existed: their product's only variant, as it is now.
UPDATE "order_items" SET "variant_id" = v."id", "sku" = v."sku", "label" = v."label", "weight" = v."weight"
FROM "product_variants" v
WHERE v."product_id" = "order_items"."product_id";
