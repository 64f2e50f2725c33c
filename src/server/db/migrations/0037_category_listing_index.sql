-- A published category page counted, filtered and ordered from one index (docs/decisions/
-- 038-category-page-from-one-index.md): the index holds every column the category page's
-- filters and orders read, and the product row keeps its packs' prices after discount (kopiykas × 100,
-- one point each) so a price range needs no look-up of the packs. refreshProductSummaries keeps them.
ALTER TABLE "products" ADD COLUMN "pack_prices" int8multirange DEFAULT '{}'::int8multirange NOT NULL;
--> statement-breakpoint
-- The packs' prices are the packs' own audit entries: the product's trail leaves them out, as it leaves
-- out the other summaries (migration 0024).
DROP TRIGGER audit_products ON "products";
--> statement-breakpoint
CREATE TRIGGER audit_products AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW
EXECUTE FUNCTION audit_change('product', 'id', 'price_minor', 'discount', 'count_in_stock', 'weight', 'search_text', 'search_keys', 'rating', 'num_reviews', 'created_at', 'updated_at', 'user_id', 'pack_prices');
--> statement-breakpoint
UPDATE "products" SET "pack_prices" = coalesce((
	SELECT range_agg(int8range("price_minor"::bigint * (100 - "discount"), "price_minor"::bigint * (100 - "discount"), '[]'))
	FROM "product_variants"
	WHERE "product_variants"."product_id" = "products"."id" AND "product_variants"."archived_at" IS NULL
), '{}');
--> statement-breakpoint
CREATE INDEX "products_category_listing_idx" ON "products" USING btree ("category","id","count_in_stock","price_minor","discount","created_at","num_reviews","rating","origin","attributes","pack_prices") WHERE "products"."status" = 'published';
