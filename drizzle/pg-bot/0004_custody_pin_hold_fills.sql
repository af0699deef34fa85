ALTER TABLE "bot"."trades" ADD COLUMN "filled_token_units" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "bot"."trades" ADD COLUMN "filled_trx_sun" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "bot"."users" ADD COLUMN "pin_hold_until" bigint;--> statement-breakpoint
ALTER TABLE "bot"."wallets" ADD COLUMN "removed_at" bigint;--> statement-breakpoint
CREATE INDEX "trades_wallet_token" ON "bot"."trades" USING btree ("wallet_id","token");