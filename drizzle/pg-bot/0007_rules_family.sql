ALTER TABLE "bot"."follows" ADD COLUMN "family" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "bot"."snipe_rules" ADD COLUMN "family" text COLLATE "C";