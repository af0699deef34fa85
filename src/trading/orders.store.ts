// The automated orders (limit, take-profit, stop-loss, trailing, DCA) and their events (what to tell
// the user), a part of the trading store (store.ts), on either engine. An order moves, a round is
// claimed and an event is delivered by one conditional update or insert counted with .returning(),
// so exactly one caller does it, in this process or another.
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import type * as s from './schema.js';
import type { NewOrder, NewTrade, OrderRow, TradingDatabase } from './store.js';

/** How long a delivery holds an order's message before another may send it (a process died mid-way). */
const ORDER_EVENT_LEASE_MS = 10_000;

class NotClaimed extends Error {}

/** The orders' rows: read, inserted, changed, and moved between states with the event to tell. */
function orderRows(db: TradingDatabase) {
  const { t } = db;
  return {
    async order(id: string): Promise<OrderRow | undefined> {
      return (await db.q.select().from(t.orders).where(eq(t.orders.id, id)))[0];
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
    /** Orders caught between trigger and result by a stop (their trade tells how they ended). */
    async executingOrders(): Promise<OrderRow[]> {
      return db.q.select().from(t.orders).where(eq(t.orders.status, 'executing'));
    },
  };
}

/** The orders' events: queued by moveOrder, each delivered by one process under a lease. */
function orderEvents(db: TradingDatabase) {
  const { t } = db;
  return {
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
  };
}

/** What moves an order and a trade row together, in one transaction: a round, a buy's automatic orders. */
function orderTradeClaims(db: TradingDatabase) {
  const { t } = db;
  return {
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
  };
}

/** The orders' part of the trading store: their rows, their events, and the claims they share with trades. */
export function orderStore(db: TradingDatabase) {
  return { ...orderRows(db), ...orderEvents(db), ...orderTradeClaims(db) };
}
