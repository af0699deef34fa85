// The application's tables (the facade, indexer and bot add theirs in later issues).
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Small key/value settings: schema facts, indexer cursors and the like. */
export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
