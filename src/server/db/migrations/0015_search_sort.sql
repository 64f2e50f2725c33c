-- Sold-out products stay listed, after those in stock, and a shopper chooses the order
-- (docs/decisions/001-search.md, "Sorting"). Each order is read from an index that holds it, its
-- expressions written exactly as src/server/features/products/listing-order.ts writes them.
DROP INDEX IF EXISTS "products_listing_idx";--> statement-breakpoint
CREATE INDEX "products_listing_idx" ON "products" USING btree (("count_in_stock" > 0) DESC, "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "products_popular_idx" ON "products" USING btree (("count_in_stock" > 0) DESC, "num_reviews" DESC, "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "products_price_asc_idx" ON "products" USING btree (("count_in_stock" > 0) DESC, ("price_minor"::bigint * (100 - "discount")), "id");--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree (("count_in_stock" > 0) DESC, ("price_minor"::bigint * (100 - "discount")) DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "products_rating_sort_idx" ON "products" USING btree (("count_in_stock" > 0) DESC, (("rating" * "num_reviews" + 7) / ("num_reviews" + 2)) DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "products_alpha_idx" ON "products" USING btree (("count_in_stock" > 0) DESC, "alfa" DESC NULLS LAST, "id" DESC);
