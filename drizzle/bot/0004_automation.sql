CREATE TABLE `follows` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`wallet_id` integer NOT NULL,
	`source` text NOT NULL,
	`amount_sun` text NOT NULL,
	`pct_bps` integer,
	`max_sun` text,
	`sells` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `follows_source` ON `follows` (`source`,`status`);--> statement-breakpoint
CREATE TABLE `order_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `order_events_unsent` ON `order_events` (`sent_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`wallet_id` integer NOT NULL,
	`token` text NOT NULL,
	`symbol` text NOT NULL,
	`kind` text NOT NULL,
	`side` text NOT NULL,
	`amount` text NOT NULL,
	`trigger_e18` text,
	`entry_e18` text,
	`trail_bps` integer,
	`high_e18` text,
	`interval_ms` integer,
	`rounds` integer DEFAULT 1 NOT NULL,
	`done` integer DEFAULT 0 NOT NULL,
	`next_at` integer,
	`group_id` text,
	`auto` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`note` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `orders_status_token` ON `orders` (`status`,`token`);--> statement-breakpoint
CREATE INDEX `orders_user` ON `orders` (`user_id`,`status`);--> statement-breakpoint
CREATE TABLE `snipe_rules` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`wallet_id` integer NOT NULL,
	`amount_sun` text NOT NULL,
	`word` text,
	`creator` text,
	`max_dev_bps` integer,
	`safe` integer DEFAULT false NOT NULL,
	`on_launch` integer DEFAULT false NOT NULL,
	`budget_sun` text NOT NULL,
	`status` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `snipe_rules_status` ON `snipe_rules` (`status`);--> statement-breakpoint
ALTER TABLE `trades` ADD `order_id` text;--> statement-breakpoint
ALTER TABLE `trades` ADD `rule_id` text;--> statement-breakpoint
CREATE INDEX `trades_order` ON `trades` (`order_id`);--> statement-breakpoint
CREATE INDEX `trades_rule` ON `trades` (`rule_id`,`created_at`);