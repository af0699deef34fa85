ALTER TABLE "app"."feed_events" ADD COLUMN "block_number" bigint;--> statement-breakpoint
CREATE INDEX "feed_block" ON "app"."feed_events" USING btree ("block_number");