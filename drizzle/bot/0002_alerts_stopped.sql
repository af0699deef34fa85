ALTER TABLE `alert_rules` ADD `stopped_reason` text;--> statement-breakpoint
ALTER TABLE `alert_rules` ADD `stopped_at` integer;