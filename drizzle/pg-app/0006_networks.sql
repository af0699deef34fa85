-- the rows indexed before are the first network's ('launchpad'); the keys become (network, …)
ALTER TABLE "app"."chain_blocks" ADD COLUMN "network" text COLLATE "C" DEFAULT 'launchpad' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."indexer_cursors" ADD COLUMN "network" text COLLATE "C" DEFAULT 'launchpad' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."chain_blocks" DROP CONSTRAINT "chain_blocks_pkey";--> statement-breakpoint
ALTER TABLE "app"."indexer_cursors" DROP CONSTRAINT "indexer_cursors_pkey";--> statement-breakpoint
ALTER TABLE "app"."chain_blocks" ADD CONSTRAINT "chain_blocks_network_number_pk" PRIMARY KEY("network","number");--> statement-breakpoint
ALTER TABLE "app"."indexer_cursors" ADD CONSTRAINT "indexer_cursors_network_contract_pk" PRIMARY KEY("network","contract");
