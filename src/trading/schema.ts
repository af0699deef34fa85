// The trading side's tables (its database: src/trading/db.ts, the bot.sqlite file or Postgres's `bot`
// schema; a front end may keep tables of its own beside them, as the Telegram chat does in
// src/bot/schema.ts): users with their sealed facade key, wallets with sealed private keys, trades
// from quote to result, orders, rules, referrals, and a key-value table.
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Keys and values the trading side keeps (the operator key, the stream's position, notices' days, terms). */
export const meta = sqliteTable('bot_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const users = sqliteTable('users', {
  telegramId: integer('telegram_id').primaryKey(),
  username: text('username'),
  /** The user's facade API key, encrypted. */
  apiKeyEnc: text('api_key_enc').notNull(),
  /** Its id at the facade (admins look keys up by it). */
  apiKeyId: integer('api_key_id'),
  activeWalletId: integer('active_wallet_id'),
  /** JSON: slippage, buy presets, sell presets, confirm, fee limit. */
  settings: text('settings').notNull(),
  createdAt: integer('created_at').notNull(),
  /** The user's PIN as `scrypt$salt$hash` (hex); null until set. It guards export, withdraw and the like. */
  pinHash: text('pin_hash'),
  /** Wrong PINs in a row (only a right one resets it); from five, each locks until pinLockedUntil, longer each time. */
  pinFails: integer('pin_fails').notNull().default(0),
  pinLockedUntil: integer('pin_locked_until'),
  /** Until when a right PIN opened the guarded actions (ms). */
  unlockedUntil: integer('unlocked_until'),
  /**
   * Until when export, withdraw, import and switch are held (ms): 24 hours after a first PIN set while
   * the wallet holds funds, or after a PIN change. Null when no hold runs.
   */
  pinHoldUntil: integer('pin_hold_until'),
});

export const wallets = sqliteTable(
  'wallets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.telegramId),
    address: text('address').notNull(),
    /** The private key, encrypted. */
    keyEnc: text('key_enc').notNull(),
    label: text('label'),
    createdAt: integer('created_at').notNull(),
    /** When its user removed it from the bot (its sealed key is erased then); null while it is theirs. */
    removedAt: integer('removed_at'),
  },
  (t) => [uniqueIndex('wallets_user_address').on(t.userId, t.address)],
);

/**
 * A trade from quote to result. Status: quoted -> claimed -> (approving) -> signed -> broadcast ->
 * confirmed | failed; or expired / cancelled. The signed transaction and its txID are stored before
 * it is broadcast, so a retry re-sends the same bytes and never builds a second trade.
 */
export const trades = sqliteTable(
  'trades',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    chatId: integer('chat_id').notNull(),
    messageId: integer('message_id'),
    walletId: integer('wallet_id').notNull(),
    token: text('token').notNull(),
    side: text('side').notNull(),
    /** As the user gave it: TRX for buys, tokens or "NN%" for sells. */
    amount: text('amount').notNull(),
    /** The user's slippage for this trade, basis points (the settings say it in percent). */
    slippageBps: integer('slippage_bps').notNull(),
    /** The quote shown (JSON). */
    quote: text('quote').notNull(),
    status: text('status').notNull(),
    txid: text('txid'),
    signedTx: text('signed_tx'),
    result: text('result'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** The automated order this trade executes (one trade per order round), null for a trade by hand. */
    orderId: text('order_id'),
    /** The snipe rule or followed wallet this trade executes (id `s:<rule>:<token>` / `c:<follow>:<txid>`). */
    ruleId: text('rule_id'),
    /**
     * What the trade moved, read by the trading side from the node's receipt (never from the API), once
     * it is in a block: tokens received (buy) or sold (sell), base units; null until read. The positions
     * that cap automated sells are summed from these.
     */
    filledTokenUnits: text('filled_token_units'),
    /** TRX paid (buy, router fee included, refund excluded) or received (sell, after the router fee), sun. */
    filledTrxSun: text('filled_trx_sun'),
    /**
     * When the automatic take-profit / stop-loss of the settings were placed after this buy (or found
     * not wanted): once, by the trade flow, in the transaction that places them; null until then.
     */
    autoOrdersAt: integer('auto_orders_at'),
  },
  (t) => [
    index('trades_status').on(t.status),
    index('trades_order').on(t.orderId),
    index('trades_rule').on(t.ruleId, t.createdAt),
    index('trades_wallet_token').on(t.walletId, t.token),
  ],
);

/**
 * A sniper rule: buy `amount` of each new token that matches (a word in its name or symbol, its
 * creator, the creator's first buy at most maxDev of the supply, only `safe` ones), at its creation
 * or at its launch; at most once a token (the trade id is `s:<rule>:<token>`) and within a daily budget.
 */
export const snipeRules = sqliteTable(
  'snipe_rules',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    walletId: integer('wallet_id').notNull(),
    amountSun: text('amount_sun').notNull(),
    word: text('word'),
    creator: text('creator'),
    /** the creator's first buy at most this share of the supply, basis points */
    maxDevBps: integer('max_dev_bps'),
    safe: integer('safe', { mode: 'boolean' }).notNull().default(false),
    /** buy at the launch (on the DEX) instead of at the creation */
    onLaunch: integer('on_launch', { mode: 'boolean' }).notNull().default(false),
    /** TRX (sun) the rule may spend in any 24 hours */
    budgetSun: text('budget_sun').notNull(),
    /** buy only at or below this price (TRX per whole token, E18): the minimum out signed holds it */
    maxPriceE18: text('max_price_e18'),
    /** buy only at or below this market cap (USD, at the configured TRX price) */
    maxMcUsd: real('max_mc_usd'),
    /** only the tokens of this launchpad family ('launchpad', 'launchpad2'); null: every family */
    family: text('family'),
    /** active | paused | deleted */
    status: text('status').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('snipe_rules_status').on(t.status)],
);

