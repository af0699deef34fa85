CREATE TABLE `accounts` (
	`address` text PRIMARY KEY NOT NULL,
	`balance` text NOT NULL,
	`create_time` integer NOT NULL,
	`contract_kind` text,
	`name` text
);
--> statement-breakpoint
CREATE TABLE `blocks` (
	`number` integer PRIMARY KEY NOT NULL,
	`block_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`timestamp` integer NOT NULL,
	`tx_count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`block_number` integer NOT NULL,
	`block_timestamp` integer NOT NULL,
	`txid` text NOT NULL,
	`contract` text NOT NULL,
	`event_index` integer NOT NULL,
	`event_name` text NOT NULL,
	`signature` text NOT NULL,
	`result` text NOT NULL,
	`result_type` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `events_contract` ON `events` (`contract`,`block_timestamp`,`id`);--> statement-breakpoint
CREATE INDEX `events_tx` ON `events` (`txid`);--> statement-breakpoint
CREATE TABLE `launchpads` (
	`address` text PRIMARY KEY NOT NULL,
	`family` text NOT NULL,
	`purchase_fee_bps` integer NOT NULL,
	`sale_fee_bps` integer NOT NULL,
	`min_tx_fee` text NOT NULL,
	`mint_fee` text NOT NULL,
	`fee_recipient` text NOT NULL,
	`token_count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `pools` (
	`token` text PRIMARY KEY NOT NULL,
	`launchpad` text NOT NULL,
	`token_index` integer NOT NULL,
	`creator` text NOT NULL,
	`trx_reserve` text NOT NULL,
	`token_reserve` text NOT NULL,
	`state` integer NOT NULL,
	`pair` text
);
--> statement-breakpoint
CREATE TABLE `routers` (
	`address` text PRIMARY KEY NOT NULL,
	`launchpad` text NOT NULL,
	`treasury` text NOT NULL,
	`max_fee_bps` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `transactions` (
	`txid` text PRIMARY KEY NOT NULL,
	`signed` text NOT NULL,
	`owner` text NOT NULL,
	`received_at` integer NOT NULL,
	`seq` integer NOT NULL,
	`block_number` integer,
	`status` text NOT NULL,
	`info` text
);
--> statement-breakpoint
CREATE INDEX `transactions_pending` ON `transactions` (`status`,`seq`);--> statement-breakpoint
CREATE INDEX `transactions_block` ON `transactions` (`block_number`);--> statement-breakpoint
CREATE TABLE `trc20_allowances` (
	`token` text NOT NULL,
	`owner` text NOT NULL,
	`spender` text NOT NULL,
	`amount` text NOT NULL,
	PRIMARY KEY(`token`, `owner`, `spender`)
);
--> statement-breakpoint
CREATE TABLE `trc20_balances` (
	`token` text NOT NULL,
	`holder` text NOT NULL,
	`balance` text NOT NULL,
	PRIMARY KEY(`token`, `holder`)
);
--> statement-breakpoint
CREATE TABLE `trc20_tokens` (
	`address` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`symbol` text NOT NULL,
	`decimals` integer NOT NULL,
	`total_supply` text NOT NULL
);
