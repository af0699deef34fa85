ALTER TABLE `orders` ADD `breach_block` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `breach_at` integer;