// The trading side's data: users, settings, wallets (keys sealed by the vault), trades and automated
// orders, on either engine (src/db/engine.ts: a SQLite file, or Postgres shared by several bot
// processes). Every money-moving step is a conditional update or insert counted with .returning(),
// so exactly one caller wins it, in this process or another.
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import type { TradingDatabase } from './db.js';
import type * as s from './schema.js';
import { reachedChain, spentSun, userRules } from './rules.store.js';
import { userStore } from './users.store.js';
import { metaStore } from './meta.store.js';

export type { TradingDatabase } from './db.js';

export {
  DEFAULT_SETTINGS,
  REMOVED_KEY,
  type Settings,
  type UserRow,
  type WalletRow,
  type WalletRemoval,
} from './users.store.js';

/** How long a delivery holds an order's message before another may send it (a process died mid-way). */
const ORDER_EVENT_LEASE_MS = 10_000;

export type TradeRow = typeof s.trades.$inferSelect;
export type NewTrade = typeof s.trades.$inferInsert;
export type OrderRow = typeof s.orders.$inferSelect;
export type NewOrder = typeof s.orders.$inferInsert;
export type SnipeRuleRow = typeof s.snipeRules.$inferSelect;
export type FollowRow = typeof s.follows.$inferSelect;

class NotClaimed extends Error {}

