CREATE SCHEMA "bot";
--> statement-breakpoint
CREATE TABLE "bot"."admin_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"telegram_id" bigint NOT NULL,
	"action" text COLLATE "C" NOT NULL,
	"detail" text COLLATE "C" NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."alert_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"text" text COLLATE "C" NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."alert_rules" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"new_tokens" boolean DEFAULT false NOT NULL,
	"launches" boolean DEFAULT false NOT NULL,
	"min_buy_trx" bigint,
	"progress_pct" bigint,
	"tokens" text COLLATE "C",
	"stopped_reason" text COLLATE "C",
	"stopped_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."bot_meta" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"value" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."conversations" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"state" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."follows" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"source" text COLLATE "C" NOT NULL,
	"amount_sun" text COLLATE "C" NOT NULL,
	"pct_bps" bigint,
	"max_sun" text COLLATE "C",
	"budget_sun" text COLLATE "C" DEFAULT '0' NOT NULL,
	"token_cap_sun" text COLLATE "C" DEFAULT '0' NOT NULL,
	"min_source_sun" text COLLATE "C" DEFAULT '0' NOT NULL,
	"sells" boolean DEFAULT false NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text COLLATE "C" NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"payload" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"sent_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."orders" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"symbol" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"side" text COLLATE "C" NOT NULL,
	"amount" text COLLATE "C" NOT NULL,
	"trigger_e18" text COLLATE "C",
	"entry_e18" text COLLATE "C",
	"trail_bps" bigint,
	"high_e18" text COLLATE "C",
	"interval_ms" bigint,
	"rounds" bigint DEFAULT 1 NOT NULL,
	"done" bigint DEFAULT 0 NOT NULL,
	"next_at" bigint,
	"group_id" text COLLATE "C",
	"hold_blocks" bigint DEFAULT 1 NOT NULL,
	"auto" boolean DEFAULT false NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"note" text COLLATE "C",
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
	"kind" text COLLATE "C" NOT NULL,
	"chat_id" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."recipients" (
	"user_id" bigint NOT NULL,
	"address" text COLLATE "C" NOT NULL,
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
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet_id" bigint NOT NULL,
	"amount_sun" text COLLATE "C" NOT NULL,
	"word" text COLLATE "C",
	"creator" text COLLATE "C",
	"max_dev_bps" bigint,
	"safe" boolean DEFAULT false NOT NULL,
	"on_launch" boolean DEFAULT false NOT NULL,
	"budget_sun" text COLLATE "C" NOT NULL,
	"max_price_e18" text COLLATE "C",
	"max_mc_usd" double precision,
	"status" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot"."trades" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"message_id" bigint,
	"wallet_id" bigint NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"side" text COLLATE "C" NOT NULL,
	"amount" text COLLATE "C" NOT NULL,
	"slippage_bps" bigint NOT NULL,
	"quote" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"txid" text COLLATE "C",
	"signed_tx" text COLLATE "C",
	"result" text COLLATE "C",
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"order_id" text COLLATE "C",
	"rule_id" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "bot"."users" (
	"telegram_id" bigint PRIMARY KEY NOT NULL,
	"username" text COLLATE "C",
	"api_key_enc" text COLLATE "C" NOT NULL,
	"api_key_id" bigint,
	"active_wallet_id" bigint,
	"settings" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"pin_hash" text COLLATE "C",
	"pin_fails" bigint DEFAULT 0 NOT NULL,
	"pin_locked_until" bigint,
	"unlocked_until" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."wallets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text COLLATE "C" NOT NULL,
	"key_enc" text COLLATE "C" NOT NULL,
	"label" text COLLATE "C",
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