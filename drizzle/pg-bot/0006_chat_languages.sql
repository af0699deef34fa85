CREATE TABLE "bot"."chat_languages" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"chosen" text COLLATE "C",
	"seen" text COLLATE "C"
);
