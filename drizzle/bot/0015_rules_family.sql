ALTER TABLE `follows` ADD `family` text;--> statement-breakpoint
ALTER TABLE `snipe_rules` ADD `family` text;