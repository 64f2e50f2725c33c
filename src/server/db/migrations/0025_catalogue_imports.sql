-- Supplier price lists (docs/import-export.md): a preview is kept here, with what it would write and
-- what each touched pack looked like, until it is applied once or expires; nothing in the catalogue
-- changes before that. Each supplier's column mapping is remembered for its next file.
CREATE TABLE "catalogue_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" uuid,
	"supplier" text DEFAULT '' NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"preview" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "catalogue_imports" ADD CONSTRAINT "catalogue_imports_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalogue_imports_expires_idx" ON "catalogue_imports" USING btree ("expires_at") WHERE "catalogue_imports"."applied_at" IS NULL;--> statement-breakpoint
CREATE TABLE "supplier_import_mappings" (
	"supplier_key" text PRIMARY KEY NOT NULL,
	"supplier" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
