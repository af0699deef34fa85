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

export class Ledger {
  constructor(readonly db: DevnetDb) {}

  // --- meta ---
  getMeta(key: string): string | undefined {
    return this.db.select().from(s.meta).where(eq(s.meta.key, key)).get()?.value;
  }
  setMeta(key: string, value: string): void {
    this.db.insert(s.meta).values({ key, value }).onConflictDoUpdate({ target: s.meta.key, set: { value } }).run();
  }

  // --- accounts ---
  account(address: string) {
    return this.db.select().from(s.accounts).where(eq(s.accounts.address, address)).get();
  }
  exists(address: string): boolean {
    return this.account(address) !== undefined;
  }
  balance(address: string): bigint {
    const row = this.account(address);
    return row ? BigInt(row.balance) : 0n;
  }
  contractKind(address: string): string | null {
    return this.account(address)?.contractKind ?? null;
  }
  /** Creates the account if missing. Returns true when it was created. */
  ensureAccount(address: string, time: number, contractKind: string | null = null, name: string | null = null): boolean {
    const res = this.db
      .insert(s.accounts)
      .values({ address, balance: '0', createTime: time, contractKind, name })
      .onConflictDoNothing()
      .run();
    return res.changes > 0;
  }
  setBalance(address: string, balance: bigint): void {
    if (balance < 0n) throw new Error(`negative balance for ${address}`);
    this.db.update(s.accounts).set({ balance: balance.toString() }).where(eq(s.accounts.address, address)).run();
  }

  // --- TRC20 ---
  token(address: string) {
    return this.db.select().from(s.trc20Tokens).where(eq(s.trc20Tokens.address, address)).get();
  }
  createToken(row: typeof s.trc20Tokens.$inferInsert): void {
    this.db.insert(s.trc20Tokens).values(row).run();
  }
  tokenBalance(token: string, holder: string): bigint {
    const row = this.db
      .select({ b: s.trc20Balances.balance })
      .from(s.trc20Balances)
      .where(and(eq(s.trc20Balances.token, token), eq(s.trc20Balances.holder, holder)))
      .get();
    return row ? BigInt(row.b) : 0n;
  }
  setTokenBalance(token: string, holder: string, balance: bigint): void {
    if (balance === 0n) {
      this.db.delete(s.trc20Balances).where(and(eq(s.trc20Balances.token, token), eq(s.trc20Balances.holder, holder))).run();
      return;
    }
    const value = balance.toString();
    this.db
      .insert(s.trc20Balances)
      .values({ token, holder, balance: value })
      .onConflictDoUpdate({ target: [s.trc20Balances.token, s.trc20Balances.holder], set: { balance: value } })
      .run();
  }
  allowance(token: string, owner: string, spender: string): bigint {
    const row = this.db
      .select({ a: s.trc20Allowances.amount })
      .from(s.trc20Allowances)
      .where(and(eq(s.trc20Allowances.token, token), eq(s.trc20Allowances.owner, owner), eq(s.trc20Allowances.spender, spender)))
      .get();
    return row ? BigInt(row.a) : 0n;
  }
  setAllowance(token: string, owner: string, spender: string, amount: bigint): void {
    const value = amount.toString();
    this.db
      .insert(s.trc20Allowances)
      .values({ token, owner, spender, amount: value })
      .onConflictDoUpdate({ target: [s.trc20Allowances.token, s.trc20Allowances.owner, s.trc20Allowances.spender], set: { amount: value } })
      .run();
  }

  // --- launchpad ---
  launchpad(address: string): LaunchpadRow | undefined {
    const r = this.db.select().from(s.launchpads).where(eq(s.launchpads.address, address)).get();
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
    const r = this.db.select().from(s.pools).where(eq(s.pools.token, token)).get();
    if (!r) return undefined;
    return { ...r, trxReserve: BigInt(r.trxReserve), tokenReserve: BigInt(r.tokenReserve) };
  }
  savePool(p: PoolRow): void {
    const row = { ...p, trxReserve: p.trxReserve.toString(), tokenReserve: p.tokenReserve.toString() };
    this.db.insert(s.pools).values(row).onConflictDoUpdate({ target: s.pools.token, set: row }).run();
  }

  // --- router ---
  router(address: string) {
    return this.db.select().from(s.routers).where(eq(s.routers.address, address)).get();
  }
  createRouter(row: typeof s.routers.$inferInsert): void {
    this.db.insert(s.routers).values(row).run();
  }
}
