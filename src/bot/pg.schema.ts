// The Telegram chat's tables on Postgres, in the trading side's `bot` schema beside its tables: made
// from src/bot/schema.ts (drizzle-kit reads this with src/trading/pg.schema.ts to generate
// drizzle/pg-bot; a test checks that every table there is here).
import { pgTablesOf } from '../db/postgres.js';
import { bot } from '../trading/pg.schema.js';
import * as sqlite from './schema.js';

export const {
  ownedMessages,
  scheduledDeletes,
  conversations,
  pendingInputs,
  alertRules,
  alertOutbox,
  adminAudit,
  chatLanguages,
} = pgTablesOf(sqlite, bot);
