ALTER TABLE "bot"."orders" ADD COLUMN "breach_block" bigint;--> statement-breakpoint
ALTER TABLE "bot"."orders" ADD COLUMN "breach_at" bigint;