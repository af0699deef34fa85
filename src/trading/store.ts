// The trading side's data: users, settings, wallets (keys sealed by the vault), trades and automated
// orders. Every money-moving step is a conditional update, so exactly one caller wins it.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../db/open.js';
import * as s from './schema.js';
import { quoteOfTrade } from './trade-row.js';

export type TradingDb = Db<typeof s>;

export interface Settings {
  /** percent */
  slippage: number;
  /** TRX */
  buyPresets: [number, number, number];
  /** percent of the holding */
  sellPresets: [number, number, number];
  confirm: boolean;
  /** TRX added to the facade's fee limit (priorityFee) */
  extraFeeLimit: number;
  /**
   * A take-profit and a stop-loss attached to every new buy (replaced after each buy, at the new
   * average entry); null = off. gain / loss in percent of the entry, sell in percent of the holding.
   */
  autoTpSl: { tp: { gainPct: number; sellPct: number } | null; sl: { lossPct: number; sellPct: number } | null } | null;
  /**
   * The blocks a stop-loss's price must hold at or below its level before it sells (1 = at once): the
   * automatic SL's, and a stop-loss's set without a hold of its own.
   */
  slHoldBlocks: number;
}

export const DEFAULT_SETTINGS: Settings = {
  slippage: 5,
  buyPresets: [100, 500, 1000],
  sellPresets: [25, 50, 100],
  confirm: true,
  extraFeeLimit: 0,
  autoTpSl: null,
  slHoldBlocks: 1,
};

export type UserRow = typeof s.users.$inferSelect;
export type WalletRow = typeof s.wallets.$inferSelect;
export type TradeRow = typeof s.trades.$inferSelect;
export type NewTrade = typeof s.trades.$inferInsert;
export type OrderRow = typeof s.orders.$inferSelect;
export type NewOrder = typeof s.orders.$inferInsert;
export type SnipeRuleRow = typeof s.snipeRules.$inferSelect;
export type FollowRow = typeof s.follows.$inferSelect;

class NotClaimed extends Error {}

/**
 * Snipe rules and followed wallets are kept alike: a user's rows, active | paused | deleted, moved
 * between states by one conditional update.
 */
function userRules<T extends typeof s.snipeRules | typeof s.follows>(db: TradingDb, t: T) {
  type Row = T['$inferSelect'];
  const table = t as typeof s.snipeRules; // the columns used here are common to both tables
  return {
    insert: (row: T['$inferInsert']): void => void db.insert(t).values(row).run(),
    get: (id: string): Row | undefined => db.select().from(table).where(eq(table.id, id)).get(),
    active: (): Row[] => db.select().from(table).where(eq(table.status, 'active')).all(),
    /** The user's rows that are not deleted, oldest first. */
    ofUser: (userId: number): Row[] =>
      db
        .select()
        .from(table)
        .where(and(eq(table.userId, userId), inArray(table.status, ['active', 'paused'])))
        .orderBy(asc(table.createdAt))
        .all(),
    /** True only for the one caller that moved the row. */
    setStatus: (userId: number, id: string, from: string[], to: string): boolean =>
      db
        .update(table)
        .set({ status: to })
        .where(and(eq(table.id, id), eq(table.userId, userId), inArray(table.status, from)))
        .run().changes === 1,
  };
}

