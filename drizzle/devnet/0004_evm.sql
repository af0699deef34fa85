CREATE TABLE `contract_code` (
	`address` text PRIMARY KEY NOT NULL,
	`runtime` text NOT NULL,
	`bytecode` text NOT NULL,
	`code_hash` text NOT NULL,
	`abi` text NOT NULL,
	`name` text NOT NULL,
	`origin` text NOT NULL,
	`consume_user_resource_percent` integer NOT NULL,
	`origin_energy_limit` integer NOT NULL,
	`nonce` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contract_storage` (
	`address` text NOT NULL,
	`slot` text NOT NULL,
	`value` text NOT NULL,
	PRIMARY KEY(`address`, `slot`)
);
