ALTER TABLE `feed_events` ADD `block_number` integer;--> statement-breakpoint
CREATE INDEX `feed_block` ON `feed_events` (`block_number`);