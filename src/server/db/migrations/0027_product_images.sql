-- A product shows several pictures (docs/domain.md, "Images"): the gallery in order, each with its alt
-- text and the widths stored for it. `image` stays the first one, for the product JSON and the feeds.
ALTER TABLE "products" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;
--> statement-breakpoint
-- Every product's one picture becomes its gallery, its name the alt text; an upload was stored at 400 and 800 px.
UPDATE "products" SET "images" = jsonb_build_array(jsonb_build_object(
  'url', "image",
  'alt', "name",
  'altEn', '',
  'widths', CASE WHEN "image" ~ '^/uploads/[A-Za-z0-9_-]+-800\.webp$' THEN '[400, 800]'::jsonb ELSE '[]'::jsonb END
));
