// Typed access to the devnet's state. Every write happens inside the chain's SQLite transaction, so a
// reverted call is rolled back with a savepoint and a crash never leaves half a block.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import { ResourceStore } from './resources/store.js';
import * as s from './schema.js';

export type DevnetDb = Db<typeof s>;

export interface PoolRow {
  token: string;
  launchpad: string;
  tokenIndex: number;
  creator: string;
  trxReserve: bigint;
  tokenReserve: bigint;
  state: number;
  pair: string | null;
}

export interface LaunchpadRow {
  address: string;
  family: string;
  purchaseFeeBps: bigint;
  saleFeeBps: bigint;
  minTxFee: bigint;
  mintFee: bigint;
  feeRecipient: string;
  tokenCount: number;
  v2Router: string | null;
  launchFee: bigint;
  launcher: string | null;
}

export interface PairRow {
  address: string;
  factory: string;
  pairIndex: number;
  token0: string;
  token1: string;
  reserve0: bigint;
  reserve1: bigint;
  blockTimestampLast: number;
}

type PairText = Omit<PairRow, 'reserve0' | 'reserve1'> & { reserve0: string; reserve1: string };
const PAIR_COLS =
  'address, factory, pair_index as pairIndex, token0, token1, reserve0, reserve1, block_timestamp_last as blockTimestampLast';
const pairOf = (r: PairText | undefined): PairRow | undefined =>
  r && { ...r, reserve0: BigInt(r.reserve0), reserve1: BigInt(r.reserve1) };

/**
 * Statements on the hot path (every call and block runs several), prepared once per database as
 * plain SQLite statements: the rows are small and fixed, and drizzle's query mapping cost more
 * than the queries themselves.
 */
function prepare(db: DevnetDb) {
  return { ...prepareBalances(db), ...prepareMarkets(db) };
}

/** Accounts, TRC20 balances and allowances. */
function prepareBalances(db: DevnetDb) {
  const c = db.$client;
  return {
    account: c.prepare<
      [string],
      { address: string; balance: string; createTime: number; contractKind: string | null; name: string | null }
    >(
      'select address, balance, create_time as createTime, contract_kind as contractKind, name from accounts where address = ?',
    ),
    balance: c.prepare<[string], string>('select balance from accounts where address = ?').pluck(),
    kind: c.prepare<[string], { k: string | null }>('select contract_kind as k from accounts where address = ?'),
    insertAccount: c.prepare<[string, number, string | null, string | null]>(
      "insert into accounts (address, balance, create_time, contract_kind, name) values (?, '0', ?, ?, ?) on conflict do nothing",
    ),
    setBalance: c.prepare<[string, string]>('update accounts set balance = ? where address = ?'),
    tokenBalance: c
      .prepare<[string, string], string>('select balance from trc20_balances where token = ? and holder = ?')
      .pluck(),
    deleteTokenBalance: c.prepare<[string, string]>('delete from trc20_balances where token = ? and holder = ?'),
    upsertTokenBalance: c.prepare<[string, string, string]>(
      'insert into trc20_balances (token, holder, balance) values (?, ?, ?) on conflict (token, holder) do update set balance = excluded.balance',
    ),
    allowance: c
      .prepare<[string, string, string], string>(
        'select amount from trc20_allowances where token = ? and owner = ? and spender = ?',
      )
      .pluck(),
    upsertAllowance: c.prepare<[string, string, string, string]>(
      'insert into trc20_allowances (token, owner, spender, amount) values (?, ?, ?, ?) on conflict (token, owner, spender) do update set amount = excluded.amount',
    ),
  };
}

