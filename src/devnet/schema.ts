// The devnet's own ledger (a separate SQLite file from the app's, as a real node would be).
// Money columns are TEXT holding integer sun / token base units; never REAL.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const meta = sqliteTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const accounts = sqliteTable('accounts', {
  /** `41...` hex, lowercase. */
  address: text('address').primaryKey(),
  balance: text('balance').notNull(),
  createTime: integer('create_time').notNull(),
  /** null for a user account; 'evm' for a contract deployed from bytecode (contract_code); else the
   * native contract: 'trc20' | 'launchpad' | 'wtrx' | 'v2factory' | 'pair' | 'v2router'. */
  contractKind: text('contract_kind'),
  name: text('name'),
});

export const blocks = sqliteTable('blocks', {
  number: integer('number').primaryKey(),
  blockId: text('block_id').notNull(),
  parentId: text('parent_id').notNull(),
  timestamp: integer('timestamp').notNull(),
  txCount: integer('tx_count').notNull(),
});

export const transactions = sqliteTable(
  'transactions',
  {
    txid: text('txid').primaryKey(),
    /** The signed transaction as broadcast (JSON). */
    signed: text('signed').notNull(),
    owner: text('owner').notNull(),
    receivedAt: integer('received_at').notNull(),
    /** Order of arrival, so blocks include transactions first come, first served. */
    seq: integer('seq').notNull(),
    blockNumber: integer('block_number'),
    /** 'pending' until in a block, then SUCCESS | REVERT | OUT_OF_ENERGY | DROPPED. */
    status: text('status').notNull(),
    /** getTransactionInfo body once in a block (JSON). */
    info: text('info'),
  },
  (t) => [index('transactions_pending').on(t.status, t.seq), index('transactions_block').on(t.blockNumber)],
);

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    blockNumber: integer('block_number').notNull(),
    blockTimestamp: integer('block_timestamp').notNull(),
    txid: text('txid').notNull(),
    contract: text('contract').notNull(),
    eventIndex: integer('event_index').notNull(),
    eventName: text('event_name').notNull(),
    signature: text('signature').notNull(),
    result: text('result').notNull(),
    resultType: text('result_type').notNull(),
  },
  // pages are read in id order per contract (fingerprint = last id): one index walk per page
  (t) => [
    index('events_contract').on(t.contract, t.blockTimestamp, t.id),
    index('events_contract_id').on(t.contract, t.id),
    index('events_tx').on(t.txid),
    // a block's events (the by-block API, the unconfirmed ones, a fork dropping them)
    index('events_block').on(t.blockNumber),
  ],
);

/**
 * The undo journal (chain/journal.ts): for each row a block not yet solid inserted, updated or
 * deleted in a state table, the row as it was before, so a fork can restore the state and a read
 * at the solid block can see it. Rows of solid blocks are pruned.
 */
export const journal = sqliteTable(
  'journal',
  {
    id: integer('id').primaryKey(),
    block: integer('block').notNull(),
    /** The state table and the row's rowid in it. */
    tbl: text('tbl').notNull(),
    rid: integer('rid').notNull(),
    /** 'i' inserted, 'u' updated, 'd' deleted. */
    op: text('op').notNull(),
    /** The row before the change (JSON object by column name); null for an insert. */
    old: text('old'),
  },
  // records are kept in block order, so a block's are found by id (chain/journal.ts); an account's
  // own records are indexed for the solidity node's account reads
  (t) => [
    index('journal_accounts')
      .on(t.rid)
      .where(sql`tbl = 'accounts'`),
  ],
);

export const trc20Tokens = sqliteTable('trc20_tokens', {
  address: text('address').primaryKey(),
  name: text('name').notNull(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull(),
  totalSupply: text('total_supply').notNull(),
});

export const trc20Balances = sqliteTable(
  'trc20_balances',
  {
    token: text('token').notNull(),
    holder: text('holder').notNull(),
    balance: text('balance').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.holder] })],
);

