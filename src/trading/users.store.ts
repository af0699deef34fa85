// The trading side's users: their settings, PIN columns and recipients (their wallets are
// wallets.store.ts), a part of the trading store (store.ts) on either engine. A PIN try and a PIN set
// are each one conditional update or one transaction holding the user's row.
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
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

/** The PIN's columns of a user. */
type PinColumn = 'pinHash' | 'pinFails' | 'pinLockedUntil' | 'unlockedUntil' | 'pinHoldUntil';

export function userStore(db: TradingDatabase) {
  const { t } = db;
  const first = <R>(rows: R[]): R | undefined => rows[0];
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
  };
}
