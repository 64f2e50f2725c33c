-- Refunds through monobank's invoice/cancel (docs/payments.md, "Refunds"): a refund's provider may be monobank.
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_provider_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_provider_check" CHECK ("refunds"."provider" IN ('liqpay', 'paypal', 'monobank', 'manual', 'test'));
