ALTER TABLE `users` ADD `pin_hash` text;--> statement-breakpoint
ALTER TABLE `users` ADD `pin_fails` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `pin_locked_until` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `unlocked_until` integer;