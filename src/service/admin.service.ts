// Operator views and the audit trail: who changed what, when.
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { sumOf } from '../db/engine.js';
import type { AppDatabase } from '../db/index.js';
import { ServiceError } from './errors.js';
import { discountedFeeBps } from './keys.service.js';
import { trxNumber } from '../tron/units.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const count = () => sql<number>`count(*)`.mapWith(Number);

export function createAdmin(db: AppDatabase, now: () => number = Date.now) {
  const { t } = db;
  const pending = new Map<number, number>();
  let flushTimer: NodeJS.Timeout | undefined;
  /** Writes the counted requests (one transaction); a failed write keeps them for the next. */
  async function flushUsage(): Promise<void> {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (!pending.size) return;
    const d = day(now());
    const batch = [...pending];
    pending.clear();
    try {
      await db.tx(async (q) => {
        for (const [apiKeyId, n] of batch)
          await q
            .insert(t.keyUsage)
            .values({ apiKeyId, day: d, requests: n })
            .onConflictDoUpdate({
              target: [t.keyUsage.apiKeyId, t.keyUsage.day],
              set: { requests: sql`${t.keyUsage.requests} + ${n}` },
            });
      });
    } catch (e) {
      for (const [apiKeyId, n] of batch) pending.set(apiKeyId, (pending.get(apiKeyId) ?? 0) + n);
      throw e;
    }
  }
  const record = async (actor: string, action: string, detail: Record<string, unknown>): Promise<void> => {
    await db.tx((q) => q.insert(t.auditLog).values({ actor, action, detail: JSON.stringify(detail), at: now() }));
  };

  return {
    record,

    /** Counts a request; counts are written in batches (flushUsage), not one write per request. */
    countRequest(apiKeyId: number): void {
      pending.set(apiKeyId, (pending.get(apiKeyId) ?? 0) + 1);
      if (!flushTimer) flushTimer = setTimeout(() => void flushUsage().catch(() => undefined), 1000).unref();
    },

    flushUsage,

    async keyInfo(id: number) {
      await flushUsage();
      const [k] = await db.q
        .select({ key: t.apiKeys, planFeeBps: t.plans.feeBps })
        .from(t.apiKeys)
        .innerJoin(t.plans, eq(t.plans.name, t.apiKeys.plan))
        .where(eq(t.apiKeys.id, id));
      if (!k) throw new ServiceError(404, 'Not found', `no key with id ${id}`);
      const since = day(now() - 6 * 86_400_000);
      const usage = await db.q
        .select({ d: t.keyUsage.day, n: t.keyUsage.requests })
        .from(t.keyUsage)
        .where(and(eq(t.keyUsage.apiKeyId, id), gte(t.keyUsage.day, since)));
      const [fees] = await db.q
        .select({ n: count(), s: sumOf(t.feeLedger.feeSun) })
        .from(t.feeLedger)
        .where(eq(t.feeLedger.apiKeyId, id));
      return {
        id: k.key.id,
        label: k.key.label,
        plan: k.key.plan,
        feeDiscountPct: k.key.feeDiscountPct,
        feeBps: discountedFeeBps(k.planFeeBps, k.key.feeDiscountPct),
        createdAt: k.key.createdAt,
        revoked: k.key.revokedAt !== null,
        requestsToday: usage.find((u) => u.d === day(now()))?.n ?? 0,
        requests7d: usage.reduce((s, u) => s + u.n, 0),
        trades: Number(fees?.n ?? 0),
        feesTrx: trxNumber(BigInt(fees?.s ?? 0)),
      };
    },

    /** The router fees booked for these keys (confirmedAt >= since), oldest first: what a referrer earns from. */
    async fees(keyIds: number[], since = 0) {
      return db.q
        .select({
          txid: t.feeLedger.txid,
          apiKeyId: t.feeLedger.apiKeyId,
          token: t.feeLedger.token,
          side: t.feeLedger.side,
          feeSun: t.feeLedger.feeSun,
          confirmedAt: t.feeLedger.confirmedAt,
          // the token's family: which network the fee was paid on (null: a token no longer indexed)
          family: t.tokens.family,
        })
        .from(t.feeLedger)
        .leftJoin(t.tokens, eq(t.tokens.address, t.feeLedger.token))
        .where(and(inArray(t.feeLedger.apiKeyId, keyIds), gte(t.feeLedger.confirmedAt, since)))
        .orderBy(asc(t.feeLedger.confirmedAt), asc(t.feeLedger.txid));
    },

    async stats() {
      const [keys] = await db.q
        .select({
          n: count(),
          active: sql<number>`coalesce(sum(case when ${t.apiKeys.revokedAt} is null then 1 else 0 end), 0)`.mapWith(
            Number,
          ),
        })
        .from(t.apiKeys);
      const [trades] = await db.q.select({ n: count(), v: sumOf(t.trades.trxAmount) }).from(t.trades);
      const [fees] = await db.q.select({ n: count(), s: sumOf(t.feeLedger.feeSun) }).from(t.feeLedger);
      const [tokens] = await db.q.select({ n: count() }).from(t.tokens);
      return {
        keys: Number(keys?.n ?? 0),
        activeKeys: Number(keys?.active ?? 0),
        tokens: Number(tokens?.n ?? 0),
        trades: Number(trades?.n ?? 0),
        volumeTrx: trxNumber(BigInt(trades?.v ?? 0)),
        feeTrades: Number(fees?.n ?? 0),
        feesTrx: trxNumber(BigInt(fees?.s ?? 0)),
      };
    },

    async auditLog(limit = 50) {
      const rows = await db.q.select().from(t.auditLog).orderBy(desc(t.auditLog.id)).limit(limit);
      return rows.map((a) => ({ ...a, detail: JSON.parse(a.detail) as unknown }));
    },
  };
}

export type Audit = ReturnType<typeof createAdmin>;
