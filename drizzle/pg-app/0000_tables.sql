CREATE SCHEMA "app";
--> statement-breakpoint
CREATE TABLE "app"."api_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key_hash" text COLLATE "C" NOT NULL,
	"prefix" text COLLATE "C" NOT NULL,
	"label" text COLLATE "C",
	"plan" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"revoked_at" bigint,
	"operator" boolean DEFAULT false NOT NULL,
	"managed" boolean DEFAULT false NOT NULL,
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "app"."app_meta" (
	"key" text COLLATE "C" PRIMARY KEY NOT NULL,
	"value" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor" text COLLATE "C" NOT NULL,
	"action" text COLLATE "C" NOT NULL,
	"detail" text COLLATE "C" NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."chain_blocks" (
	"number" bigint PRIMARY KEY NOT NULL,
	"block_id" text COLLATE "C" NOT NULL,
	"parent_id" text COLLATE "C" NOT NULL,
	"timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."fee_ledger" (
	"txid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"api_key_id" bigint NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"side" text COLLATE "C" NOT NULL,
	"fee_sun" text COLLATE "C" NOT NULL,
	"confirmed_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."feed_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"payload" text COLLATE "C" NOT NULL,
	"txid" text COLLATE "C" NOT NULL,
	"timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."holders" (
	"token" text COLLATE "C" NOT NULL,
	"address" text COLLATE "C" NOT NULL,
	"balance" text COLLATE "C" NOT NULL,
	"sort_key" text COLLATE "C" NOT NULL,
	CONSTRAINT "holders_token_address_pk" PRIMARY KEY("token","address")
);
--> statement-breakpoint
CREATE TABLE "app"."indexer_cursors" (
	"contract" text COLLATE "C" PRIMARY KEY NOT NULL,
	"block_timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."key_usage" (
	"api_key_id" bigint NOT NULL,
	"day" text COLLATE "C" NOT NULL,
	"requests" bigint NOT NULL,
	CONSTRAINT "key_usage_api_key_id_day_pk" PRIMARY KEY("api_key_id","day")
);
--> statement-breakpoint
CREATE TABLE "app"."pending_fees" (
	"txid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"api_key_id" bigint NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"side" text COLLATE "C" NOT NULL,
	"fee_bps" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."pending_metadata" (
	"txid" text COLLATE "C" PRIMARY KEY NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"image" text COLLATE "C" DEFAULT '' NOT NULL,
	"twitter" text COLLATE "C",
	"telegram" text COLLATE "C",
	"website" text COLLATE "C",
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."plans" (
	"name" text COLLATE "C" PRIMARY KEY NOT NULL,
	"rpm" bigint,
	"fee_bps" bigint NOT NULL,
	"streams" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."seen_events" (
	"txid" text COLLATE "C" NOT NULL,
	"contract" text COLLATE "C" NOT NULL,
	"event_index" bigint NOT NULL,
	CONSTRAINT "seen_events_txid_contract_event_index_pk" PRIMARY KEY("txid","contract","event_index")
);
--> statement-breakpoint
CREATE TABLE "app"."token_metadata" (
	"address" text COLLATE "C" PRIMARY KEY NOT NULL,
	"description" text COLLATE "C" DEFAULT '' NOT NULL,
	"image" text COLLATE "C" DEFAULT '' NOT NULL,
	"twitter" text COLLATE "C",
	"telegram" text COLLATE "C",
	"website" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "app"."tokens" (
	"address" text COLLATE "C" PRIMARY KEY NOT NULL,
	"family" text COLLATE "C" NOT NULL,
	"launchpad" text COLLATE "C" NOT NULL,
	"token_index" bigint NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"symbol" text COLLATE "C" NOT NULL,
	"decimals" bigint NOT NULL,
	"total_supply" text COLLATE "C" NOT NULL,
	"creator" text COLLATE "C" NOT NULL,
	"create_tx" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"trx_reserve" text COLLATE "C" NOT NULL,
	"token_reserve" text COLLATE "C" NOT NULL,
	"launch_tx" text COLLATE "C",
	"launched_at" bigint,
	"pair" text COLLATE "C",
	"last_trade_at" bigint
);
--> statement-breakpoint
CREATE TABLE "app"."trades" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"txid" text COLLATE "C" NOT NULL,
	"event_index" bigint NOT NULL,
	"token" text COLLATE "C" NOT NULL,
	"type" text COLLATE "C" NOT NULL,
	"user" text COLLATE "C" NOT NULL,
	"pool" text COLLATE "C" NOT NULL,
	"trx_amount" text COLLATE "C" NOT NULL,
	"token_amount" text COLLATE "C" NOT NULL,
	"fee" text COLLATE "C" NOT NULL,
	"router_fee" text COLLATE "C" DEFAULT '0' NOT NULL,
	"trx_reserve_after" text COLLATE "C" NOT NULL,
	"token_reserve_after" text COLLATE "C" NOT NULL,
	"block_number" bigint NOT NULL,
	"block_id" text COLLATE "C",
	"confirmed" boolean DEFAULT true NOT NULL,
	"timestamp" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" bigint NOT NULL,
	"seq" bigint NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"attempts" bigint DEFAULT 0 NOT NULL,
	"next_attempt_at" bigint NOT NULL,
	"last_status" bigint,
	"last_error" text COLLATE "C",
	"delivered_at" bigint
);
--> statement-breakpoint
CREATE TABLE "app"."webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"api_key_id" bigint NOT NULL,
	"url" text COLLATE "C" NOT NULL,
	"events" text COLLATE "C" NOT NULL,
	"tokens" text COLLATE "C",
	"secret" text COLLATE "C" NOT NULL,
	"from_seq" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	"deleted_at" bigint
);
--> statement-breakpoint
ALTER TABLE "app"."api_keys" ADD CONSTRAINT "api_keys_plan_plans_name_fk" FOREIGN KEY ("plan") REFERENCES "app"."plans"("name") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."fee_ledger" ADD CONSTRAINT "fee_ledger_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "app"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."pending_fees" ADD CONSTRAINT "pending_fees_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "app"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "app"."webhooks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."webhooks" ADD CONSTRAINT "webhooks_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "app"."api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_token" ON "app"."feed_events" USING btree ("token","seq");--> statement-breakpoint
CREATE INDEX "holders_rank" ON "app"."holders" USING btree ("token","sort_key");--> statement-breakpoint
CREATE INDEX "tokens_family_created" ON "app"."tokens" USING btree ("family","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "trades_event" ON "app"."trades" USING btree ("txid","event_index");--> statement-breakpoint
CREATE INDEX "trades_unconfirmed" ON "app"."trades" USING btree ("confirmed","block_number");--> statement-breakpoint
CREATE INDEX "trades_token_time" ON "app"."trades" USING btree ("token","timestamp","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_once" ON "app"."webhook_deliveries" USING btree ("webhook_id","seq");--> statement-breakpoint
CREATE INDEX "deliveries_due" ON "app"."webhook_deliveries" USING btree ("status","next_attempt_at");