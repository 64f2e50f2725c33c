-- The owner's back office (docs/back-office.md, docs/decisions/022-audit-trail-by-triggers.md).
--
-- 1. Low stock: each pack has its own threshold; `low_stock_notified` says the shop was already told
--    it ran low, and is cleared by the trigger below whenever a restock lifts it above the threshold.
--    Packs already low when this runs count as told: they are on the dashboard's list anyway.
ALTER TABLE "product_variants" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_notified" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_low_stock_threshold_check" CHECK ("low_stock_threshold" >= 0);
--> statement-breakpoint
UPDATE "product_variants" SET "low_stock_notified" = true WHERE "count_in_stock" <= "low_stock_threshold";
--> statement-breakpoint
CREATE INDEX "product_variants_low_stock_idx" ON "product_variants" USING btree ("count_in_stock") WHERE "archived_at" IS NULL AND "count_in_stock" <= "low_stock_threshold";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION product_variants_low_stock_restocked() RETURNS trigger AS $$
BEGIN
  NEW.low_stock_notified := false;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER product_variants_low_stock_restocked
BEFORE UPDATE ON "product_variants"
FOR EACH ROW WHEN (NEW.count_in_stock > NEW.low_stock_threshold AND NEW.low_stock_notified)
EXECUTE FUNCTION product_variants_low_stock_restocked();
--> statement-breakpoint
-- 2. The dashboard's paid revenue is grouped by the day of payment.
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "paid_at" IS NOT NULL;
--> statement-breakpoint
-- 3. The audit trail: one row per changed row of an admin's write, written by the triggers below in
--    the write's own transaction. The writer is the transaction's `shop.audit_actor` setting (JSON
--    `{"id","name"}`), set only for an admin's request: other writes (orders, payments, the
--    workers) are not the admin's and leave no row. Only the changed columns are kept.
CREATE TABLE "audit_log" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  "actor_id" uuid,
  "actor_name" text DEFAULT '' NOT NULL,
  "entity" text NOT NULL,
  "entity_id" text NOT NULL,
  "action" text NOT NULL,
  "subject" text,
  "before" jsonb DEFAULT '{}'::jsonb NOT NULL,
  "after" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id","id" DESC);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'the audit trail is never changed or deleted' USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_log_immutable
BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();
--> statement-breakpoint
-- TG_ARGV: the entity, then the columns never recorded (derived, secret or internal).
CREATE OR REPLACE FUNCTION audit_change() RETURNS trigger AS $$
DECLARE
  actor jsonb := nullif(current_setting('shop.audit_actor', true), '')::jsonb;
  old_row jsonb;
  new_row jsonb;
  row_now jsonb;
  ignored text[] := TG_ARGV[1:];
  before_fields jsonb := '{}'::jsonb;
  after_fields jsonb := '{}'::jsonb;
  k text;
  entity text := TG_ARGV[0];
  entity_key text;
  act text := CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END;
  part text;
