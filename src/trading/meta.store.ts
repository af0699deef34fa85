// The trading side's key-value table (bot_meta): the operator key, the live stream's position, the
// once-a-day notices' days, the referral programme's terms. A part of the trading store (store.ts);
// every claim is one conditional insert or update counted with returning, won once across processes.
import { and, eq, like } from 'drizzle-orm';
import type { TradingDatabase } from './db.js';

export function metaStore(db: TradingDatabase) {
  const { t } = db;
  async function meta(key: string): Promise<string | undefined> {
    return (await db.q.select().from(t.meta).where(eq(t.meta.key, key)))[0]?.value;
  }
  /** Sets a key only if it has none yet; true for the one caller (of any process) that set it. */
  async function claimMeta(key: string, value: string): Promise<boolean> {
    // claim: insert on conflict do nothing, counted with returning
    const rows = await db.tx((q) =>
      q.insert(t.meta).values({ key, value }).onConflictDoNothing().returning({ key: t.meta.key }),
    );
    return rows.length === 1;
  }
  /** Changes a key's value only from `from`; true for the one caller (of any process) that did. */
  async function swapMeta(key: string, from: string, to: string): Promise<boolean> {
    // claim: a conditional update, counted with returning
    const rows = await db.tx((q) =>
      q
        .update(t.meta)
        .set({ value: to })
        .where(and(eq(t.meta.key, key), eq(t.meta.value, from)))
        .returning({ key: t.meta.key }),
    );
    return rows.length === 1;
  }
  return {
    meta,
    async setMeta(key: string, value: string): Promise<void> {
      await db.tx((q) =>
        q.insert(t.meta).values({ key, value }).onConflictDoUpdate({ target: t.meta.key, set: { value } }),
      );
    },
    claimMeta,
    swapMeta,
    /**
     * Takes a key for a window of time: true for the one caller (of any process) whose turn it is, the
     * key unset or last taken `windowMs` or more before `at`, which it now holds from `at`.
     */
    async claimWindow(key: string, at: number, windowMs: number): Promise<boolean> {
      if (await claimMeta(key, String(at))) return true;
      const last = await meta(key);
      if (last === undefined || at - Number(last) < windowMs) return false;
      return swapMeta(key, last, String(at));
    },
    /** The keys (and values) that start with `prefix` (LIKE finds a superset when it holds _ or %). */
    async metaByPrefix(prefix: string): Promise<Array<{ key: string; value: string }>> {
      const rows = await db.q
        .select()
        .from(t.meta)
        .where(like(t.meta.key, `${prefix}%`));
      return rows.filter((r) => r.key.startsWith(prefix));
    },
    async deleteMeta(key: string): Promise<void> {
      await db.tx((q) => q.delete(t.meta).where(eq(t.meta.key, key)));
    },
  };
}
