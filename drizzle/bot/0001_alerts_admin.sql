CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`telegram_id` integer NOT NULL,
	`action` text NOT NULL,
	`detail` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `alert_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`chat_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`text` text NOT NULL,
	`token` text NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `alert_once` ON `alert_outbox` (`chat_id`,`seq`);--> statement-breakpoint
CREATE INDEX `alert_unsent` ON `alert_outbox` (`sent_at`);--> statement-breakpoint
CREATE TABLE `alert_rules` (
	`chat_id` integer PRIMARY KEY NOT NULL,
	`new_tokens` integer DEFAULT false NOT NULL,
	`launches` integer DEFAULT false NOT NULL,
	`min_buy_trx` integer,
	`progress_pct` integer,
	`tokens` text
);
--> statement-breakpoint
ALTER TABLE `users` ADD `api_key_id` integer;