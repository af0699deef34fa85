CREATE TABLE `chat_languages` (
	`chat_id` integer PRIMARY KEY NOT NULL,
	`chosen` text,
	`seen` text
);
