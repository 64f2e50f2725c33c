-- The dashboard's sales summary (docs/back-office.md, docs/decisions/026-dashboard-sales-summary.md).
-- Writers only note the Kyiv days an order write touches; the dashboard sums those days again before
-- it reads, so a 90-day dashboard reads ~90 × a few rows instead of every order and line of the period.
CREATE TABLE "dashboard_stale_days" (
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_order_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"payment_method" text NOT NULL,
	"orders" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	CONSTRAINT "dashboard_order_days_pkey" PRIMARY KEY("day","status","payment_method")
);
--> statement-breakpoint
CREATE TABLE "dashboard_paid_days" (
	"day" date PRIMARY KEY NOT NULL,
	"total_minor" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_product_days" (
	"day" date NOT NULL,
	"product_key" text NOT NULL,
	"product_id" uuid,
	"name" text NOT NULL,
	"category" text,
	"qty" integer NOT NULL,
	"revenue_minor" bigint NOT NULL,
	CONSTRAINT "dashboard_product_days_pkey" PRIMARY KEY("day","product_key")
);
--> statement-breakpoint
-- The days an order's row speaks of: the Kyiv day it was created and the day it was paid, before and
-- after the write. Inserted without a key, so two checkouts never wait on each other here.
CREATE OR REPLACE FUNCTION dashboard_note_order_days() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO dashboard_stale_days (day)
    SELECT DISTINCT d FROM (VALUES ((OLD.created_at AT TIME ZONE 'Europe/Kyiv')::date), ((OLD.paid_at AT TIME ZONE 'Europe/Kyiv')::date)) v(d)
    WHERE d IS NOT NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO dashboard_stale_days (day)
    SELECT DISTINCT d FROM (VALUES ((NEW.created_at AT TIME ZONE 'Europe/Kyiv')::date), ((NEW.paid_at AT TIME ZONE 'Europe/Kyiv')::date)) v(d)
    WHERE d IS NOT NULL;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER dashboard_note_order_insert_delete AFTER INSERT OR DELETE ON "orders"
FOR EACH ROW EXECUTE FUNCTION dashboard_note_order_days();
--> statement-breakpoint
CREATE TRIGGER dashboard_note_order_update AFTER UPDATE ON "orders"
FOR EACH ROW WHEN (
  OLD.status IS DISTINCT FROM NEW.status OR OLD.payment_method IS DISTINCT FROM NEW.payment_method
  OR OLD.total_minor IS DISTINCT FROM NEW.total_minor OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
  OR OLD.created_at IS DISTINCT FROM NEW.created_at
)
EXECUTE FUNCTION dashboard_note_order_days();
--> statement-breakpoint
-- A line written after its order (or changed, or removed with its product's id) notes its order's day.
CREATE OR REPLACE FUNCTION dashboard_note_line_day() RETURNS trigger AS $$
BEGIN
  INSERT INTO dashboard_stale_days (day)
  SELECT (o.created_at AT TIME ZONE 'Europe/Kyiv')::date FROM orders o
  WHERE o.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER dashboard_note_line_day AFTER INSERT OR UPDATE OR DELETE ON "order_items"
FOR EACH ROW EXECUTE FUNCTION dashboard_note_line_day();
--> statement-breakpoint
-- Every day with orders is summed at the dashboard's first read.
INSERT INTO dashboard_stale_days (day)
SELECT DISTINCT (created_at AT TIME ZONE 'Europe/Kyiv')::date FROM orders
UNION SELECT DISTINCT (paid_at AT TIME ZONE 'Europe/Kyiv')::date FROM orders WHERE paid_at IS NOT NULL;