/** Launchpads, their pools and routers, token records and SunSwap V2 pairs. */
function prepareMarkets(db: DevnetDb) {
  const c = db.$client;
  return {
    launchpad: db
      .select()
      .from(s.launchpads)
      .where(eq(s.launchpads.address, sql.placeholder('a')))
      .prepare(),
    pool: c.prepare<
      [string],
      {
        token: string;
        launchpad: string;
        tokenIndex: number;
        creator: string;
        trxReserve: string;
        tokenReserve: string;
        state: number;
        pair: string | null;
      }
    >(
      'select token, launchpad, token_index as tokenIndex, creator, trx_reserve as trxReserve, token_reserve as tokenReserve, state, pair from pools where token = ?',
    ),
    savePool: c.prepare<[string, string, number, string, string, string, number, string | null]>(
      `insert into pools (token, launchpad, token_index, creator, trx_reserve, token_reserve, state, pair) values (?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (token) do update set launchpad = excluded.launchpad, token_index = excluded.token_index, creator = excluded.creator,
       trx_reserve = excluded.trx_reserve, token_reserve = excluded.token_reserve, state = excluded.state, pair = excluded.pair`,
    ),
    router: db
      .select()
      .from(s.routers)
      .where(eq(s.routers.address, sql.placeholder('a')))
      .prepare(),
    token: db
      .select()
      .from(s.trc20Tokens)
      .where(eq(s.trc20Tokens.address, sql.placeholder('a')))
      .prepare(),
    pair: c.prepare<[string], PairText>(`select ${PAIR_COLS} from pairs where address = ?`),
    pairFor: c.prepare<[string, string, string], PairText>(
      `select ${PAIR_COLS} from pairs where factory = ? and token0 = ? and token1 = ?`,
    ),
    pairAt: c.prepare<[string, number], PairText>(
      `select ${PAIR_COLS} from pairs where factory = ? and pair_index = ?`,
    ),
    pairCount: c.prepare<[string], number>('select count(*) from pairs where factory = ?').pluck(),
    saveReserves: c.prepare<[string, string, number, string]>(
      'update pairs set reserve0 = ?, reserve1 = ?, block_timestamp_last = ? where address = ?',
    ),
    tokenAt: c
      .prepare<[string, number], string>('select token from pools where launchpad = ? and token_index = ?')
      .pluck(),
    setSupply: c.prepare<[string, string]>('update trc20_tokens set total_supply = ? where address = ?'),
    v2Router: db
      .select()
      .from(s.v2Routers)
      .where(eq(s.v2Routers.address, sql.placeholder('a')))
      .prepare(),
  };
}

export class Ledger {
  private readonly q: ReturnType<typeof prepare>;
  /** Told of each account this ledger writes: the EVM keeps what it read (evm/state.ts). */
  onAccountWrite: ((address: string) => void) | undefined;

  /** Stake 2.0: stakes, unstakes, delegations and resource use (resources/store.ts). */
  readonly resources: ResourceStore;

  constructor(readonly db: DevnetDb) {
    this.q = prepare(db);
    this.resources = new ResourceStore(db);
  }

  // --- meta ---
  getMeta(key: string): string | undefined {
    return this.db.select().from(s.meta).where(eq(s.meta.key, key)).get()?.value;
  }
  setMeta(key: string, value: string): void {
    this.db.insert(s.meta).values({ key, value }).onConflictDoUpdate({ target: s.meta.key, set: { value } }).run();
  }

  // --- accounts ---
  account(address: string) {
    return this.q.account.get(address);
  }
  exists(address: string): boolean {
    return this.q.kind.get(address) !== undefined;
  }
  balance(address: string): bigint {
    const b = this.q.balance.get(address);
    return b === undefined ? 0n : BigInt(b);
  }
  contractKind(address: string): string | null {
    return this.q.kind.get(address)?.k ?? null;
  }
  /** Creates the account if missing. Returns true when it was created. */
  ensureAccount(
    address: string,
    time: number,
    contractKind: string | null = null,
    name: string | null = null,
  ): boolean {
    const created = this.q.insertAccount.run(address, time, contractKind, name).changes > 0;
    if (created) this.onAccountWrite?.(address);
    return created;
  }
  /** Changes what code an account runs (a native router becoming bytecode at genesis.ts). */
  setContractKind(address: string, kind: string | null): void {
    this.db.$client.prepare('update accounts set contract_kind = ? where address = ?').run(kind, address);
    this.onAccountWrite?.(address);
  }
  setBalance(address: string, balance: bigint): void {
    if (balance < 0n) throw new Error(`negative balance for ${address}`);
    this.q.setBalance.run(balance.toString(), address);
    this.onAccountWrite?.(address);
  }

