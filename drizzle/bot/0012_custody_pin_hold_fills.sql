ALTER TABLE `trades` ADD `filled_token_units` text;--> statement-breakpoint
ALTER TABLE `trades` ADD `filled_trx_sun` text;--> statement-breakpoint
CREATE INDEX `trades_wallet_token` ON `trades` (`wallet_id`,`token`);--> statement-breakpoint
ALTER TABLE `users` ADD `pin_hold_until` integer;--> statement-breakpoint
ALTER TABLE `wallets` ADD `removed_at` integer;