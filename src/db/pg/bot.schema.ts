// The bot's tables on Postgres: made from src/bot/schema.ts (what drizzle-kit reads to generate
// drizzle/pg-bot; a test checks that every table there is here).
import { pgSchema } from 'drizzle-orm/pg-core';
import * as sqlite from '../../bot/schema.js';
import { pgTablesOf } from '../postgres.js';

export const bot = pgSchema('bot');
export const {
  botMeta,
  ownedMessages,
  scheduledDeletes,
  conversations,
  pendingInputs,
  alertRules,
  alertOutbox,
  adminAudit,
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
