// Typed access to the devnet's state. Every write happens inside the chain's SQLite transaction, so a
// reverted call is rolled back with a savepoint and a crash never leaves half a block.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/open.js';
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
}

const ph = (name: string) => sql.placeholder(name);

/** Statements on the hot path, prepared once per database (drizzle builds and prepares them). */
function prepare(db: DevnetDb) {
  return {
    account: db.select().from(s.accounts).where(eq(s.accounts.address, ph('a'))).prepare(),
    kind: db.select({ k: s.accounts.contractKind }).from(s.accounts).where(eq(s.accounts.address, ph('a'))).prepare(),
    insertAccount: db
      .insert(s.accounts)
      .values({ address: ph('a'), balance: '0', createTime: ph('t'), contractKind: ph('k'), name: ph('n') })
      .onConflictDoNothing()
      .prepare(),
    setBalance: db.update(s.accounts).set({ balance: sql`${ph('b')}` }).where(eq(s.accounts.address, ph('a'))).prepare(),
    tokenBalance: db
      .select({ b: s.trc20Balances.balance })
      .from(s.trc20Balances)
      .where(and(eq(s.trc20Balances.token, ph('t')), eq(s.trc20Balances.holder, ph('h'))))
      .prepare(),
    deleteTokenBalance: db
      .delete(s.trc20Balances)
      .where(and(eq(s.trc20Balances.token, ph('t')), eq(s.trc20Balances.holder, ph('h'))))
      .prepare(),
    upsertTokenBalance: db
      .insert(s.trc20Balances)
      .values({ token: ph('t'), holder: ph('h'), balance: ph('b') })
      .onConflictDoUpdate({ target: [s.trc20Balances.token, s.trc20Balances.holder], set: { balance: sql`excluded.balance` } })
      .prepare(),
    allowance: db
      .select({ a: s.trc20Allowances.amount })
      .from(s.trc20Allowances)
      .where(and(eq(s.trc20Allowances.token, ph('t')), eq(s.trc20Allowances.owner, ph('o')), eq(s.trc20Allowances.spender, ph('s'))))
      .prepare(),
    upsertAllowance: db
      .insert(s.trc20Allowances)
      .values({ token: ph('t'), owner: ph('o'), spender: ph('s'), amount: ph('a') })
      .onConflictDoUpdate({ target: [s.trc20Allowances.token, s.trc20Allowances.owner, s.trc20Allowances.spender], set: { amount: sql`excluded.amount` } })
      .prepare(),
    launchpad: db.select().from(s.launchpads).where(eq(s.launchpads.address, ph('a'))).prepare(),
    pool: db.select().from(s.pools).where(eq(s.pools.token, ph('t'))).prepare(),
    router: db.select().from(s.routers).where(eq(s.routers.address, ph('a'))).prepare(),
    token: db.select().from(s.trc20Tokens).where(eq(s.trc20Tokens.address, ph('a'))).prepare(),
  };
}

export class Ledger {
  private readonly q: ReturnType<typeof prepare>;

  constructor(readonly db: DevnetDb) {
    this.q = prepare(db);
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
    return this.q.account.get({ a: address });
  }
  exists(address: string): boolean {
    return this.q.kind.get({ a: address }) !== undefined;
  }
  balance(address: string): bigint {
    const row = this.account(address);
    return row ? BigInt(row.balance) : 0n;
  }
  contractKind(address: string): string | null {
    return this.q.kind.get({ a: address })?.k ?? null;
  }
  /** Creates the account if missing. Returns true when it was created. */
  ensureAccount(address: string, time: number, contractKind: string | null = null, name: string | null = null): boolean {
    return this.q.insertAccount.run({ a: address, t: time, k: contractKind, n: name }).changes > 0;
  }
  setBalance(address: string, balance: bigint): void {
    if (balance < 0n) throw new Error(`negative balance for ${address}`);
    this.q.setBalance.run({ a: address, b: balance.toString() });
  }

  // --- TRC20 ---
  token(address: string) {
    return this.q.token.get({ a: address });
  }
  createToken(row: typeof s.trc20Tokens.$inferInsert): void {
    this.db.insert(s.trc20Tokens).values(row).run();
  }
  tokenBalance(token: string, holder: string): bigint {
    const row = this.q.tokenBalance.get({ t: token, h: holder });
    return row ? BigInt(row.b) : 0n;
  }
  setTokenBalance(token: string, holder: string, balance: bigint): void {
    if (balance === 0n) this.q.deleteTokenBalance.run({ t: token, h: holder });
    else this.q.upsertTokenBalance.run({ t: token, h: holder, b: balance.toString() });
  }
  allowance(token: string, owner: string, spender: string): bigint {
    const row = this.q.allowance.get({ t: token, o: owner, s: spender });
    return row ? BigInt(row.a) : 0n;
  }
  setAllowance(token: string, owner: string, spender: string, amount: bigint): void {
    this.q.upsertAllowance.run({ t: token, o: owner, s: spender, a: amount.toString() });
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
    return row!.n;
  }
  pool(token: string): PoolRow | undefined {
    const r = this.q.pool.get({ t: token });
    if (!r) return undefined;
    return { ...r, trxReserve: BigInt(r.trxReserve), tokenReserve: BigInt(r.tokenReserve) };
  }
  savePool(p: PoolRow): void {
    const row = { ...p, trxReserve: p.trxReserve.toString(), tokenReserve: p.tokenReserve.toString() };
    this.db.insert(s.pools).values(row).onConflictDoUpdate({ target: s.pools.token, set: row }).run();
  }

  // --- router ---
  router(address: string) {
    return this.q.router.get({ a: address });
  }
  createRouter(row: typeof s.routers.$inferInsert): void {
    this.db.insert(s.routers).values(row).run();
  }
}
