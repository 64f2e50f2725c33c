-- A published category page counted, filtered and ordered from one index (docs/decisions/
-- 038-category-page-from-one-index.md): the index holds every column the category page's
-- filters and orders read, and the product row keeps its packs' prices after discount (kopiykas × 100,
-- one point each) so a price range needs no look-up of the packs. refreshProductSummaries keeps them.
ALTER TABLE "products" ADD COLUMN "pack_prices" int8multirange DEFAULT '{}'::int8multirange NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "pack_prices" = coalesce((
	SELECT range_agg(int8range("price_minor"::bigint * (100 - "discount"), "price_minor"::bigint * (100 - "discount"), '[]'))
	FROM "product_variants"
	WHERE "product_variants"."product_id" = "products"."id" AND "product_variants"."archived_at" IS NULL
), '{}');
--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category","id","count_in_stock","price_minor","discount","created_at","num_reviews","rating","origin","attributes","pack_prices") WHERE "products"."status" = 'published';
