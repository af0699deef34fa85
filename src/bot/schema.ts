// The Telegram chat's own tables (message owners, prompts, conversations, alerts, admin audit). They
// live in the trading side's database (src/trading/db.ts: the bot.sqlite file, or Postgres's `bot`
// schema) beside its tables, one migration sequence for both (drizzle/bot, drizzle/pg-bot); the bot
// opens them with openBotDatabase (store.ts).
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Which user a message with buttons belongs to (groups: only they may press). */
export const ownedMessages = sqliteTable(
  'owned_messages',
  {
    chatId: integer('chat_id').notNull(),
    messageId: integer('message_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('owned_messages_key').on(t.chatId, t.messageId)],
);

/** Messages to delete later (an exported key after 60 s), kept across restarts. */
export const scheduledDeletes = sqliteTable('scheduled_deletes', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  chatId: integer('chat_id').notNull(),
  messageId: integer('message_id').notNull(),
  deleteAt: integer('delete_at').notNull(),
});

/** Conversation state (grammY conversations v2); never holds a private key. */
export const conversations = sqliteTable('conversations', {
  key: text('key').primaryKey(),
  state: text('state').notNull(),
});

/** A one-step prompt awaiting the user's next message (used where the answer is a secret). */
export const pendingInputs = sqliteTable('pending_inputs', {
  userId: integer('user_id').primaryKey(),
  kind: text('kind').notNull(),
  chatId: integer('chat_id').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/** Alert rules of a group or channel. */
export const alertRules = sqliteTable('alert_rules', {
  chatId: integer('chat_id').primaryKey(),
  newTokens: integer('new_tokens', { mode: 'boolean' }).notNull().default(false),
  launches: integer('launches', { mode: 'boolean' }).notNull().default(false),
  /** Alert buys of at least this many TRX; null = off. */
  minBuyTrx: integer('min_buy_trx'),
  /** Alert when the curve crosses this percent; null = off. */
  progressPct: integer('progress_pct'),
  /** JSON list of token addresses, or null for all. */
  tokens: text('tokens'),
  /** Why alerts to this chat stopped (Telegram's refusal: blocked, removed, chat gone); null = running. */
  stoppedReason: text('stopped_reason'),
  stoppedAt: integer('stopped_at'),
});

/** Alerts to send, created once per (chat, event); survives a restart and is never sent twice. */
export const alertOutbox = sqliteTable(
  'alert_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    chatId: integer('chat_id').notNull(),
    seq: integer('seq').notNull(),
    text: text('text').notNull(),
    token: text('token').notNull(),
    sentAt: integer('sent_at'),
  },
  (t) => [uniqueIndex('alert_once').on(t.chatId, t.seq), index('alert_unsent').on(t.sentAt)],
);

/** Admin actions taken in the bot (who, what, when). */
export const adminAudit = sqliteTable('admin_audit', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  telegramId: integer('telegram_id').notNull(),
  action: text('action').notNull(),
  detail: text('detail').notNull(),
  at: integer('at').notNull(),
});

/**
 * The language a chat speaks: `chosen` by /language (a user in private, an admin for a group), and the
 * one Telegram's language_code last said for a user (`seen`), which notifications use until one is chosen.
 */
export const chatLanguages = sqliteTable('chat_languages', {
  chatId: integer('chat_id').primaryKey(),
  chosen: text('chosen'),
  seen: text('seen'),
});
