CREATE TABLE `referral_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`telegram_id` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `referral_codes_telegram_id_unique` ON `referral_codes` (`telegram_id`);--> statement-breakpoint
CREATE TABLE `referral_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer` integer NOT NULL,
	`amount_sun` text NOT NULL,
	`from_address` text NOT NULL,
	`to_address` text NOT NULL,
	`status` text NOT NULL,
	`txid` text NOT NULL,
	`signed_tx` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`notified_at` integer
);
--> statement-breakpoint
CREATE INDEX `referral_payouts_referrer` ON `referral_payouts` (`referrer`,`status`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`referee` integer PRIMARY KEY NOT NULL,
	`referrer` integer NOT NULL,
	`via` text NOT NULL,
	`bound_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `referrals_referrer` ON `referrals` (`referrer`);