export const trc20Allowances = sqliteTable(
  'trc20_allowances',
  {
    token: text('token').notNull(),
    owner: text('owner').notNull(),
    spender: text('spender').notNull(),
    amount: text('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.token, t.owner, t.spender] })],
);

export const launchpads = sqliteTable('launchpads', {
  address: text('address').primaryKey(),
  family: text('family').notNull(),
  purchaseFeeBps: integer('purchase_fee_bps').notNull(),
  saleFeeBps: integer('sale_fee_bps').notNull(),
  minTxFee: text('min_tx_fee').notNull(),
  mintFee: text('mint_fee').notNull(),
  feeRecipient: text('fee_recipient').notNull(),
  tokenCount: integer('token_count').notNull(),
  /** The SunSwap V2 router launchToDEX adds liquidity through. */
  v2Router: text('v2_router'),
  /** TRX (sun) kept by the launchpad from the curve's TRX at launch. */
  launchFee: text('launch_fee').notNull().default('0'),
  /** The only address allowed to call launchToDEX; null lets anyone launch a full curve. */
  launcher: text('launcher'),
});

export const pools = sqliteTable('pools', {
  token: text('token').primaryKey(),
  launchpad: text('launchpad').notNull(),
  tokenIndex: integer('token_index').notNull(),
  creator: text('creator').notNull(),
  trxReserve: text('trx_reserve').notNull(),
  tokenReserve: text('token_reserve').notNull(),
  /** 1 TRADING, 2 READY_TO_LAUNCH, 3 LAUNCHED */
  state: integer('state').notNull(),
  /** The DEX pair that received the liquidity at launch. */
  pair: text('pair'),
});

export const routers = sqliteTable('routers', {
  address: text('address').primaryKey(),
  launchpad: text('launchpad').notNull(),
  treasury: text('treasury').notNull(),
  maxFeeBps: integer('max_fee_bps').notNull(),
  /** The SunSwap V2 router that dexBuy / dexSell trade through. */
  v2Router: text('v2_router'),
});

/** SunSwap V2 routers: where they find pairs and wrapped TRX. */
export const v2Routers = sqliteTable('v2_routers', {
  address: text('address').primaryKey(),
  factory: text('factory').notNull(),
  wtrx: text('wtrx').notNull(),
});

/** SunSwap V2 pairs (each is also a TRC20 LP token in trc20_tokens). Reserves in base units. */
export const pairs = sqliteTable(
  'pairs',
  {
    address: text('address').primaryKey(),
    factory: text('factory').notNull(),
    /** Position in the factory's allPairs. */
    pairIndex: integer('pair_index').notNull(),
    token0: text('token0').notNull(),
    token1: text('token1').notNull(),
    reserve0: text('reserve0').notNull(),
    reserve1: text('reserve1').notNull(),
    /** Seconds, mod 2^32, as the pair stores it. */
    blockTimestampLast: integer('block_timestamp_last').notNull(),
  },
  (t) => [
    uniqueIndex('pairs_tokens').on(t.factory, t.token0, t.token1),
    uniqueIndex('pairs_index').on(t.factory, t.pairIndex),
  ],
);

/**
 * Contracts deployed from bytecode (accounts.contract_kind 'evm'): the code the EVM runs, what
 * getcontract shows of them, and the nonce their CREATEs count with.
 */
export const contractCode = sqliteTable('contract_code', {
  address: text('address').primaryKey(),
  /** The runtime code (hex, no 0x): what the constructor returned. */
  runtime: text('runtime').notNull(),
  /** The creation code as deployed, constructor arguments included (hex): getcontract's `bytecode`. */
  bytecode: text('bytecode').notNull(),
  /** keccak256 of the runtime code (hex), for EXTCODEHASH. */
  codeHash: text('code_hash').notNull(),
  /** The ABI given at deployment (JSON array of entries, as getcontract's `abi.entrys`). */
  abi: text('abi').notNull(),
  name: text('name').notNull(),
  /** The deployer, `41...` hex. */
  origin: text('origin').notNull(),
  consumeUserResourcePercent: integer('consume_user_resource_percent').notNull(),
  originEnergyLimit: integer('origin_energy_limit').notNull(),
  nonce: integer('nonce').notNull(),
});

/** Storage of bytecode contracts: one row per non-zero 32-byte slot (hex, no 0x). */
export const contractStorage = sqliteTable(
  'contract_storage',
  {
    address: text('address').notNull(),
    slot: text('slot').notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.slot] })],
);

/**
 * An account's Stake 2.0 (java-tron's Account.frozenV2, delegated and acquired balances, and
 * account_resource): TRX staked for each resource (sun; what is lent out is counted apart), what
 * others lent it, and its use of each resource with the slot (3-s block interval since genesis) it
 * was last used in, from which the use recovers over 24 hours. A row exists once any of it is not
 * zero; an account without one has staked nothing and used nothing.
 */
export const resources = sqliteTable('resources', {
  address: text('address').primaryKey(),
  /** Staked for energy and not lent out (frozenV2 ENERGY), sun. */
  frozenEnergy: text('frozen_energy').notNull().default('0'),
  /** Staked for bandwidth and not lent out (frozenV2 BANDWIDTH), sun. */
  frozenNet: text('frozen_net').notNull().default('0'),
  /** Own stake lent to others (delegated_frozenV2_balance_for_energy / _bandwidth), sun. */
  delegatedEnergy: text('delegated_energy').notNull().default('0'),
  delegatedNet: text('delegated_net').notNull().default('0'),
  /** Others' stake lent to this account (acquired_delegated_frozenV2_balance_for_…), sun. */
  acquiredEnergy: text('acquired_energy').notNull().default('0'),
  acquiredNet: text('acquired_net').notNull().default('0'),
  energyUsage: integer('energy_usage').notNull().default(0),
  energyTime: integer('energy_time').notNull().default(0),
  /** The window energy use recovers over, thousandths of a slot (java-tron's window_size_v2); 0: a day. */
  energyWindow: integer('energy_window').notNull().default(0),
  netUsage: integer('net_usage').notNull().default(0),
  netTime: integer('net_time').notNull().default(0),
  netWindow: integer('net_window').notNull().default(0),
  freeNetUsage: integer('free_net_usage').notNull().default(0),
  freeNetTime: integer('free_net_time').notNull().default(0),
});

/** Stake being unstaked (java-tron's unfrozenV2): paid back to the balance once expireTime passes. */
export const unfreezes = sqliteTable(
  'unfreezes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    address: text('address').notNull(),
    /** 'ENERGY' | 'BANDWIDTH' */
    resource: text('resource').notNull(),
    amount: text('amount').notNull(),
    /** Block time (ms) from which it may be withdrawn. */
    expireTime: integer('expire_time').notNull(),
  },
  (t) => [index('unfreezes_address').on(t.address, t.expireTime)],
);

/**
 * Stake lent by one account to another (java-tron's DelegatedResource, V2): one row per lender,
 * receiver, resource and whether it is locked; a lock holds it until expireTime (block time, ms).
 */
export const delegations = sqliteTable(
  'delegations',
  {
    from: text('from_address').notNull(),
    to: text('to_address').notNull(),
    /** 'ENERGY' | 'BANDWIDTH' */
    resource: text('resource').notNull(),
    locked: integer('locked').notNull(),
    amount: text('amount').notNull(),
    expireTime: integer('expire_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.from, t.to, t.resource, t.locked] }), index('delegations_to').on(t.to)],
);
