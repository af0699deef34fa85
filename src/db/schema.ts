// The application's tables: what the indexer follows on chain, the facade's keys, plans and fees.
// Money columns hold integers (sun or token base units) as TEXT, never REAL.
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Small key/value settings: schema facts and the like. */
export const appMeta = sqliteTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

// ------------------------------------------------------------------ indexer

/**
 * Where each followed event stream (a contract on a network) has been read up to. A network is the
 * node its families are on (src/tron/networks.ts): two devnets may both hold a contract at one address.
 */
export const indexerCursors = sqliteTable(
  'indexer_cursors',
  {
    network: text('network').notNull().default('launchpad'),
    contract: text('contract').notNull(),
    /** Events at or after this block timestamp are read again (and deduplicated). */
    blockTimestamp: integer('block_timestamp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.contract] })],
);

/**
 * The blocks the index holds changes from that are not solid yet, as the node gave them: a new head
 * whose parent is not the block recorded below it is a fork.
 */
export const chainBlocks = sqliteTable(
  'chain_blocks',
  {
    /** the network (node) the block is of: each network has its own chain and forks */
    network: text('network').notNull().default('launchpad'),
    number: integer('number').notNull(),
    blockId: text('block_id').notNull(),
    parentId: text('parent_id').notNull(),
    timestamp: integer('timestamp').notNull(),
  },
  (t) => [primaryKey({ columns: [t.network, t.number] })],
);

/** Every event applied, so a re-read never counts twice. */
export const seenEvents = sqliteTable(
  'seen_events',
  {
    txid: text('txid').notNull(),
    contract: text('contract').notNull(),
    eventIndex: integer('event_index').notNull(),
  },
  (t) => [primaryKey({ columns: [t.txid, t.contract, t.eventIndex] })],
);

export const tokens = sqliteTable(
  'tokens',
  {
    /** base58 */
    address: text('address').primaryKey(),
    family: text('family').notNull(),
    launchpad: text('launchpad').notNull(),
    tokenIndex: integer('token_index').notNull(),
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    decimals: integer('decimals').notNull(),
    totalSupply: text('total_supply').notNull(),
    creator: text('creator').notNull(),
    createTx: text('create_tx').notNull(),
    createdAt: integer('created_at').notNull(),
    /** CREATED | LAUNCH_PENDING | LAUNCHED */
    status: text('status').notNull(),
    /** Virtual reserves of the curve after the last trade (sun, base units). */
    trxReserve: text('trx_reserve').notNull(),
    tokenReserve: text('token_reserve').notNull(),
    launchTx: text('launch_tx'),
    launchedAt: integer('launched_at'),
    /** The DEX pair that received the liquidity at launch. */
    pair: text('pair'),
    lastTradeAt: integer('last_trade_at'),
  },
  (t) => [
    index('tokens_family_created').on(t.family, t.createdAt),
    // the listing's newest first (and its ties' first key)
    index('tokens_created').on(t.createdAt),
  ],
);

/** Off-chain metadata set by the service (seed, create helper). Absent links are null. */
export const tokenMetadata = sqliteTable('token_metadata', {
  address: text('address').primaryKey(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  twitter: text('twitter'),
  telegram: text('telegram'),
  website: text('website'),
});

export const trades = sqliteTable(
  'trades',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    txid: text('txid').notNull(),
    eventIndex: integer('event_index').notNull(),
    token: text('token').notNull(),
    /** BUY | SELL */
    type: text('type').notNull(),
    /** The trader (the router's user when traded through a router). */
    user: text('user').notNull(),
    /** Launchpad (pool) that executed it. */
    pool: text('pool').notNull(),
    /** BUY: TRX paid to the launchpad (curve + fee); SELL: TRX paid out (after the fee). Sun. */
    trxAmount: text('trx_amount').notNull(),
    tokenAmount: text('token_amount').notNull(),
    fee: text('fee').notNull(),
    /** The bot operator's router fee on this trade (sun), 0 when traded directly. */
    routerFee: text('router_fee').notNull().default('0'),
    /** Virtual reserves after the trade; price = trx / token. */
    trxReserveAfter: text('trx_reserve_after').notNull(),
    tokenReserveAfter: text('token_reserve_after').notNull(),
    blockNumber: integer('block_number').notNull(),
    /** the block's id (null for rows indexed before forks were followed) */
    blockId: text('block_id'),
    /** its block is solid (final); until then a fork may take the trade away */
    confirmed: integer('confirmed', { mode: 'boolean' }).notNull().default(true),
    timestamp: integer('timestamp').notNull(),
  },
  (t) => [
    uniqueIndex('trades_event').on(t.txid, t.eventIndex),
    index('trades_unconfirmed').on(t.confirmed, t.blockNumber),
    index('trades_token_time').on(t.token, t.timestamp, t.id),
    // the listing's 24 h volumes: the last day's trades of every token
    index('trades_time').on(t.timestamp),
  ],
);

export const holders = sqliteTable(
  'holders',
  {
    token: text('token').notNull(),
    address: text('address').notNull(),
    balance: text('balance').notNull(),
    /** Same balance, zero-padded to 80 digits, so SQL can sort it exactly. */
    sortKey: text('sort_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.address] }), index('holders_rank').on(t.token, t.sortKey)],
);

// ------------------------------------------------------------------ facade

export const plans = sqliteTable('plans', {
  name: text('name').primaryKey(),
  /** Requests per minute; null = unlimited. */
  rpm: integer('rpm'),
  feeBps: integer('fee_bps').notNull(),
  /** May use the live stream and webhooks. */
  streams: integer('streams', { mode: 'boolean' }).notNull().default(false),
});

export const apiKeys = sqliteTable('api_keys', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** sha256 of the key; the key itself is shown once and never stored. */
  keyHash: text('key_hash').notNull().unique(),
  /** First characters of the key, to tell keys apart in listings. */
  prefix: text('prefix').notNull(),
  label: text('label'),
  plan: text('plan')
    .notNull()
    .references(() => plans.name),
  createdAt: integer('created_at').notNull(),
  revokedAt: integer('revoked_at'),
  /** Operator keys may also create keys for others (the bot gives each user a key this way). */
  operator: integer('operator', { mode: 'boolean' }).notNull().default(false),
  /**
   * Made by an operator for a user of its own front end (the bot), which alone holds the key: the
   * plan sets the fee and usage is counted, but the per-minute request limit is left to the front end,
   * which limits the person instead of the calls one action takes.
   */
  managed: integer('managed', { mode: 'boolean' }).notNull().default(false),
  /**
   * Percent off the plan's router fee for this key (a referred bot user's discount): the fee is the
   * plan's basis points times (100 − this) / 100, rounded down.
   */
  feeDiscountPct: integer('fee_discount_pct').notNull().default(0),
});

/** Trades built for a key through the router, waiting for their receipt to book the fee. */
export const pendingFees = sqliteTable('pending_fees', {
  txid: text('txid').primaryKey(),
  apiKeyId: integer('api_key_id')
    .notNull()
    .references(() => apiKeys.id),
  token: text('token').notNull(),
  side: text('side').notNull(),
  feeBps: integer('fee_bps').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/** Router fees taken on chain, booked once the trade confirmed. */
export const feeLedger = sqliteTable('fee_ledger', {
  txid: text('txid').primaryKey(),
  apiKeyId: integer('api_key_id')
    .notNull()
    .references(() => apiKeys.id),
  token: text('token').notNull(),
  side: text('side').notNull(),
  /** Sun taken by the router for the treasury. */
  feeSun: text('fee_sun').notNull(),
  confirmedAt: integer('confirmed_at').notNull(),
});

/** Metadata given with a token-creation transaction the facade built; attached when it is indexed. */
export const pendingMetadata = sqliteTable('pending_metadata', {
  txid: text('txid').primaryKey(),
  description: text('description').notNull().default(''),
  image: text('image').notNull().default(''),
  twitter: text('twitter'),
  telegram: text('telegram'),
  website: text('website'),
  createdAt: integer('created_at').notNull(),
});

/** The kinds of event in the feed. */
export const FEED_KINDS = ['create', 'buy', 'sell', 'progress', 'launch', 'confirmed', 'removed'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

/** What the indexer saw, in order: the live stream and webhooks are fed from here (resumable). */
export const feedEvents = sqliteTable(
  'feed_events',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: FEED_KINDS }).notNull(),
    token: text('token').notNull(),
    /** JSON payload (numbers for people, exact strings where money is involved). */
    payload: text('payload').notNull(),
    txid: text('txid').notNull(),
    timestamp: integer('timestamp').notNull(),
    /**
     * The block an event of the chain came in, while that block stands: null for the feed's notes on
     * other events (confirmed, removed), once a fork took the block away, and for rows written before
     * the column. A fork's rollback finds here what the replaced blocks told.
     */
    blockNumber: integer('block_number'),
  },
  (t) => [index('feed_token').on(t.token, t.seq), index('feed_block').on(t.blockNumber)],
);

export const webhooks = sqliteTable('webhooks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  apiKeyId: integer('api_key_id')
    .notNull()
    .references(() => apiKeys.id),
  url: text('url').notNull(),
  /** JSON array of event kinds. */
  events: text('events').notNull(),
  /** JSON array of token addresses, or null for all. */
  tokens: text('tokens'),
  /** HMAC secret, shown once at creation. Stored as given: the receiver must be able to verify. */
  secret: text('secret').notNull(),
  /** Only feed events after this one are delivered. */
  fromSeq: integer('from_seq').notNull(),
  createdAt: integer('created_at').notNull(),
  deletedAt: integer('deleted_at'),
});

export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id),
    seq: integer('seq').notNull(),
    /** pending | delivered | failed */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: integer('delivered_at'),
  },
  (t) => [uniqueIndex('deliveries_once').on(t.webhookId, t.seq), index('deliveries_due').on(t.status, t.nextAttemptAt)],
);

/** Who changed what, when (admin routes and the CLI). */
export const auditLog = sqliteTable('audit_log', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  detail: text('detail').notNull(),
  at: integer('at').notNull(),
});

/** Requests per key per day (admin usage view). */
export const keyUsage = sqliteTable(
  'key_usage',
  {
    apiKeyId: integer('api_key_id').notNull(),
    day: text('day').notNull(),
    requests: integer('requests').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.day] })],
);
