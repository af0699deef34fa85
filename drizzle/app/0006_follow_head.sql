CREATE TABLE `chain_blocks` (
	`number` integer PRIMARY KEY NOT NULL,
	`block_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`timestamp` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `trades` ADD `block_id` text;--> statement-breakpoint
ALTER TABLE `trades` ADD `confirmed` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `trades_unconfirmed` ON `trades` (`confirmed`,`block_number`);