  // --- TRC20 ---
  token(address: string) {
    return this.q.token.get({ a: address });
  }
  createToken(row: typeof s.trc20Tokens.$inferInsert): void {
    this.db.insert(s.trc20Tokens).values(row).run();
  }
  tokenBalance(token: string, holder: string): bigint {
    const b = this.q.tokenBalance.get(token, holder);
    return b === undefined ? 0n : BigInt(b);
  }
  setTokenBalance(token: string, holder: string, balance: bigint): void {
    if (balance === 0n) this.q.deleteTokenBalance.run(token, holder);
    else this.q.upsertTokenBalance.run(token, holder, balance.toString());
  }
  allowance(token: string, owner: string, spender: string): bigint {
    const a = this.q.allowance.get(token, owner, spender);
    return a === undefined ? 0n : BigInt(a);
  }
  setAllowance(token: string, owner: string, spender: string, amount: bigint): void {
    this.q.upsertAllowance.run(token, owner, spender, amount.toString());
  }
  setTotalSupply(token: string, supply: bigint): void {
    this.q.setSupply.run(supply.toString(), token);
  }

  // --- launchpad ---
  launchpad(address: string): LaunchpadRow | undefined {
    const r = this.q.launchpad.get({ a: address });
    if (!r) return undefined;
    return {
      ...r,
      purchaseFeeBps: BigInt(r.purchaseFeeBps),
      saleFeeBps: BigInt(r.saleFeeBps),
      minTxFee: BigInt(r.minTxFee),
      mintFee: BigInt(r.mintFee),
      launchFee: BigInt(r.launchFee),
    };
  }
  createLaunchpad(row: typeof s.launchpads.$inferInsert): void {
    this.db.insert(s.launchpads).values(row).run();
  }
  bumpTokenCount(address: string): number {
    const row = this.db
      .update(s.launchpads)
      .set({ tokenCount: sql`${s.launchpads.tokenCount} + 1` })
      .where(eq(s.launchpads.address, address))
      .returning({ n: s.launchpads.tokenCount })
      .get();
    return row.n;
  }
  pool(token: string): PoolRow | undefined {
    const r = this.q.pool.get(token);
    if (!r) return undefined;
    return { ...r, trxReserve: BigInt(r.trxReserve), tokenReserve: BigInt(r.tokenReserve) };
  }
  /** The launchpad's token with this index (createAndInitPurchase order). */
  tokenAt(launchpad: string, index: number): string | undefined {
    return this.q.tokenAt.get(launchpad, index);
  }
  savePool(p: PoolRow): void {
    this.q.savePool.run(
      p.token,
      p.launchpad,
      p.tokenIndex,
      p.creator,
      p.trxReserve.toString(),
      p.tokenReserve.toString(),
      p.state,
      p.pair,
    );
  }

  // --- router ---
  /** A fee router as the native devnet kept it (before the bytecode router; see genesis.ts). */
  router(address: string) {
    return this.q.router.get({ a: address });
  }

  // --- SunSwap V2 ---
  v2Router(address: string) {
    return this.q.v2Router.get({ a: address });
  }
  createV2Router(row: typeof s.v2Routers.$inferInsert): void {
    this.db.insert(s.v2Routers).values(row).onConflictDoNothing().run();
  }
  pair(address: string): PairRow | undefined {
    return pairOf(this.q.pair.get(address));
  }
  /** The pair of two tokens already sorted (token0 < token1). */
  pairFor(factory: string, token0: string, token1: string): PairRow | undefined {
    return pairOf(this.q.pairFor.get(factory, token0, token1));
  }
  pairAt(factory: string, index: number): PairRow | undefined {
    return pairOf(this.q.pairAt.get(factory, index));
  }
  pairCount(factory: string): number {
    return this.q.pairCount.get(factory) ?? 0;
  }
  createPair(row: Omit<PairRow, 'reserve0' | 'reserve1' | 'blockTimestampLast'>): void {
    this.db
      .insert(s.pairs)
      .values({ ...row, reserve0: '0', reserve1: '0', blockTimestampLast: 0 })
      .run();
  }
  saveReserves(pair: string, reserve0: bigint, reserve1: bigint, blockTimestampLast: number): void {
    this.q.saveReserves.run(reserve0.toString(), reserve1.toString(), blockTimestampLast, pair);
  }
}
