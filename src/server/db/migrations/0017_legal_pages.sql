-- The shop's legal pages (docs/domain.md, docs/decisions/016-legal-pages.md): every save is a new
-- version and the newest is in force; an order keeps the number of the offer it was placed under,
-- so no version is ever changed or deleted (the trigger refuses it on both databases).
CREATE TABLE "legal_page_versions" (
  "page_key" text NOT NULL,
  "version" integer NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "title_en" text DEFAULT '' NOT NULL,
  "body_en" text DEFAULT '' NOT NULL,
  "created_by" uuid,
  "created_by_name" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "legal_page_versions_pkey" PRIMARY KEY ("page_key", "version"),
  CONSTRAINT "legal_page_versions_key_check" CHECK ("page_key" IN ('offer', 'privacy', 'delivery', 'returns')),
  CONSTRAINT "legal_page_versions_version_check" CHECK ("version" >= 1)
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION legal_page_versions_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'legal page versions are never changed or deleted' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER legal_page_versions_immutable
BEFORE UPDATE OR DELETE ON "legal_page_versions"
FOR EACH ROW EXECUTE FUNCTION legal_page_versions_immutable();
--> statement-breakpoint
-- The offer version in force when the order was placed; null for orders from before the offer.
ALTER TABLE "orders" ADD COLUMN "offer_version" integer;
