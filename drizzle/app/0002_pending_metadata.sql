CREATE TABLE `pending_metadata` (
	`txid` text PRIMARY KEY NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`image` text DEFAULT '' NOT NULL,
	`twitter` text,
	`telegram` text,
	`website` text,
	`created_at` integer NOT NULL
);
