-- Human-readable product addresses (docs/seo.md): the slug is derived from the name in TypeScript,
-- so existing rows get theirs at the next start-up (products repository refreshDerivedColumns).
ALTER TABLE "products" ADD COLUMN "slug" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");
--> statement-breakpoint
-- The search keys gained category words and model names written together (docs/decisions/001-search.md):
-- emptied here, derived again at start-up the same way.
UPDATE "products" SET "search_keys" = '{}';
