CREATE TABLE `bot_meta` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `conversations` (
	`key` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `owned_messages` (
	`chat_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `owned_messages_key` ON `owned_messages` (`chat_id`,`message_id`);--> statement-breakpoint
CREATE TABLE `pending_inputs` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`chat_id` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `scheduled_deletes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`delete_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `trades` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` integer NOT NULL,
	`message_id` integer,
	`wallet_id` integer NOT NULL,
	`token` text NOT NULL,
	`side` text NOT NULL,
	`amount` text NOT NULL,
	`slippage_bps` integer NOT NULL,
	`quote` text NOT NULL,
	`status` text NOT NULL,
	`txid` text,
	`signed_tx` text,
	`before` text,
	`result` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trades_status` ON `trades` (`status`);--> statement-breakpoint
CREATE TABLE `users` (
	`telegram_id` integer PRIMARY KEY NOT NULL,
	`username` text,
	`api_key_enc` text NOT NULL,
	`active_wallet_id` integer,
	`settings` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `wallets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`address` text NOT NULL,
	`key_enc` text NOT NULL,
	`label` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`telegram_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `wallets_user_address` ON `wallets` (`user_id`,`address`);