CREATE TABLE "bot"."referral_codes" (
	"code" text COLLATE "C" PRIMARY KEY NOT NULL,
	"telegram_id" bigint NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "referral_codes_telegram_id_unique" UNIQUE("telegram_id")
);
--> statement-breakpoint
CREATE TABLE "bot"."referral_payouts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"referrer" bigint NOT NULL,
	"amount_sun" text COLLATE "C" NOT NULL,
	"from_address" text COLLATE "C" NOT NULL,
	"to_address" text COLLATE "C" NOT NULL,
	"status" text COLLATE "C" NOT NULL,
	"txid" text COLLATE "C" NOT NULL,
	"signed_tx" text COLLATE "C" NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"notified_at" bigint
);
--> statement-breakpoint
CREATE TABLE "bot"."referrals" (
	"referee" bigint PRIMARY KEY NOT NULL,
	"referrer" bigint NOT NULL,
	"via" text COLLATE "C" NOT NULL,
	"bound_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "referral_payouts_referrer" ON "bot"."referral_payouts" USING btree ("referrer","status");--> statement-breakpoint
CREATE INDEX "referrals_referrer" ON "bot"."referrals" USING btree ("referrer");