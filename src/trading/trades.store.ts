// The trade rows: a trade from its intent to its final state, a wallet's trades of a token, and the
// trades an order made. A part of the trading store (store.ts), on either engine. A status moves by one
// conditional update counted with .returning(), so exactly one caller moves it, in any process.
import { and, asc, count, eq, inArray, isNull } from 'drizzle-orm';
import type { NewTrade, TradeRow, TradingDatabase } from './store.js';

export function tradeStore(db: TradingDatabase) {
  const { t } = db;
  return {
    async trade(id: string): Promise<TradeRow | undefined> {
      return (await db.q.select().from(t.trades).where(eq(t.trades.id, id)))[0];
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
  };
}