export function createTradingStore(db: TradingDb) {
  const snipeRules = userRules(db, s.snipeRules);
  const follows = userRules(db, s.follows);
  return {
    user(id: number): UserRow | undefined {
      return db.select().from(s.users).where(eq(s.users.telegramId, id)).get();
    },
    createUser(row: typeof s.users.$inferInsert): void {
      db.insert(s.users).values(row).onConflictDoNothing().run();
    },
    settings(user: UserRow): Settings {
      return { ...DEFAULT_SETTINGS, ...(JSON.parse(user.settings) as Partial<Settings>) };
    },
    saveSettings(userId: number, settings: Settings): void {
      db.update(s.users)
        .set({ settings: JSON.stringify(settings) })
        .where(eq(s.users.telegramId, userId))
        .run();
    },
    /** Whether the user has withdrawn to this address before. */
    knownRecipient(userId: number, address: string): boolean {
      return !!db
        .select()
        .from(s.recipients)
        .where(and(eq(s.recipients.userId, userId), eq(s.recipients.address, address)))
        .get();
    },
    addRecipient(userId: number, address: string, at: number): void {
      db.insert(s.recipients).values({ userId, address, firstSentAt: at }).onConflictDoNothing().run();
    },
    /** The PIN's columns of a user (hash, wrong tries, lock and unlock times). */
    updatePin(
      userId: number,
      fields: Partial<Pick<UserRow, 'pinHash' | 'pinFails' | 'pinLockedUntil' | 'unlockedUntil'>>,
    ): void {
      db.update(s.users).set(fields).where(eq(s.users.telegramId, userId)).run();
    },
    setActiveWallet(userId: number, walletId: number): void {
      db.update(s.users).set({ activeWalletId: walletId }).where(eq(s.users.telegramId, userId)).run();
    },

    wallets(userId: number): WalletRow[] {
      return db.select().from(s.wallets).where(eq(s.wallets.userId, userId)).orderBy(asc(s.wallets.id)).all();
    },
    wallet(userId: number, walletId: number): WalletRow | undefined {
      return db
        .select()
        .from(s.wallets)
        .where(and(eq(s.wallets.userId, userId), eq(s.wallets.id, walletId)))
        .get();
    },
    addWallet(row: typeof s.wallets.$inferInsert): WalletRow {
      const existing = db
        .select()
        .from(s.wallets)
        .where(and(eq(s.wallets.userId, row.userId), eq(s.wallets.address, row.address)))
        .get();
      if (existing) return existing;
      return db.insert(s.wallets).values(row).returning().get();
    },

    trade(id: string): TradeRow | undefined {
      return db.select().from(s.trades).where(eq(s.trades.id, id)).get();
    },
    insertTrade(row: NewTrade): void {
      db.insert(s.trades).values(row).run();
    },
    /** Moves a trade from one status to another; true only for the one caller that did it. */
    transition(id: string, from: string, to: string, fields: Partial<NewTrade> = {}): boolean {
      return (
        db
          .update(s.trades)
          .set({ ...fields, status: to, updatedAt: Date.now() })
          .where(and(eq(s.trades.id, id), eq(s.trades.status, from)))
          .run().changes === 1
      );
    },
    updateTrade(id: string, fields: Partial<NewTrade>): void {
      db.update(s.trades)
        .set({ ...fields, updatedAt: Date.now() })
        .where(eq(s.trades.id, id))
        .run();
    },
    unfinishedTrades(): TradeRow[] {
      return db
        .select()
        .from(s.trades)
        .where(inArray(s.trades.status, ['claimed', 'approving', 'signed', 'broadcast']))
        .all();
    },
    /** Trades done in a head block whose block is not solid yet (followed to final). */
    includedTrades(): TradeRow[] {
      return db.select().from(s.trades).where(eq(s.trades.status, 'included')).all();
    },

    // ------------------------------------------------------------------ orders
    order(id: string): OrderRow | undefined {
      return db.select().from(s.orders).where(eq(s.orders.id, id)).get();
    },
    insertOrder(row: NewOrder): void {
      db.insert(s.orders).values(row).run();
    },
    /**
     * Moves an order from one of the `from` states to `to`, and with `event` records what to tell its
     * user, in one transaction: true only for the one caller that made the change (the event is
     * written only then).
     */
    moveOrder(
      id: string,
      from: string | readonly string[],
      to: string,
      fields: Partial<NewOrder> = {},
      event?: { userId: number; kind: string; payload: object },
    ): boolean {
      return db.transaction((tx) => {
        const t = Date.now();
        const changed =
          tx
            .update(s.orders)
            .set({ ...fields, status: to, updatedAt: t })
            .where(and(eq(s.orders.id, id), inArray(s.orders.status, typeof from === 'string' ? [from] : [...from])))
            .run().changes === 1;
        if (changed && event)
          tx.insert(s.orderEvents)
            .values({
              orderId: id,
              userId: event.userId,
              kind: event.kind,
              payload: JSON.stringify(event.payload),
              createdAt: t,
              sentAt: null,
            })
            .run();
        return changed;
      });
    },
    unsentOrderEvents(): Array<typeof s.orderEvents.$inferSelect> {
      return db.select().from(s.orderEvents).where(isNull(s.orderEvents.sentAt)).orderBy(asc(s.orderEvents.id)).all();
    },
    markOrderEventSent(id: number, at: number): void {
      db.update(s.orderEvents).set({ sentAt: at }).where(eq(s.orderEvents.id, id)).run();
    },
    updateOrder(id: string, fields: Partial<NewOrder>): void {
      db.update(s.orders)
        .set({ ...fields, updatedAt: Date.now() })
        .where(eq(s.orders.id, id))
        .run();
    },
    /** The active orders (all, or one token's). */
    activeOrders(token?: string): OrderRow[] {
      const live = eq(s.orders.status, 'active');
      return db
        .select()
        .from(s.orders)
        .where(token ? and(live, eq(s.orders.token, token)) : live)
        .all();
    },
    /** A user's orders that are not over (active, executing, paused), oldest first. */
    openOrders(userId: number, token?: string): OrderRow[] {
      const open = and(eq(s.orders.userId, userId), inArray(s.orders.status, ['active', 'executing', 'paused']));
      return db
        .select()
        .from(s.orders)
        .where(token ? and(open, eq(s.orders.token, token)) : open)
        .orderBy(asc(s.orders.createdAt))
        .all();
    },
    /** DCA orders whose next round is due. */
    dueOrders(now: number): OrderRow[] {
      return db
        .select()
        .from(s.orders)
        .where(and(eq(s.orders.status, 'active'), eq(s.orders.kind, 'dca'), lte(s.orders.nextAt, now)))
        .all();
    },
    // ------------------------------------------------------------------ sniper and copy trading
    insertSnipeRule: snipeRules.insert,
    snipeRule: snipeRules.get,
    activeSnipeRules: snipeRules.active,
    userSnipeRules: snipeRules.ofUser,
    setSnipeRuleStatus: snipeRules.setStatus,
    insertFollow: follows.insert,
    follow: follows.get,
    activeFollows: follows.active,
    userFollows: follows.ofUser,
    setFollowStatus: follows.setStatus,
    /** Inserts an automated trade as claimed; false when its id (one per rule and token, or per source trade) is taken. */
    claimTrade(row: NewTrade): boolean {
      return db.insert(s.trades).values(row).onConflictDoNothing().run().changes === 1;
    },
    /** TRX (sun) a rule's trades put in since `since`, those that failed before reaching the chain left out. */
    ruleSpentSun(ruleId: string, since: number): bigint {
      return spentSun(db, and(eq(s.trades.ruleId, ruleId), gte(s.trades.createdAt, since)));
    },
    /** Automated trades by rule (snipes, copies) that a stop left unfinished, or not yet final. */
    unfinishedRuleTrades(): TradeRow[] {
      return db
        .select()
        .from(s.trades)
        .where(
          and(
            isNotNull(s.trades.ruleId),
            inArray(s.trades.status, ['claimed', 'approving', 'signed', 'broadcast', 'included']),
          ),
        )
        .all();
    },

    /** The trades an order made, oldest first. */
    orderTrades(orderId: string): TradeRow[] {
      return db.select().from(s.trades).where(eq(s.trades.orderId, orderId)).orderBy(asc(s.trades.createdAt)).all();
    },
    orderTradeCount(orderId: string): number {
      return (
        db.$client.prepare<[string], number>('select count(*) from trades where order_id = ?').pluck().get(orderId) ?? 0
      );
    },
    /** Orders caught between trigger and result by a stop (their trade tells how they ended). */
    executingOrders(): OrderRow[] {
      return db.select().from(s.orders).where(eq(s.orders.status, 'executing')).all();
    },
    /**
     * Claims an order's round: the order goes executing and its trade row is inserted as claimed, in
     * one SQLite transaction. False when another caller had it (the order was not active any more,
     * or the round's trade exists).
     */
    claimOrderRound(orderId: string, trade: NewTrade): boolean {
      try {
        return db.transaction((tx) => {
          if (tx.insert(s.trades).values(trade).onConflictDoNothing().run().changes !== 1) return false;
          const moved = tx
            .update(s.orders)
            .set({ status: 'executing', updatedAt: Date.now() })
            .where(and(eq(s.orders.id, orderId), eq(s.orders.status, 'active')))
            .run().changes;
          // not active any more: undo the trade row with the rest
          if (moved !== 1) throw new NotClaimed();
          return true;
        });
      } catch (e) {
        if (e instanceof NotClaimed) return false;
        throw e;
      }
    },
    /** How many sells a rule made of one token since `since` (those that failed before the chain left out). */
    ruleTokenSells(ruleId: string, token: string, since: number): number {
      return db
        .select({ status: s.trades.status, txid: s.trades.txid })
        .from(s.trades)
        .where(
          and(
            eq(s.trades.ruleId, ruleId),
            eq(s.trades.token, token),
            eq(s.trades.side, 'sell'),
            gte(s.trades.createdAt, since),
          ),
        )
        .all()
        .filter((r) => r.status !== 'failed' || r.txid !== null).length;
    },
    /** What ruleSpentSun counts, in one token: TRX (sun) a rule's trades put into it since `since`. */
    ruleTokenSpentSun(ruleId: string, token: string, since: number): bigint {
      return spentSun(db, and(eq(s.trades.ruleId, ruleId), eq(s.trades.token, token), gte(s.trades.createdAt, since)));
    },
  };
}

/** TRX (sun) the trades that match put in, those that failed before reaching the chain left out. */
function spentSun(db: TradingDb, where: SQL | undefined): bigint {
  const rows = db
    .select({ quote: s.trades.quote, status: s.trades.status, txid: s.trades.txid })
    .from(s.trades)
    .where(where)
    .all();
  return rows
    .filter((r) => r.status !== 'failed' || r.txid !== null)
    .reduce((sum, r) => sum + BigInt(quoteOfTrade(r).amountIn), 0n);
}

export type TradingStore = ReturnType<typeof createTradingStore>;
