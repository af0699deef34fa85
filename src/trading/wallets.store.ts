// The trading side's wallets: a user's addresses with their keys sealed by the vault, which one is
// active, and their removal (the sealed key erased, the row kept). A part of the trading store
// (store.ts), on either engine. A switch and a removal each hold the user's row for their
// transaction, so the two go one after the other in every process.
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type * as s from './schema.js';
import type { TradingDatabase } from './store.js';

export type WalletRow = typeof s.wallets.$inferSelect;

/** What a removed wallet keeps in place of its sealed key: nothing that opens. */
export const REMOVED_KEY = '';
/**
 * Why a wallet may not be removed: it is not the user's (or is removed already), it is their only one,
 * it is the active one (switch first), or open orders, snipe or copy rules, or a trade under way use it.
 */
export type WalletRemoval = 'none' | 'only' | 'active' | 'orders' | 'rules' | 'trading';

type Q = TradingDatabase['q'];

/** Takes the user's row for the rest of the transaction (an update that changes nothing); false without one. */
const lockUser = async ({ t }: TradingDatabase, q: Q, userId: number): Promise<boolean> =>
  (
    await q
      .update(t.users)
      .set({ activeWalletId: sql`${t.users.activeWalletId}` })
      .where(eq(t.users.telegramId, userId))
      .returning({ id: t.users.telegramId })
  ).length === 1;

/** Why a wallet of the user may not be removed now (read with `q`, in a transaction or not), if it may not. */
async function removal(
  { t }: TradingDatabase,
  q: Q,
  userId: number,
  walletId: number,
): Promise<WalletRemoval | undefined> {
  const w = t.wallets;
  const live = await q
    .select({ id: w.id })
    .from(w)
    .where(and(eq(w.userId, userId), isNull(w.removedAt)))
    .orderBy(asc(w.id));
  if (!live.some((x) => x.id === walletId)) return 'none';
  if (live.length <= 1) return 'only';
  const [user] = await q.select({ active: t.users.activeWalletId }).from(t.users).where(eq(t.users.telegramId, userId));
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

/** The wallets' part of the trading store. */
export function walletStore(db: TradingDatabase) {
  const { t } = db;
  return {
    /** Makes a wallet of the user's active: false when it is not theirs or was removed. */
    async setActiveWallet(userId: number, walletId: number): Promise<boolean> {
      return db.tx(async (q) => {
        // the user's row first: a removal (which takes it too) and a switch go one after the other
        if (!(await lockUser(db, q, userId))) return false;
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
      removal(db, db.q, userId, walletId),
    /**
     * Removes a wallet: its sealed key erased and the row marked removed, in one transaction that
     * holds the user's row (a switch to it waits, then finds it removed). The reason when it may not.
     */
    async removeWallet(userId: number, walletId: number, at: number): Promise<WalletRemoval | 'removed'> {
      return db.tx(async (q) => {
        if (!(await lockUser(db, q, userId))) return 'none';
        const why = await removal(db, q, userId, walletId);
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
      const rows = await db.q
        .select()
        .from(t.wallets)
        .where(and(eq(t.wallets.userId, userId), eq(t.wallets.id, walletId)));
      return rows[0];
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
