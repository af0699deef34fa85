CREATE TABLE `pairs` (
	`address` text PRIMARY KEY NOT NULL,
	`factory` text NOT NULL,
	`pair_index` integer NOT NULL,
	`token0` text NOT NULL,
	`token1` text NOT NULL,
	`reserve0` text NOT NULL,
	`reserve1` text NOT NULL,
	`block_timestamp_last` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pairs_tokens` ON `pairs` (`factory`,`token0`,`token1`);--> statement-breakpoint
CREATE UNIQUE INDEX `pairs_index` ON `pairs` (`factory`,`pair_index`);--> statement-breakpoint
CREATE TABLE `v2_routers` (
	`address` text PRIMARY KEY NOT NULL,
	`factory` text NOT NULL,
	`wtrx` text NOT NULL
);
--> statement-breakpoint
ALTER TABLE `launchpads` ADD `v2_router` text;--> statement-breakpoint
ALTER TABLE `launchpads` ADD `launch_fee` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `launchpads` ADD `launcher` text;--> statement-breakpoint
ALTER TABLE `routers` ADD `v2_router` text;