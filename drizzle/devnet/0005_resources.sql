CREATE TABLE `delegations` (
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`resource` text NOT NULL,
	`locked` integer NOT NULL,
	`amount` text NOT NULL,
	`expire_time` integer NOT NULL,
	PRIMARY KEY(`from_address`, `to_address`, `resource`, `locked`)
);
--> statement-breakpoint
CREATE INDEX `delegations_to` ON `delegations` (`to_address`);--> statement-breakpoint
CREATE TABLE `resources` (
	`address` text PRIMARY KEY NOT NULL,
	`frozen_energy` text DEFAULT '0' NOT NULL,
	`frozen_net` text DEFAULT '0' NOT NULL,
	`delegated_energy` text DEFAULT '0' NOT NULL,
	`delegated_net` text DEFAULT '0' NOT NULL,
	`acquired_energy` text DEFAULT '0' NOT NULL,
	`acquired_net` text DEFAULT '0' NOT NULL,
	`energy_usage` integer DEFAULT 0 NOT NULL,
	`energy_time` integer DEFAULT 0 NOT NULL,
	`energy_window` integer DEFAULT 0 NOT NULL,
	`net_usage` integer DEFAULT 0 NOT NULL,
	`net_time` integer DEFAULT 0 NOT NULL,
	`net_window` integer DEFAULT 0 NOT NULL,
	`free_net_usage` integer DEFAULT 0 NOT NULL,
	`free_net_time` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `unfreezes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`address` text NOT NULL,
	`resource` text NOT NULL,
	`amount` text NOT NULL,
	`expire_time` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `unfreezes_address` ON `unfreezes` (`address`,`expire_time`);