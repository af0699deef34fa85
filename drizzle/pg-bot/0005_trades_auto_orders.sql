ALTER TABLE "bot"."trades" ADD COLUMN "auto_orders_at" bigint;--> statement-breakpoint
-- every trade made before: its automatic orders (if any) were placed then, the way they were placed
UPDATE "bot"."trades" SET "auto_orders_at" = "updated_at";
