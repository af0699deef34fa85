// The trading side's users: their settings, PIN columns, recipients and wallets (keys sealed by the
// vault), a part of the trading store (store.ts) on either engine. A PIN try, a PIN set, a switch and a
// removal are each one conditional update or one transaction holding the user's row.
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type * as s from './schema.js';
import type { TradingDatabase } from './store.js';

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

/** The PIN's columns of a user. */
type PinColumn = 'pinHash' | 'pinFails' | 'pinLockedUntil' | 'unlockedUntil' | 'pinHoldUntil';
/** What a removed wallet keeps in place of its sealed key: nothing that opens. */
export const REMOVED_KEY = '';
/**
 * Why a wallet may not be removed: it is not the user's (or is removed already), it is their only one,
 * it is the active one (switch first), or open orders, snipe or copy rules, or a trade under way use it.
 */
export type WalletRemoval = 'none' | 'only' | 'active' | 'orders' | 'rules' | 'trading';

export function userStore(db: TradingDatabase) {
  const { t } = db;
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
  };
}
