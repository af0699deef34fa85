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

/**
 * Who brought whom: a person who first started the bot through someone's link (a referral link or
 * a token's share link). The first link wins and is never changed; someone who used the bot before
 * is never bound. `boundAt` starts the referrer's share schedule for this referee.
 */
export const referrals = sqliteTable(
  'referrals',
  {
    referee: integer('referee').primaryKey(),
    referrer: integer('referrer').notNull(),
    /** 'link' (start=r_CODE) or 'share' (start=t_TOKEN_CODE) */
    via: text('via').notNull(),
    boundAt: integer('bound_at').notNull(),
  },
  (t) => [index('referrals_referrer').on(t.referrer)],
);

/** Each user's referral code, made when first needed. */
export const referralCodes = sqliteTable('referral_codes', {
  code: text('code').primaryKey(),
  telegramId: integer('telegram_id').notNull().unique(),
  createdAt: integer('created_at').notNull(),
});

/**
 * A payout of what a referrer earned, to their active wallet: stored with its signed transaction
 * before it is broadcast, so a run killed mid-way sends the same bytes again, never a second payout.
 * The id is `REFERRER:N` (their N-th payout): two runs at once cannot both make it.
 */
export const referralPayouts = sqliteTable(
  'referral_payouts',
  {
    id: text('id').primaryKey(),
    referrer: integer('referrer').notNull(),
    /** sun, exact */
    amountSun: text('amount_sun').notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** 'signed' (maybe broadcast) | 'confirmed' | 'failed' (never on chain: owed again) */
    status: text('status').notNull(),
    txid: text('txid').notNull(),
    signedTx: text('signed_tx').notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** when the bot told the referrer (confirmed payouts) */
    notifiedAt: integer('notified_at'),
  },
  (t) => [index('referral_payouts_referrer').on(t.referrer, t.status)],
);
