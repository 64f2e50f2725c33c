-- The search keys gained the product's category ("#Kegs"), so that a word naming a category is one
-- index condition (docs/decisions/001-search.md): emptied here, derived again at start-up.
UPDATE "products" SET "search_keys" = '{}';
