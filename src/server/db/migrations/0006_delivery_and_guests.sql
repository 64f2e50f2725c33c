-- A phone on the profile, stored as +380XXXXXXXXX (docs/delivery.md): it pre-fills the recipient.
ALTER TABLE "users" ADD COLUMN "phone" text;--> statement-breakpoint
-- Orders placed without an account (docs/delivery.md): the guest's e-mail, and the hash of the
-- secret in the order's link; the link alone opens the order, never its id.
ALTER TABLE "orders" ADD COLUMN "guest_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_access_token_key" ON "orders" USING btree ("access_token_hash") WHERE "access_token_hash" IS NOT NULL;
