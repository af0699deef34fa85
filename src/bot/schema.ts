// The bot's own tables (a separate SQLite file: the bot reaches the facade only over HTTP): the
// Telegram side (message owners, prompts, conversations, alerts, admin audit) here, and the trading
// side's (users, wallets, trades, orders) from src/trading/schema.ts, in the same file.
// Secrets (private keys, the user's API key) are stored only encrypted (AES-256-GCM).
export * from '../trading/schema.js';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const botMeta = sqliteTable('bot_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

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
