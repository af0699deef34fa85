CREATE SCHEMA "bot";
--> statement-breakpoint
CREATE TABLE "bot"."admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"telegram_id" bigint NOT NULL,
	"action" text NOT NULL,
	"detail" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."alert_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"text" text NOT NULL,
	"token" text NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."alert_rules" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"new_tokens" boolean DEFAULT false NOT NULL,
	"launches" boolean DEFAULT false NOT NULL,
	"min_buy_trx" bigint,
	"progress_pct" bigint,
	"tokens" text,
	"stopped_reason" text,
	"stopped_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."bot_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."conversations" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."follows" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"source" text NOT NULL,
	"amount_sun" text NOT NULL,
	"pct_bps" bigint,
	"max_sun" text,
	"budget_sun" text DEFAULT '0' NOT NULL,
	"token_cap_sun" text DEFAULT '0' NOT NULL,
	"min_source_sun" text DEFAULT '0' NOT NULL,
	"sells" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"payload" text NOT NULL,
	"created_at" bigint NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."orders" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"token" text NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"side" text NOT NULL,
	"amount" text NOT NULL,
	"trigger_e18" text,
	"entry_e18" text,
	"trail_bps" bigint,
	"high_e18" text,
	"interval_ms" bigint,
	"rounds" bigint DEFAULT 1 NOT NULL,
	"done" bigint DEFAULT 0 NOT NULL,
	"next_at" bigint,
	"group_id" text,
	"hold_blocks" bigint DEFAULT 1 NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."owned_messages" (
	"chat_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."pending_inputs" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"chat_id" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."recipients" (
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"first_sent_at" bigint NOT NULL,
	CONSTRAINT "recipients_user_id_address_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
CREATE TABLE "bot"."scheduled_deletes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" bigint NOT NULL,
	"delete_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."snipe_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"amount_sun" text NOT NULL,
	"word" text,
	"creator" text,
	"max_dev_bps" bigint,
	"safe" boolean DEFAULT false NOT NULL,
	"on_launch" boolean DEFAULT false NOT NULL,
	"budget_sun" text NOT NULL,
	"max_price_e18" text,
	"max_mc_usd" double precision,
	"status" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."trades" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" bigint,
	"wallet_id" bigint NOT NULL,
	"token" text NOT NULL,
	"side" text NOT NULL,
	"amount" text NOT NULL,
	"slippage_bps" bigint NOT NULL,
	"quote" text NOT NULL,
	"status" text NOT NULL,
	"txid" text,
	"signed_tx" text,
	"result" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"order_id" text,
	"rule_id" text
);
--> statement-breakpoint
CREATE TABLE "bot"."users" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"username" text,
	"api_key_enc" text NOT NULL,
	"api_key_id" bigint,
	"active_wallet_id" bigint,
	"settings" text NOT NULL,
	"created_at" bigint NOT NULL,
	"pin_hash" text,
	"pin_fails" bigint DEFAULT 0 NOT NULL,
	"pin_locked_until" bigint,
	"unlocked_until" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."wallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"key_enc" text NOT NULL,
	"label" text,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot"."recipients" ADD CONSTRAINT "recipients_user_id_users_telegram_id_fk" FOREIGN KEY ("user_id") REFERENCES "bot"."users"("telegram_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot"."wallets" ADD CONSTRAINT "wallets_user_id_users_telegram_id_fk" FOREIGN KEY ("user_id") REFERENCES "bot"."users"("telegram_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_once" ON "bot"."alert_outbox" USING btree ("chat_id","seq");--> statement-breakpoint
CREATE INDEX "alert_unsent" ON "bot"."alert_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "follows_source" ON "bot"."follows" USING btree ("source","status");--> statement-breakpoint
CREATE INDEX "order_events_unsent" ON "bot"."order_events" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "orders_status_token" ON "bot"."orders" USING btree ("status","token");--> statement-breakpoint
CREATE INDEX "orders_user" ON "bot"."orders" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "owned_messages_key" ON "bot"."owned_messages" USING btree ("chat_id","message_id");--> statement-breakpoint
CREATE INDEX "snipe_rules_status" ON "bot"."snipe_rules" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trades_status" ON "bot"."trades" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trades_order" ON "bot"."trades" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "trades_rule" ON "bot"."trades" USING btree ("rule_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_user_address" ON "bot"."wallets" USING btree ("user_id","address");