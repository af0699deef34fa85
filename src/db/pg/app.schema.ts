// The API's tables on Postgres: made from src/db/schema.ts (what drizzle-kit reads to generate
// drizzle/pg-app; a test checks that every table there is here).
import { pgSchema } from 'drizzle-orm/pg-core';
import * as sqlite from '../schema.js';
import { pgTablesOf } from '../postgres.js';

export const app = pgSchema('app');
export const {
  appMeta,
  indexerCursors,
  chainBlocks,
  seenEvents,
  tokens,
  tokenMetadata,
  trades,
  holders,
  plans,
  apiKeys,
  pendingFees,
  feeLedger,
  pendingMetadata,
  feedEvents,
  webhooks,
  webhookDeliveries,
  auditLog,
  keyUsage,
} = pgTablesOf(sqlite, app);
