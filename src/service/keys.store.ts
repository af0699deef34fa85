// The tables of API keys and plans, on either engine: keys (stored as their sha256, never the key),
// plans (limits and router fee), and the fee ledger a key's trades booked. Only queries here; the
// rules (validation, the discounted fee, the cache of verified keys) are keys.service.ts's.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';
import type * as schema from '../db/schema.js';

type NewKey = Omit<typeof schema.apiKeys.$inferInsert, 'id' | 'revokedAt'>;
type PlanRow = typeof schema.plans.$inferSelect;

/** The API keys. */
export function keyStore(db: AppDatabase) {
  const { t } = db;
  return {
    async insert(values: NewKey): Promise<number> {
      const [row] = await db.tx((q) =>
        q
          .insert(t.apiKeys)
          .values({ ...values, revokedAt: null })
          .returning({ id: t.apiKeys.id }),
      );
      return row!.id;
    },
    /** The key with this hash (revoked or not) with its plan's terms. */
    async byHash(hash: string) {
      const [row] = await db.q
        .select({
          id: t.apiKeys.id,
          plan: t.apiKeys.plan,
          rpm: t.plans.rpm,
          feeBps: t.plans.feeBps,
          revokedAt: t.apiKeys.revokedAt,
          operator: t.apiKeys.operator,
          managed: t.apiKeys.managed,
          streams: t.plans.streams,
          discount: t.apiKeys.feeDiscountPct,
        })
        .from(t.apiKeys)
        .innerJoin(t.plans, eq(t.plans.name, t.apiKeys.plan))
        .where(eq(t.apiKeys.keyHash, hash));
      return row;
    },
    async list() {
      return db.q
        .select({
          id: t.apiKeys.id,
          prefix: t.apiKeys.prefix,
          label: t.apiKeys.label,
          plan: t.apiKeys.plan,
          createdAt: t.apiKeys.createdAt,
          revokedAt: t.apiKeys.revokedAt,
          operator: t.apiKeys.operator,
        })
        .from(t.apiKeys)
        .orderBy(asc(t.apiKeys.id));
    },
    /** Revokes an active key; false if there is none with this id. */
    async revoke(id: number, at: number): Promise<boolean> {
      const changed = await db.tx((q) =>
        q
          .update(t.apiKeys)
          .set({ revokedAt: at })
          .where(and(eq(t.apiKeys.id, id), isNull(t.apiKeys.revokedAt)))
          .returning({ id: t.apiKeys.id }),
      );
      return changed.length > 0;
    },
    /** Moves a key to a plan; false if there is no key with this id. */
    async setPlan(id: number, plan: string): Promise<boolean> {
      const changed = await db.tx((q) =>
        q.update(t.apiKeys).set({ plan }).where(eq(t.apiKeys.id, id)).returning({ id: t.apiKeys.id }),
      );
      return changed.length > 0;
    },
    /** Fees booked for a key (sun), from the ledger. */
    async feesOf(apiKeyId: number) {
      return db.q.select().from(t.feeLedger).where(eq(t.feeLedger.apiKeyId, apiKeyId));
    },
  };
}

/** The plans. */
export function planStore(db: AppDatabase) {
  const { t } = db;
  return {
    async exists(name: string): Promise<boolean> {
      return (await db.q.select().from(t.plans).where(eq(t.plans.name, name))).length > 0;
    },
    /** Every plan, the dearest router fee first. */
    async list(): Promise<PlanRow[]> {
      return (await db.q.select().from(t.plans).orderBy(asc(t.plans.feeBps))).reverse();
    },
    /** Creates or edits a plan (`streams` kept as it is on an edit without one). */
    async upsert(name: string, rpm: number | null, feeBps: number, streams?: boolean): Promise<void> {
      const set = { rpm, feeBps, ...(streams !== undefined ? { streams } : {}) };
      await db.tx((q) =>
        q
          .insert(t.plans)
          .values({ name, rpm, feeBps, streams: streams ?? false })
          .onConflictDoUpdate({ target: t.plans.name, set }),
      );
    },
  };
}
