CREATE TABLE `api_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`label` text,
	`plan` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`plan`) REFERENCES `plans`(`name`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE TABLE `fee_ledger` (
	`txid` text PRIMARY KEY NOT NULL,
	`api_key_id` integer NOT NULL,
	`token` text NOT NULL,
	`side` text NOT NULL,
	`fee_sun` text NOT NULL,
	`confirmed_at` integer NOT NULL,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `holders` (
	`token` text NOT NULL,
	`address` text NOT NULL,
	`balance` text NOT NULL,
	`sort_key` text NOT NULL,
	PRIMARY KEY(`token`, `address`)
);
--> statement-breakpoint
CREATE INDEX `holders_rank` ON `holders` (`token`,`sort_key`);--> statement-breakpoint
CREATE TABLE `indexer_cursors` (
	`contract` text PRIMARY KEY NOT NULL,
	`block_timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pending_fees` (
	`txid` text PRIMARY KEY NOT NULL,
	`api_key_id` integer NOT NULL,
	`token` text NOT NULL,
	`side` text NOT NULL,
	`fee_bps` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `plans` (
	`name` text PRIMARY KEY NOT NULL,
	`rpm` integer,
	`fee_bps` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `seen_events` (
	`txid` text NOT NULL,
	`contract` text NOT NULL,
	`event_index` integer NOT NULL,
	PRIMARY KEY(`txid`, `contract`, `event_index`)
);
--> statement-breakpoint
CREATE TABLE `token_metadata` (
	`address` text PRIMARY KEY NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`twitter` text,
	`telegram` text,
	`website` text
);
--> statement-breakpoint
CREATE TABLE `tokens` (
	`address` text PRIMARY KEY NOT NULL,
	`family` text NOT NULL,
	`launchpad` text NOT NULL,
	`token_index` integer NOT NULL,
	`name` text NOT NULL,
	`symbol` text NOT NULL,
	`decimals` integer NOT NULL,
	`total_supply` text NOT NULL,
	`creator` text NOT NULL,
	`create_tx` text NOT NULL,
	`created_at` integer NOT NULL,
	`status` text NOT NULL,
	`trx_reserve` text NOT NULL,
	`token_reserve` text NOT NULL,
	`launch_tx` text,
	`launched_at` integer,
	`pair` text,
	`last_trade_at` integer
);
--> statement-breakpoint
CREATE INDEX `tokens_family_created` ON `tokens` (`family`,`created_at`);--> statement-breakpoint
CREATE TABLE `trades` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`txid` text NOT NULL,
	`event_index` integer NOT NULL,
	`token` text NOT NULL,
	`type` text NOT NULL,
	`user` text NOT NULL,
	`pool` text NOT NULL,
	`trx_amount` text NOT NULL,
	`token_amount` text NOT NULL,
	`fee` text NOT NULL,
	`trx_reserve_after` text NOT NULL,
	`token_reserve_after` text NOT NULL,
	`block_number` integer NOT NULL,
	`timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trades_event` ON `trades` (`txid`,`event_index`);--> statement-breakpoint
CREATE INDEX `trades_token_time` ON `trades` (`token`,`timestamp`,`id`);