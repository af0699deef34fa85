CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor` text NOT NULL,
	`action` text NOT NULL,
	`detail` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feed_events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`token` text NOT NULL,
	`payload` text NOT NULL,
	`txid` text NOT NULL,
	`timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `feed_token` ON `feed_events` (`token`,`seq`);--> statement-breakpoint
CREATE TABLE `key_usage` (
	`api_key_id` integer NOT NULL,
	`day` text NOT NULL,
	`requests` integer NOT NULL,
	PRIMARY KEY(`api_key_id`, `day`)
);
--> statement-breakpoint
CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`status` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_status` integer,
	`last_error` text,
	`delivered_at` integer,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deliveries_once` ON `webhook_deliveries` (`webhook_id`,`seq`);--> statement-breakpoint
CREATE INDEX `deliveries_due` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`api_key_id` integer NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`tokens` text,
	`secret` text NOT NULL,
	`from_seq` integer NOT NULL,
	`created_at` integer NOT NULL,
	`deleted_at` integer,
	FOREIGN KEY (`api_key_id`) REFERENCES `api_keys`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
ALTER TABLE `plans` ADD `streams` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `trades` ADD `router_fee` text DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE `plans` SET `streams` = 1 WHERE `name` IN ('trader', 'elite', 'developer');
