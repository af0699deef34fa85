CREATE TABLE `journal` (
	`id` integer PRIMARY KEY NOT NULL,
	`block` integer NOT NULL,
	`tbl` text NOT NULL,
	`rid` integer NOT NULL,
	`op` text NOT NULL,
	`old` text
);
--> statement-breakpoint
CREATE INDEX `journal_accounts` ON `journal` (`rid`) WHERE tbl = 'accounts';--> statement-breakpoint
CREATE INDEX `events_block` ON `events` (`block_number`);