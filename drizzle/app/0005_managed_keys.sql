ALTER TABLE `api_keys` ADD `managed` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- keys the bot made for its users before this column existed
UPDATE `api_keys` SET `managed` = true WHERE `label` LIKE 'telegram:%';
