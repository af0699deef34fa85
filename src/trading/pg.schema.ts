// The trading side's tables on Postgres, in the `bot` schema: made from src/trading/schema.ts (what
// drizzle-kit reads, with src/bot/pg.schema.ts, to generate drizzle/pg-bot; a test checks that every
// table there is here).
import { pgSchema } from 'drizzle-orm/pg-core';
import { pgTablesOf } from '../db/postgres.js';
import * as sqlite from './schema.js';

/** The Postgres schema of the trading side's database (named `bot`, as installs have it). */
export const bot = pgSchema('bot');
export const {
  meta,
  users,
  wallets,
  trades,
  snipeRules,
  follows,
  orders,
  orderEvents,
  recipients,
  referrals,
  referralCodes,
  referralPayouts,
} = pgTablesOf(sqlite, bot);