BEGIN
  IF actor IS NULL THEN RETURN NULL; END IF;
  IF TG_OP <> 'INSERT' THEN old_row := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_row := to_jsonb(NEW); END IF;
  row_now := coalesce(new_row, old_row);
  entity_key := row_now->>'id';
  -- The settings are one JSON value: its sections are the fields.
  IF TG_TABLE_NAME = 'shop_settings' THEN
    old_row := old_row->'value';
    new_row := new_row->'value';
  END IF;
  FOR k IN SELECT jsonb_object_keys(coalesce(new_row, old_row)) UNION SELECT jsonb_object_keys(coalesce(old_row, new_row)) LOOP
    CONTINUE WHEN k = ANY(ignored);
    IF old_row IS NULL OR new_row IS NULL OR old_row->k IS DISTINCT FROM new_row->k THEN
      IF old_row IS NOT NULL AND old_row ? k THEN before_fields := before_fields || jsonb_build_object(k, old_row->k); END IF;
      IF new_row IS NOT NULL AND new_row ? k THEN after_fields := after_fields || jsonb_build_object(k, new_row->k); END IF;
    END IF;
  END LOOP;

  -- A pack or an attribute deleted with its product or category: the parent's own entry says it.
  -- (Nested: OLD has these fields only on these tables, and SQL does not promise to stop at the first false.)
  IF TG_OP = 'DELETE' THEN
    IF TG_TABLE_NAME = 'product_variants' THEN
      IF NOT EXISTS (SELECT 1 FROM products WHERE id = (old_row->>'product_id')::uuid) THEN RETURN NULL; END IF;
    ELSIF TG_TABLE_NAME = 'category_attributes' THEN
      IF NOT EXISTS (SELECT 1 FROM categories WHERE id = (old_row->>'category_id')::uuid) THEN RETURN NULL; END IF;
    END IF;
  END IF;

  IF TG_TABLE_NAME = 'product_variants' THEN
    -- A product save parks each kept pack's SKU under "~id" for a moment (SKUs may move between packs).
    IF before_fields->>'sku' LIKE '~%' OR after_fields->>'sku' LIKE '~%' THEN
      before_fields := before_fields - 'sku';
      after_fields := after_fields - 'sku';
    END IF;
    entity_key := row_now->>'product_id';
    part := row_now->>'sku';
    IF part LIKE '~%' THEN part := old_row->>'sku'; END IF;
    act := 'pack.' || act;
  ELSIF TG_TABLE_NAME = 'category_attributes' THEN
    entity_key := row_now->>'category_id';
    part := row_now->>'key';
    act := 'attribute.' || act;
  ELSIF TG_TABLE_NAME = 'refunds' THEN
    entity_key := row_now->>'order_id';
    act := CASE TG_OP WHEN 'INSERT' THEN 'refund' ELSE 'refund.' || coalesce(row_now->>'status', 'update') END;
  ELSIF TG_TABLE_NAME = 'legal_page_versions' THEN
    entity_key := row_now->>'page_key';
    part := row_now->>'version';
  ELSIF TG_TABLE_NAME = 'shop_settings' THEN
    entity_key := 'shop';
  ELSIF TG_TABLE_NAME = 'products' AND after_fields ? 'status' AND TG_OP = 'UPDATE' THEN
    act := CASE after_fields->>'status' WHEN 'published' THEN 'publish' WHEN 'hidden' THEN 'hide' ELSE 'unpublish' END;
  ELSIF TG_TABLE_NAME = 'orders' AND TG_OP = 'UPDATE' THEN
    act := CASE
      WHEN after_fields ? 'status' THEN after_fields->>'status'
      WHEN after_fields ? 'confirmed_at' THEN 'confirmed'
      WHEN after_fields ? 'waybill_ref' OR after_fields ? 'tracking_number' THEN 'waybill'
      ELSE 'update' END;
  ELSIF TG_TABLE_NAME = 'users' AND after_fields ? 'is_admin' AND TG_OP = 'UPDATE' THEN
    act := 'role';
  END IF;

  IF TG_OP = 'UPDATE' AND after_fields = '{}'::jsonb AND before_fields = '{}'::jsonb THEN RETURN NULL; END IF;
  INSERT INTO audit_log (actor_id, actor_name, entity, entity_id, action, subject, before, after)
  VALUES ((actor->>'id')::uuid, coalesce(actor->>'name', ''), entity, entity_key, act, part, before_fields, after_fields);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER audit_products AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW
EXECUTE FUNCTION audit_change('product', 'id', 'price_minor', 'discount', 'count_in_stock', 'weight', 'search_text', 'search_keys', 'rating', 'num_reviews', 'created_at', 'updated_at', 'user_id');
--> statement-breakpoint
CREATE TRIGGER audit_product_variants AFTER INSERT OR UPDATE OR DELETE ON "product_variants" FOR EACH ROW
EXECUTE FUNCTION audit_change('product', 'id', 'product_id', 'position', 'low_stock_notified', 'created_at', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER audit_categories AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW
EXECUTE FUNCTION audit_change('category', 'id', 'created_at', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER audit_category_attributes AFTER INSERT OR UPDATE OR DELETE ON "category_attributes" FOR EACH ROW
EXECUTE FUNCTION audit_change('category', 'id', 'category_id');
--> statement-breakpoint
CREATE TRIGGER audit_producers AFTER INSERT OR UPDATE OR DELETE ON "producers" FOR EACH ROW
EXECUTE FUNCTION audit_change('producer', 'id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER audit_shop_settings AFTER INSERT OR UPDATE ON "shop_settings" FOR EACH ROW
EXECUTE FUNCTION audit_change('settings');
--> statement-breakpoint
-- Placing an order is the shopper's act, never the admin's: only changes to it are recorded.
CREATE TRIGGER audit_orders AFTER UPDATE OR DELETE ON "orders" FOR EACH ROW
EXECUTE FUNCTION audit_change('order', 'id', 'tracking_status', 'tracking_checked_at', 'payment_result', 'idempotency_key', 'idempotency_body_hash', 'access_token_hash');
--> statement-breakpoint
CREATE TRIGGER audit_refunds AFTER INSERT OR UPDATE ON "refunds" FOR EACH ROW
EXECUTE FUNCTION audit_change('order', 'id', 'order_id', 'admin_id', 'created_at');
--> statement-breakpoint
CREATE TRIGGER audit_users AFTER UPDATE OR DELETE ON "users" FOR EACH ROW
EXECUTE FUNCTION audit_change('user', 'id', 'password_hash', 'token_version', 'created_at', 'updated_at');
--> statement-breakpoint
CREATE TRIGGER audit_legal_page_versions AFTER INSERT ON "legal_page_versions" FOR EACH ROW
EXECUTE FUNCTION audit_change('legal', 'page_key', 'created_by', 'created_by_name', 'created_at');
