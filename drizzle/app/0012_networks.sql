PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_chain_blocks` (
	`network` text DEFAULT 'launchpad' NOT NULL,
	`number` integer NOT NULL,
	`block_id` text NOT NULL,
	`parent_id` text NOT NULL,
	`timestamp` integer NOT NULL,
	PRIMARY KEY(`network`, `number`)
);
--> statement-breakpoint
INSERT INTO `__new_chain_blocks`("network", "number", "block_id", "parent_id", "timestamp") SELECT 'launchpad', "number", "block_id", "parent_id", "timestamp" FROM `chain_blocks`;--> statement-breakpoint
DROP TABLE `chain_blocks`;--> statement-breakpoint
ALTER TABLE `__new_chain_blocks` RENAME TO `chain_blocks`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE TABLE `__new_indexer_cursors` (
	`network` text DEFAULT 'launchpad' NOT NULL,
	`contract` text NOT NULL,
	`block_timestamp` integer NOT NULL,
	PRIMARY KEY(`network`, `contract`)
);
--> statement-breakpoint
INSERT INTO `__new_indexer_cursors`("network", "contract", "block_timestamp") SELECT 'launchpad', "contract", "block_timestamp" FROM `indexer_cursors`;--> statement-breakpoint
DROP TABLE `indexer_cursors`;--> statement-breakpoint
ALTER TABLE `__new_indexer_cursors` RENAME TO `indexer_cursors`;