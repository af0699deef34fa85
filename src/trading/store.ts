// The trading side's data: users, settings, wallets (keys sealed by the vault), trades and automated
// orders, on either engine (src/db/engine.ts: a SQLite file, or Postgres shared by several bot
// processes). Every money-moving step is a conditional update or insert counted with .returning(),
// so exactly one caller wins it, in this process or another.
import { and, asc, count, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../db/engine.js';
import type * as s from './schema.js';
import { reachedChain, spentSun, userRules } from './rules.store.js';

export type TradingDatabase = Database<typeof s>;

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

/** How long a delivery holds an order's message before another may send it (a process died mid-way). */
const ORDER_EVENT_LEASE_MS = 10_000;

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

/** The PIN's columns of a user. */
type PinColumn = 'pinHash' | 'pinFails' | 'pinLockedUntil' | 'unlockedUntil' | 'pinHoldUntil';
/** What a removed wallet keeps in place of its sealed key: nothing that opens. */
export const REMOVED_KEY = '';
/**
 * Why a wallet may not be removed: it is not the user's (or is removed already), it is their only one,
 * it is the active one (switch first), or open orders, snipe or copy rules, or a trade under way use it.
 */
export type WalletRemoval = 'none' | 'only' | 'active' | 'orders' | 'rules' | 'trading';

export function createTradingStore(db: TradingDatabase) {
  const { t } = db;
  const snipeRules = userRules(db, 'snipeRules');
  const follows = userRules(db, 'follows');
  const first = <R>(rows: R[]): R | undefined => rows[0];
  type Q = TradingDatabase['q'];
  /** Takes the user's row for the rest of the transaction (an update that changes nothing); false without one. */
  const lockUser = async (q: Q, userId: number): Promise<boolean> =>
    (
      await q
        .update(t.users)
        .set({ activeWalletId: sql`${t.users.activeWalletId}` })
        .where(eq(t.users.telegramId, userId))
        .returning({ id: t.users.telegramId })
    ).length === 1;
  async function removal(q: Q, userId: number, walletId: number): Promise<WalletRemoval | undefined> {
    const w = t.wallets;
    const live = await q
      .select({ id: w.id })
      .from(w)
      .where(and(eq(w.userId, userId), isNull(w.removedAt)))
      .orderBy(asc(w.id));
    if (!live.some((x) => x.id === walletId)) return 'none';
    if (live.length <= 1) return 'only';
    const [user] = await q
      .select({ active: t.users.activeWalletId })
      .from(t.users)
      .where(eq(t.users.telegramId, userId));
    const active = live.find((x) => x.id === user?.active)?.id ?? live[0]!.id;
    if (active === walletId) return 'active';
    const any = async (table: typeof t.orders | typeof t.snipeRules | typeof t.follows, status: string[]) =>
      (
        await q
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.walletId, walletId), inArray(table.status, status)))
          .limit(1)
      ).length > 0;
    if (await any(t.orders, ['active', 'executing', 'paused'])) return 'orders';
    if ((await any(t.snipeRules, ['active', 'paused'])) || (await any(t.follows, ['active', 'paused']))) return 'rules';
    const moving = await q
      .select({ id: t.trades.id })
      .from(t.trades)
      .where(
        and(eq(t.trades.walletId, walletId), inArray(t.trades.status, ['claimed', 'approving', 'signed', 'broadcast'])),
      )
      .limit(1);
    return moving.length ? 'trading' : undefined;
  }
  return {
    async user(id: number): Promise<UserRow | undefined> {
      return first(await db.q.select().from(t.users).where(eq(t.users.telegramId, id)));
    },
    /** Makes a user; false when the id has one already. */
    async createUser(row: typeof s.users.$inferInsert): Promise<boolean> {
      const made = await db.tx((q) =>
        q.insert(t.users).values(row).onConflictDoNothing().returning({ id: t.users.telegramId }),
      );
      return made.length === 1;
    },
    settings(user: UserRow): Settings {
      return { ...DEFAULT_SETTINGS, ...(JSON.parse(user.settings) as Partial<Settings>) };
    },
    async saveSettings(userId: number, settings: Settings): Promise<void> {
      await db.tx((q) =>
        q
          .update(t.users)
          .set({ settings: JSON.stringify(settings) })
          .where(eq(t.users.telegramId, userId)),
      );
    },
    /** Whether the user has withdrawn to this address before. */
    async knownRecipient(userId: number, address: string): Promise<boolean> {
      const rows = await db.q
        .select()
        .from(t.recipients)
        .where(and(eq(t.recipients.userId, userId), eq(t.recipients.address, address)));
      return rows.length > 0;
    },
    async addRecipient(userId: number, address: string, at: number): Promise<void> {
      await db.tx((q) => q.insert(t.recipients).values({ userId, address, firstSentAt: at }).onConflictDoNothing());
    },
    /** The PIN's columns of a user (hash, wrong tries, lock, unlock and hold times). */
    async updatePin(userId: number, fields: Partial<Pick<UserRow, PinColumn>>): Promise<void> {
      await db.tx((q) => q.update(t.users).set(fields).where(eq(t.users.telegramId, userId)));
    },
    /**
     * Sets a PIN over the one that was there (`from`: its hash, or null for the first PIN) in one
     * conditional update: false when another PIN was set or changed meanwhile.
     */
    async replacePin(userId: number, from: string | null, fields: Partial<Pick<UserRow, PinColumn>>): Promise<boolean> {
      const u = t.users;
      const rows = await db.tx((q) =>
        q
          .update(u)
          .set(fields)
          .where(and(eq(u.telegramId, userId), from === null ? isNull(u.pinHash) : eq(u.pinHash, from)))
          .returning({ id: u.telegramId }),
      );
      return rows.length === 1;
    },
    /**
     * Counts a PIN try before it is checked, and sets the lock `lockMs` gives for that count (a right
     * PIN lifts it), in one transaction: the tries this makes and the hash to compare with, or
     * undefined while the PIN is locked. Concurrent tries (two instances, two taps) each get their own
     * count, and once one earns a lock the others find it: no more are compared until it ends.
     */
    async takePinTry(
      userId: number,
      now: number,
      lockMs: (fails: number) => number,
    ): Promise<{ fails: number; pinHash: string | null } | undefined> {
      const u = t.users;
      return db.tx(async (q) => {
        const [row] = await q
          .update(u)
          .set({ pinFails: sql`${u.pinFails} + 1` })
          .where(and(eq(u.telegramId, userId), or(isNull(u.pinLockedUntil), lte(u.pinLockedUntil, now))))
          .returning({ fails: u.pinFails, pinHash: u.pinHash });
        if (!row) return undefined;
        const ms = lockMs(row.fails);
        if (ms > 0)
          await q
            .update(u)
            .set({ pinLockedUntil: now + ms })
            .where(eq(u.telegramId, userId));
        return row;
      });
    },
    /** Makes a wallet of the user's active: false when it is not theirs or was removed. */
    async setActiveWallet(userId: number, walletId: number): Promise<boolean> {
      return db.tx(async (q) => {
        // the user's row first: a removal (which takes it too) and a switch go one after the other
        if (!(await lockUser(q, userId))) return false;
        const w = t.wallets;
        const [live] = await q
          .select({ id: w.id })
          .from(w)
          .where(and(eq(w.id, walletId), eq(w.userId, userId), isNull(w.removedAt)));
        if (!live) return false;
        await q.update(t.users).set({ activeWalletId: walletId }).where(eq(t.users.telegramId, userId));
        return true;
      });
    },
    /** Why a wallet of the user may not be removed now, or undefined when it may. */
    walletRemoval: (userId: number, walletId: number): Promise<WalletRemoval | undefined> =>
      removal(db.q, userId, walletId),
    /**
     * Removes a wallet: its sealed key erased and the row marked removed, in one transaction that
     * holds the user's row (a switch to it waits, then finds it removed). The reason when it may not.
     */
    async removeWallet(userId: number, walletId: number, at: number): Promise<WalletRemoval | 'removed'> {
      return db.tx(async (q) => {
        if (!(await lockUser(q, userId))) return 'none';
        const why = await removal(q, userId, walletId);
        if (why) return why;
        const w = t.wallets;
        await q
          .update(w)
          .set({ keyEnc: REMOVED_KEY, removedAt: at })
          .where(and(eq(w.id, walletId), eq(w.userId, userId), isNull(w.removedAt)));
        return 'removed';
      });
    },

    /** The user's wallets, oldest first; those they removed left out. */
    async wallets(userId: number): Promise<WalletRow[]> {
      return db.q
        .select()
        .from(t.wallets)
        .where(and(eq(t.wallets.userId, userId), isNull(t.wallets.removedAt)))
        .orderBy(asc(t.wallets.id));
    },
    async wallet(userId: number, walletId: number): Promise<WalletRow | undefined> {
      return first(
        await db.q
          .select()
          .from(t.wallets)
          .where(and(eq(t.wallets.userId, userId), eq(t.wallets.id, walletId))),
      );
    },
    /**
     * Adds a wallet, or finds the user's wallet of that address (one row per user and address); one
     * the user removed comes back with the key given (its own was erased).
     */
    async addWallet(row: typeof s.wallets.$inferInsert): Promise<WalletRow> {
      return db.tx(async (q) => {
        const [made] = await q.insert(t.wallets).values(row).onConflictDoNothing().returning();
        if (made) return made;
        const mine = and(eq(t.wallets.userId, row.userId), eq(t.wallets.address, row.address));
        const [back] = await q
          .update(t.wallets)
          .set({ keyEnc: row.keyEnc, removedAt: null })
          .where(and(mine, isNotNull(t.wallets.removedAt)))
          .returning();
        if (back) return back;
        const [existing] = await q.select().from(t.wallets).where(mine);
        return existing!;
      });
    },

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