/**
 * A followed wallet: each of its buys is copied with a fixed amount (or a share of its TRX, capped),
 * and with `sells` its sells in proportion; each source trade once (the trade id is `c:<follow>:<txid>`).
 */
export const follows = sqliteTable(
  'follows',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    walletId: integer('wallet_id').notNull(),
    source: text('source').notNull(),
    amountSun: text('amount_sun').notNull(),
    /** copy this share of the source's TRX instead (basis points), capped by maxSun */
    pctBps: integer('pct_bps'),
    maxSun: text('max_sun'),
    /** TRX (sun) the follow may put in in any 24 hours */
    budgetSun: text('budget_sun').notNull().default('0'),
    /** TRX (sun) it may put into any one token in any 24 hours */
    tokenCapSun: text('token_cap_sun').notNull().default('0'),
    /** the source's buys under this many sun are not copied */
    minSourceSun: text('min_source_sun').notNull().default('0'),
    sells: integer('sells', { mode: 'boolean' }).notNull().default(false),
    /** only the source's trades of this launchpad family's tokens; null: every family */
    family: text('family'),
    /** active | paused | deleted */
    status: text('status').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('follows_source').on(t.source, t.status)],
);

/**
 * An automated order of one wallet: limit buy / sell, take-profit, stop-loss, trailing stop or DCA.
 * Prices are TRX per whole token as 18-decimal fixed point (priceE18), compared exactly with the
 * token's reserves. Status: active -> executing (its trade claimed, in the same SQLite transaction)
 * -> filled | failed; or paused (no funds), cancelled (by the user, its pair, or a holding gone). DCA
 * goes back to active between rounds. A round's trade id is `o:<order id>:<round>`: a double trigger,
 * a retried update or a restart finds it taken and never trades twice.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull(),
    walletId: integer('wallet_id').notNull(),
    token: text('token').notNull(),
    symbol: text('symbol').notNull(),
    /** limit | tp | sl | trail | dca */
    kind: text('kind').notNull(),
    side: text('side').notNull(),
    /** buys: TRX in sun per round; sells: share of the holding in basis points */
    amount: text('amount').notNull(),
    /** limit buy, sl, trail (computed): fire at or below; limit sell, tp: at or above. TRX per token, E18 */
    triggerE18: text('trigger_e18'),
    /** tp / sl: the average entry price when set (E18), for display */
    entryE18: text('entry_e18'),
    /** trail: the drop in basis points, and the highest price seen since set (E18) */
    trailBps: integer('trail_bps'),
    highE18: text('high_e18'),
    /** dca: interval, rounds in all, rounds done, when the next is due, and the price cap (E18) */
    intervalMs: integer('interval_ms'),
    rounds: integer('rounds').notNull().default(1),
    done: integer('done').notNull().default(0),
    nextAt: integer('next_at'),
    /** a TP and an SL on one position share a group: when one fills the other is cancelled */
    groupId: text('group_id'),
    /** sl: fires only once the price has held at or below its level for this many blocks (1 = at once) */
    holdBlocks: integer('hold_blocks').notNull().default(1),
    /**
     * sl that must hold: where the price was first seen at or below its level (the block, none for a
     * look without one, and its time in ms); null while it is above. Kept so that a restart, or
     * another instance taking over the engine, goes on counting; cleared by every status move.
     */
    breachBlock: integer('breach_block'),
    breachAt: integer('breach_at'),
    /** set by the automatic TP/SL of /settings (replaced after each new buy) */
    auto: integer('auto', { mode: 'boolean' }).notNull().default(false),
    status: text('status').notNull(),
    /** what happened last, in words (shown by /orders) */
    note: text('note'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('orders_status_token').on(t.status, t.token), index('orders_user').on(t.userId, t.status)],
);

/**
 * What the order engine has to tell a user (a fill, a failure, a pause...), written in the same
 * transaction as the order's change and marked sent once delivered: a restart delivers what a stop
 * left unsent.
 */
export const orderEvents = sqliteTable(
  'order_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: text('order_id').notNull(),
    userId: integer('user_id').notNull(),
    kind: text('kind').notNull(),
    /** JSON: reason, the trade's outcome, the price it got */
    payload: text('payload').notNull(),
    createdAt: integer('created_at').notNull(),
    sentAt: integer('sent_at'),
    /** A delivery under way holds the event until then (ms); one that died lets it go for the next. */
    claimedUntil: integer('claimed_until'),
  },
  (t) => [index('order_events_unsent').on(t.sentAt)],
);

/** Addresses a user has withdrawn to: a first withdrawal to any other waits for a second, later tap. */
export const recipients = sqliteTable(
  'recipients',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.telegramId),
    address: text('address').notNull(),
    firstSentAt: integer('first_sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.address] })],
);

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