export function createTradingStore(db: TradingDatabase) {
  const { t } = db;
  const snipeRules = userRules(db, 'snipeRules');
  const follows = userRules(db, 'follows');
  const first = <R>(rows: R[]): R | undefined => rows[0];
  return {
    ...userStore(db),
    ...metaStore(db),

    async trade(id: string): Promise<TradeRow | undefined> {
      return first(await db.q.select().from(t.trades).where(eq(t.trades.id, id)));
    },
    async insertTrade(row: NewTrade): Promise<void> {
      await db.tx((q) => q.insert(t.trades).values(row));
    },
    /**
     * A wallet's trades of a token that are or may yet be on chain (being built, signed, sent, in a
     * block or final): what its recorded position is summed from.
     */
    async walletTokenTrades(walletId: number, token: string): Promise<TradeRow[]> {
      return db.q
        .select()
        .from(t.trades)
        .where(
          and(
            eq(t.trades.walletId, walletId),
            eq(t.trades.token, token),
            inArray(t.trades.status, ['approving', 'signed', 'broadcast', 'included', 'confirmed']),
          ),
        );
    },
    /** The tokens a wallet traded here (any status): what the node is asked about when its holdings matter. */
    async walletTokens(walletId: number): Promise<string[]> {
      const rows = await db.q
        .selectDistinct({ token: t.trades.token })
        .from(t.trades)
        .where(eq(t.trades.walletId, walletId));
      return rows.map((r) => r.token);
    },
    /** Buys in a block whose automatic orders were not placed yet (a stop came between): resumed on start. */
    async pendingAutoOrders(): Promise<TradeRow[]> {
      return db.q
        .select()
        .from(t.trades)
        .where(
          and(
            eq(t.trades.side, 'buy'),
            inArray(t.trades.status, ['included', 'confirmed']),
            isNull(t.trades.autoOrdersAt),
          ),
        );
    },
    /**
     * A buy's automatic orders, once: marks the buy, cancels the wallet's earlier automatic orders of
     * the token and inserts `rows`, in one transaction. Undefined when the buy was marked already (by
     * another caller, or before a restart); else the ids cancelled.
     */
    async replaceAutoOrders(tradeId: string, at: number, rows: NewOrder[]): Promise<string[] | undefined> {
      return db.tx(async (q) => {
        const marked = await q
          .update(t.trades)
          .set({ autoOrdersAt: at })
          .where(and(eq(t.trades.id, tradeId), isNull(t.trades.autoOrdersAt)))
          .returning({ id: t.trades.id });
        if (marked.length !== 1) return undefined;
        const first = rows[0];
        if (!first) return [];
        const o = t.orders;
        const old = await q
          .update(o)
          .set({
            status: 'cancelled',
            note: 'replaced after a new buy',
            breachBlock: null,
            breachAt: null,
            updatedAt: at,
          })
          .where(
            and(
              eq(o.userId, first.userId),
              eq(o.walletId, first.walletId),
              eq(o.token, first.token),
              eq(o.auto, true),
              inArray(o.status, ['active', 'paused']),
            ),
          )
          .returning({ id: o.id });
        await q.insert(o).values(rows);
        return old.map((r) => r.id);
      });
    },
    /** What an included trade moved, as the node's receipt says (exact strings). */
    async setFill(id: string, fill: { tokenUnits: bigint; trxSun: bigint }): Promise<void> {
      await db.tx((q) =>
        q
          .update(t.trades)
          .set({ filledTokenUnits: fill.tokenUnits.toString(), filledTrxSun: fill.trxSun.toString() })
          .where(eq(t.trades.id, id)),
      );
    },
    /** Moves a trade from one status to another; true only for the one caller that did it. */
    async transition(id: string, from: string, to: string, fields: Partial<NewTrade> = {}): Promise<boolean> {
      // claim: one conditional update; a second process's waits for the first's commit and then finds the status moved
      const rows = await db.tx((q) =>
        q
          .update(t.trades)
          .set({ ...fields, status: to, updatedAt: Date.now() })
          .where(and(eq(t.trades.id, id), eq(t.trades.status, from)))
          .returning({ id: t.trades.id }),
      );
      return rows.length === 1;
    },
    async updateTrade(id: string, fields: Partial<NewTrade>): Promise<void> {
      await db.tx((q) =>
        q
          .update(t.trades)
          .set({ ...fields, updatedAt: Date.now() })
          .where(eq(t.trades.id, id)),
      );
    },
    async unfinishedTrades(): Promise<TradeRow[]> {
      return db.q
        .select()
        .from(t.trades)
        .where(inArray(t.trades.status, ['claimed', 'approving', 'signed', 'broadcast']));
    },
    /** Trades done in a head block whose block is not solid yet (followed to final). */
    async includedTrades(): Promise<TradeRow[]> {
      return db.q.select().from(t.trades).where(eq(t.trades.status, 'included'));
    },

    // ------------------------------------------------------------------ orders
    async order(id: string): Promise<OrderRow | undefined> {
      return first(await db.q.select().from(t.orders).where(eq(t.orders.id, id)));
    },
    async insertOrder(row: NewOrder): Promise<void> {
      await db.tx((q) => q.insert(t.orders).values(row));
    },
    /**
     * Moves an order from one of the `from` states to `to`, and with `event` records what to tell its
     * user, in one transaction: true only for the one caller that made the change (the event is
     * written only then).
     */
    async moveOrder(
      id: string,
      from: string | readonly string[],
      to: string,
      fields: Partial<NewOrder> = {},
      event?: { userId: number; kind: string; payload: object },
    ): Promise<boolean> {
      return db.tx(async (q) => {
        const at = Date.now();
        // claim: a conditional update, the event written only by its winner
        const moved = await q
          .update(t.orders)
          // a stop-loss that comes back to the book (resumed, retried) counts its hold again
          .set({ breachBlock: null, breachAt: null, ...fields, status: to, updatedAt: at })
          .where(and(eq(t.orders.id, id), inArray(t.orders.status, typeof from === 'string' ? [from] : [...from])))
          .returning({ id: t.orders.id });
        if (moved.length === 1 && event)
          await q.insert(t.orderEvents).values({
            orderId: id,
            userId: event.userId,
            kind: event.kind,
            payload: JSON.stringify(event.payload),
            createdAt: at,
            sentAt: null,
          });
        return moved.length === 1;
      });
    },
    async unsentOrderEvents(): Promise<Array<typeof s.orderEvents.$inferSelect>> {
      return db.q.select().from(t.orderEvents).where(isNull(t.orderEvents.sentAt)).orderBy(asc(t.orderEvents.id));
    },
    /** Claims an event to deliver (marked sent); false when another delivery has it. */
    async claimOrderEvent(id: number, at: number): Promise<boolean> {
      // claim: a conditional update (unsent, and no delivery's hold on it), so one process delivers
      // it; a process that dies mid-delivery holds it only until its lease ends
      const e = t.orderEvents;
      const rows = await db.tx((q) =>
        q
          .update(e)
          .set({ claimedUntil: at + ORDER_EVENT_LEASE_MS })
          .where(and(eq(e.id, id), isNull(e.sentAt), or(isNull(e.claimedUntil), lt(e.claimedUntil, at))))
          .returning({ id: e.id }),
      );
      return rows.length === 1;
    },
    /** The claimed event was told. */
    async markOrderEventSent(id: number, at: number): Promise<void> {
      await db.tx((q) => q.update(t.orderEvents).set({ sentAt: at }).where(eq(t.orderEvents.id, id)));
    },
    /** Gives a claimed event back (its delivery failed): the next delivery tries again. */
    async releaseOrderEvent(id: number): Promise<void> {
      await db.tx((q) => q.update(t.orderEvents).set({ claimedUntil: null }).where(eq(t.orderEvents.id, id)));
    },
    async updateOrder(id: string, fields: Partial<NewOrder>): Promise<void> {
      await db.tx((q) =>
        q
          .update(t.orders)
          .set({ ...fields, updatedAt: Date.now() })
          .where(eq(t.orders.id, id)),
      );
    },
    /** The active orders (all, or one token's). */
    async activeOrders(token?: string): Promise<OrderRow[]> {
      const live = eq(t.orders.status, 'active');
      return db.q
        .select()
        .from(t.orders)
        .where(token ? and(live, eq(t.orders.token, token)) : live);
    },
    /** A user's orders that are not over (active, executing, paused), oldest first. */
    async openOrders(userId: number, token?: string): Promise<OrderRow[]> {
      const open = and(eq(t.orders.userId, userId), inArray(t.orders.status, ['active', 'executing', 'paused']));
      return db.q
        .select()
        .from(t.orders)
        .where(token ? and(open, eq(t.orders.token, token)) : open)
        .orderBy(asc(t.orders.createdAt));
    },
    /** DCA orders whose next round is due. */
    async dueOrders(now: number): Promise<OrderRow[]> {
      return db.q
        .select()
        .from(t.orders)
        .where(and(eq(t.orders.status, 'active'), eq(t.orders.kind, 'dca'), lte(t.orders.nextAt, now)));
    },
    // ------------------------------------------------------------------ sniper and copy trading
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

    /** The trades an order made, oldest first. */
    async orderTrades(orderId: string): Promise<TradeRow[]> {
      return db.q.select().from(t.trades).where(eq(t.trades.orderId, orderId)).orderBy(asc(t.trades.createdAt));
    },
    async orderTradeCount(orderId: string): Promise<number> {
      const [row] = await db.q
        .select({ n: count().mapWith(Number) })
        .from(t.trades)
        .where(eq(t.trades.orderId, orderId));
      return row?.n ?? 0;
    },
    /** Orders caught between trigger and result by a stop (their trade tells how they ended). */
    async executingOrders(): Promise<OrderRow[]> {
      return db.q.select().from(t.orders).where(eq(t.orders.status, 'executing'));
    },
    /**
     * Claims an order's round: the order goes executing and its trade row is inserted as claimed, in
     * one transaction. False when another caller had it (the order was not active any more, or the
     * round's trade exists), in this process or another.
     */
    async claimOrderRound(orderId: string, trade: NewTrade): Promise<boolean> {
      try {
        return await db.tx(async (q) => {
          // claim: the round's trade inserted on conflict do nothing, and the order moved from active
          const made = await q.insert(t.trades).values(trade).onConflictDoNothing().returning({ id: t.trades.id });
          if (made.length !== 1) return false;
          const moved = await q
            .update(t.orders)
            .set({ status: 'executing', breachBlock: null, breachAt: null, updatedAt: Date.now() })
            .where(and(eq(t.orders.id, orderId), eq(t.orders.status, 'active')))
            .returning({ id: t.orders.id });
          // not active any more: undo the trade row with the rest
          if (moved.length !== 1) throw new NotClaimed();
          return true;
        });
      } catch (e) {
        if (e instanceof NotClaimed) return false;
        throw e;
      }
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

export type TradingStore = ReturnType<typeof createTradingStore>;
