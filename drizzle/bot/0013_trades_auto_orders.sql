ALTER TABLE `trades` ADD `auto_orders_at` integer;--> statement-breakpoint
-- every trade made before: its automatic orders (if any) were placed then, the way they were placed
UPDATE `trades` SET `auto_orders_at` = `updated_at`;
