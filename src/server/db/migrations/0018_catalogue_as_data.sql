-- Categories, producers and the attributes a category's products carry are rows the owner edits
-- (docs/domain.md, docs/decisions/017-categories-and-attributes.md). The seeded rows are the
-- taxonomy the shop had in code; a seeded category's slug is the value the API's `category` field
-- always carried ("Hops", "Kegs"), so existing clients and links keep working.
CREATE TABLE "categories" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "slug" text NOT NULL,
  "name" text NOT NULL,
  "name_en" text NOT NULL,
  "parent_id" uuid,
  "position" integer DEFAULT 0 NOT NULL,
  "visible" boolean DEFAULT true NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "categories_slug_unique" UNIQUE ("slug"),
  CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "categories"("id") ON DELETE restrict,
  CONSTRAINT "categories_slug_check" CHECK ("slug" ~ '^[A-Za-z0-9][A-Za-z0-9-]{0,62}$')
);
--> statement-breakpoint
CREATE TABLE "producers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "country" text DEFAULT '' NOT NULL,
  "category_id" uuid,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "producers_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX "producers_name_idx" ON "producers" USING btree (coalesce("category_id", '00000000-0000-0000-0000-000000000000'::uuid), "name");
--> statement-breakpoint
CREATE TABLE "category_attributes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "category_id" uuid NOT NULL,
  "key" text NOT NULL,
  "name" text NOT NULL,
  "name_en" text NOT NULL,
  "type" text NOT NULL,
  "unit" text DEFAULT '' NOT NULL,
  "options" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "filterable" boolean DEFAULT false NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  CONSTRAINT "category_attributes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "categories"("id") ON DELETE cascade,
  CONSTRAINT "category_attributes_key_unique" UNIQUE ("category_id", "key"),
  CONSTRAINT "category_attributes_type_check" CHECK ("type" IN ('number', 'enum', 'text', 'boolean')),
  CONSTRAINT "category_attributes_key_check" CHECK ("key" ~ '^[a-z][A-Za-z0-9]{0,39}$')
);
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "name_en", "position") VALUES
  ('Hops', 'Хміль', 'Hops', 0),
  ('Yeast', 'Дріжджі', 'Yeast', 1),
  ('Equipment', 'Обладнання', 'Equipment', 2),
  ('Malt', 'Солод', 'Malt', 3);
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "name_en", "position", "parent_id")
SELECT v.slug, v.name, v.name_en, v.position, (SELECT "id" FROM "categories" WHERE "slug" = 'Equipment')
FROM (VALUES
  ('Kegs', 'Кеги', 'Kegs', 0),
  ('Fittings', 'Фітинги', 'Fittings', 1),
  ('Heads', 'Заправні головки', 'Filling heads', 2),
  ('Coolers', 'Охолоджувачі', 'Coolers', 3),
  ('BeerTaps', 'Пивні крани', 'Beer taps', 4),
  ('Defoamers', 'Піногасники', 'Defoamers', 5),
  ('Reducers', 'Редуктори', 'Reducers', 6),
  ('BeerColumns', 'Пивні колони', 'Beer columns', 7),
  ('Accessories', 'Аксесуари', 'Accessories', 8)
) AS v(slug, name, name_en, position);
--> statement-breakpoint
INSERT INTO "producers" ("name", "country", "category_id", "position")
SELECT v.name, v.country, c."id", v.position
FROM (VALUES
  ('Germany', 'Germany', 'Hops', 0),
  ('Australia', 'Australia', 'Hops', 1),
  ('New Zealand', 'New Zealand', 'Hops', 2),
  ('Slovenia', 'Slovenia', 'Hops', 3),
  ('England', 'England', 'Hops', 4),
  ('Czech Republic', 'Czech Republic', 'Hops', 5),
  ('South Africa', 'South Africa', 'Hops', 6),
  ('USA', 'USA', 'Hops', 7),
  ('Fermentis', 'France', 'Yeast', 0),
  ('Lallemand', 'Canada', 'Yeast', 1)
) AS v(name, country, category, position)
JOIN "categories" c ON c."slug" = v.category;
--> statement-breakpoint
INSERT INTO "category_attributes" ("category_id", "key", "name", "name_en", "type", "unit", "options", "filterable", "position")
SELECT c."id", v.key, v.name, v.name_en, v.type, v.unit, v.options::jsonb, v.filterable, v.position
FROM (VALUES
  ('Hops', 'alpha', 'Альфа-кислоти', 'Alpha acids', 'number', '%', '[]', true, 0),
  ('Hops', 'beta', 'Бета-кислоти', 'Beta acids', 'number', '%', '[]', false, 1),
  ('Hops', 'purpose', 'Призначення', 'Purpose', 'enum', '',
    '[{"value":"bittering","name":"Гіркий","nameEn":"Bittering"},{"value":"aroma","name":"Ароматичний","nameEn":"Aroma"},{"value":"dual","name":"Універсальний","nameEn":"Dual purpose"}]', true, 2),
  ('Hops', 'cropYear', 'Рік урожаю', 'Crop year', 'number', '', '[]', true, 3),
  ('Hops', 'aroma', 'Аромат', 'Aroma notes', 'text', '', '[]', false, 4),
  ('Yeast', 'fermentation', 'Тип бродіння', 'Fermentation', 'enum', '',
    '[{"value":"top","name":"Верхове","nameEn":"Top"},{"value":"bottom","name":"Низове","nameEn":"Bottom"}]', true, 0),
  ('Yeast', 'temperature', 'Температура бродіння', 'Fermentation temperature', 'text', '', '[]', false, 1),
  ('Yeast', 'attenuation', 'Ступінь зброджування', 'Attenuation', 'number', '%', '[]', true, 2),
  ('Malt', 'colour', 'Колір', 'Colour', 'number', 'EBC', '[]', true, 0)
) AS v(category, key, name, name_en, type, unit, options, filterable, position)
JOIN "categories" c ON c."slug" = v.category;
--> statement-breakpoint
-- Attribute values live on the product as one JSON object checked against its category's
-- definitions on every write (docs/decisions/017-categories-and-attributes.md).
ALTER TABLE "products" ADD COLUMN "attributes" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
UPDATE "products" SET "attributes" = jsonb_strip_nulls(CASE
  WHEN "category" = 'Hops' THEN jsonb_build_object('alpha', "alfa", 'cropYear', "crop_year")
  WHEN "category" = 'Yeast' THEN jsonb_build_object('fermentation', "ferment_type", 'temperature', nullif("ferment_temp", ''))
  ELSE '{}'::jsonb
END);
--> statement-breakpoint
-- A product whose category was never one of the seeded ones (there should be none) is kept, under Accessories.
UPDATE "products" SET "category" = 'Accessories' WHERE "category" NOT IN (SELECT "slug" FROM "categories");
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "categories"("slug") ON DELETE restrict;
--> statement-breakpoint
DROP INDEX "products_alpha_idx";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "alfa";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "crop_year";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "ferment_type";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "ferment_temp";
--> statement-breakpoint
-- sort=alpha_desc reads the hop's alpha from its attributes, in this index's order (listing-order.ts).
CREATE INDEX "products_alpha_idx" ON "products" USING btree (("count_in_stock" > 0) DESC, (("attributes"->>'alpha')::double precision) DESC NULLS LAST, "id" DESC);
--> statement-breakpoint
CREATE INDEX "products_attributes_idx" ON "products" USING gin ("attributes" jsonb_path_ops);
--> statement-breakpoint
-- Every instance's cached catalogue answers name categories and attributes too (migration 0002).
CREATE TRIGGER categories_catalog_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER producers_catalog_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON producers
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER category_attributes_catalog_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category_attributes
FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
