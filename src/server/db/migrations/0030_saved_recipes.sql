-- Saved recipes (docs/recipes.md, "Saved recipes"): unlisted, by an unguessable id; the owner's list by date.
CREATE TABLE "saved_recipes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"recipe" jsonb NOT NULL,
	"batch_size_l" double precision NOT NULL,
	"selection" jsonb NOT NULL,
	"milled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_recipes" ADD CONSTRAINT "saved_recipes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_recipes_user_idx" ON "saved_recipes" USING btree ("user_id","created_at" DESC NULLS LAST);
