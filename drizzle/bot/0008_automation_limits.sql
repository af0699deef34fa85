ALTER TABLE `follows` ADD `budget_sun` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `follows` ADD `token_cap_sun` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `follows` ADD `min_source_sun` text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `hold_blocks` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `snipe_rules` ADD `max_price_e18` text;--> statement-breakpoint
ALTER TABLE `snipe_rules` ADD `max_mc_usd` real;--> statement-breakpoint
-- follows made before the limits: a percent follow without a cap is capped at its amount, and each
-- gets the defaults a new follow gets (a day's budget of 10 copies, one copy's worth a token, 1 TRX
-- minimum source buy)
UPDATE `follows` SET `max_sun` = `amount_sun` WHERE `pct_bps` IS NOT NULL AND `max_sun` IS NULL;--> statement-breakpoint
UPDATE `follows` SET
  `budget_sun` = CAST(CAST(COALESCE(`max_sun`, `amount_sun`) AS INTEGER) * 10 AS TEXT),
  `token_cap_sun` = COALESCE(`max_sun`, `amount_sun`),
  `min_source_sun` = '1000000'
WHERE `budget_sun` = '0';
