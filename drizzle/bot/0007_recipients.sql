CREATE TABLE `recipients` (
	`user_id` integer NOT NULL,
	`address` text NOT NULL,
	`first_sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `address`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`telegram_id`) ON UPDATE no action ON DELETE no action
);
