// Snipe rules and followed wallets (kept alike), and the trades they make: claimed once by id, and
// what they spent and sold, counted against a rule's limits. A part of the trading store (store.ts),
// on either engine.
import { and, asc, eq, gte, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type * as s from './schema.js';
import type { FollowRow, NewTrade, SnipeRuleRow, TradeRow, TradingDatabase } from './store.js';
import { quoteOfTrade } from './trade-row.js';

/**
 * Snipe rules and followed wallets are kept alike: a user's rows, active | paused | deleted, moved
 * between states by one conditional update.
 */
export function userRules(db: TradingDatabase, which: 'snipeRules' | 'follows') {
  type Row = SnipeRuleRow & FollowRow;
  // the columns used here are common to both tables
  const table = () => db.t[which] as typeof s.snipeRules;
  return {
    insert: async (row: typeof s.snipeRules.$inferInsert | typeof s.follows.$inferInsert): Promise<void> =>
      void (await db.tx((q) => q.insert(db.t[which]).values(row as never))),
    get: async (id: string): Promise<Row | undefined> =>
      (await db.q.select().from(table()).where(eq(table().id, id)))[0] as Row | undefined,
    active: async (): Promise<Row[]> =>
      (await db.q.select().from(table()).where(eq(table().status, 'active'))) as Row[],
    /** The user's rows that are not deleted, oldest first. */
    ofUser: async (userId: number): Promise<Row[]> =>
      (await db.q
        .select()
        .from(table())
        .where(and(eq(table().userId, userId), inArray(table().status, ['active', 'paused'])))
        .orderBy(asc(table().createdAt))) as Row[],
    /** True only for the one caller that moved the row. */
    setStatus: async (userId: number, id: string, from: string[], to: string): Promise<boolean> =>
      (
        await db.tx((q) =>
          q
            .update(table())
            .set({ status: to })
            .where(and(eq(table().id, id), eq(table().userId, userId), inArray(table().status, from)))
            .returning({ id: table().id }),
        )
      ).length === 1,
    /**
     * Runs `fn` in one transaction holding the row's lock (an update that changes nothing takes it on
     * Postgres; SQLite's transactions take turns anyway): what `fn` checks and claims is one step for
     * every process.
     */
    locked: <T>(id: string, fn: () => Promise<T>): Promise<T> =>
      db.tx(async (q) => {
        await q
          .update(table())
          .set({ status: sql`${table().status}` })
          .where(eq(table().id, id));
        return fn();
      }),
  };
}

/**
 * A trade that counts against a rule's limits: one that is or may yet be on chain. Left out: those
 * that failed before they were sent (no txid) and those whose bytes never landed (refused, expired
 * unsent, taken away by a fork): nothing of them was traded.
 */
export function reachedChain(r: { status: string; txid: string | null; result: string | null }): boolean {
  if (r.status !== 'failed') return true;
  return r.txid !== null && !(JSON.parse(r.result ?? '{}') as { offChain?: boolean }).offChain;
}

/** TRX (sun) the buys that match put in, those that never reached the chain left out. */
export async function spentSun(db: TradingDatabase, where: SQL | undefined): Promise<bigint> {
  const { trades } = db.t;
  const rows = await db.q
    .select({ quote: trades.quote, status: trades.status, txid: trades.txid, result: trades.result })
    .from(trades)
    .where(and(where, eq(trades.side, 'buy')));
  return rows.filter(reachedChain).reduce((sum, r) => sum + BigInt(quoteOfTrade(r).amountIn), 0n);
}

/** The rules' trades: claimed once by id, followed to the end after a stop, counted against limits. */
function ruleTrades(db: TradingDatabase) {
  const { t } = db;
  return {
    /** Inserts an automated trade as claimed; false when its id (one per rule and token, or per source trade) is taken. */
    async claimTrade(row: NewTrade): Promise<boolean> {
      // claim: insert on conflict do nothing; the id `s:<rule>:<token>` / `c:<follow>:<txid>` is made once
      const rows = await db.tx((q) =>
        q.insert(t.trades).values(row).onConflictDoNothing().returning({ id: t.trades.id }),
      );
      return rows.length === 1;
    },
    /** TRX (sun) a rule's trades put in since `since`, those that never reached the chain left out. */
    async ruleSpentSun(ruleId: string, since: number): Promise<bigint> {
      return spentSun(db, and(eq(t.trades.ruleId, ruleId), gte(t.trades.createdAt, since)));
    },
    /** Automated trades by rule (snipes, copies) that a stop left unfinished, or not yet final. */
    async unfinishedRuleTrades(): Promise<TradeRow[]> {
      return db.q
        .select()
        .from(t.trades)
        .where(
          and(
            isNotNull(t.trades.ruleId),
            inArray(t.trades.status, ['claimed', 'approving', 'signed', 'broadcast', 'included']),
          ),
        );
    },
    /** How many sells a rule made of one token since `since` (those that never reached the chain left out). */
    async ruleTokenSells(ruleId: string, token: string, since: number): Promise<number> {
      const rows = await db.q
        .select({ status: t.trades.status, txid: t.trades.txid, result: t.trades.result })
        .from(t.trades)
        .where(
          and(
            eq(t.trades.ruleId, ruleId),
            eq(t.trades.token, token),
            eq(t.trades.side, 'sell'),
            gte(t.trades.createdAt, since),
          ),
        );
      return rows.filter(reachedChain).length;
    },
    /** What ruleSpentSun counts, in one token: TRX (sun) a rule's trades put into it since `since`. */
    async ruleTokenSpentSun(ruleId: string, token: string, since: number): Promise<bigint> {
      return spentSun(db, and(eq(t.trades.ruleId, ruleId), eq(t.trades.token, token), gte(t.trades.createdAt, since)));
    },
  };
}

/** The rules' part of the trading store: snipe rules, follows, and their trades. */
export function ruleStore(db: TradingDatabase) {
  const snipeRules = userRules(db, 'snipeRules');
  const follows = userRules(db, 'follows');
  return {
    insertSnipeRule: snipeRules.insert,
    snipeRule: snipeRules.get as (id: string) => Promise<SnipeRuleRow | undefined>,
    activeSnipeRules: snipeRules.active as () => Promise<SnipeRuleRow[]>,
    userSnipeRules: snipeRules.ofUser as (userId: number) => Promise<SnipeRuleRow[]>,
    setSnipeRuleStatus: snipeRules.setStatus,
    /** Runs `fn` holding the snipe rule's lock, in one transaction (its budget check and its claim). */
    withSnipeRule: snipeRules.locked,
    insertFollow: follows.insert,
    follow: follows.get as (id: string) => Promise<FollowRow | undefined>,
    activeFollows: follows.active as () => Promise<FollowRow[]>,
    userFollows: follows.ofUser as (userId: number) => Promise<FollowRow[]>,
    setFollowStatus: follows.setStatus,
    /** Runs `fn` holding the follow's lock, in one transaction (its budget check and its claim). */
    withFollow: follows.locked,
    ...ruleTrades(db),
  };
}
