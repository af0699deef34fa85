// Operator views and the audit trail: who changed what, when.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
import { ServiceError } from './errors.js';
import { trxNumber } from '../tron/units.js';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function createAdmin(db: AppDb, now: () => number = Date.now) {
  const pending = new Map<number, number>();
  let flushTimer: NodeJS.Timeout | undefined;
  function flushUsage(): void {
    if (flushTimer) clearTimeout(flushTimer);
    flushTimer = undefined;
    if (!pending.size) return;
    const d = day(now());
    db.$client.transaction(() => {
      for (const [apiKeyId, n] of pending) {
        db.insert(t.keyUsage)
          .values({ apiKeyId, day: d, requests: n })
          .onConflictDoUpdate({
            target: [t.keyUsage.apiKeyId, t.keyUsage.day],
            set: { requests: sql`${t.keyUsage.requests} + ${n}` },
          })
          .run();
      }
    })();
    pending.clear();
  }
  const record = (actor: string, action: string, detail: Record<string, unknown>) =>
    db
      .insert(t.auditLog)
      .values({ actor, action, detail: JSON.stringify(detail), at: now() })
      .run();

  return {
    record,

    /** Counts a request; counts are written in batches (flushUsage), not one write per request. */
    countRequest(apiKeyId: number): void {
      pending.set(apiKeyId, (pending.get(apiKeyId) ?? 0) + 1);
      if (!flushTimer) flushTimer = setTimeout(flushUsage, 1000).unref();
    },

    flushUsage,

    keyInfo(id: number) {
      flushUsage();
      const k = db.select().from(t.apiKeys).where(eq(t.apiKeys.id, id)).get();
      if (!k) throw new ServiceError(404, 'Not found', `no key with id ${id}`);
      const since = day(now() - 6 * 86_400_000);
      const usage = db
        .select({ d: t.keyUsage.day, n: t.keyUsage.requests })
        .from(t.keyUsage)
        .where(and(eq(t.keyUsage.apiKeyId, id), gte(t.keyUsage.day, since)))
        .all();
      const fees = db
        .select({ n: sql<number>`count(*)`, s: sql<string>`coalesce(sum(cast(${t.feeLedger.feeSun} as integer)), 0)` })
        .from(t.feeLedger)
        .where(eq(t.feeLedger.apiKeyId, id))
        .get();
      return {
        id: k.id,
        label: k.label,
        plan: k.plan,
        createdAt: k.createdAt,
        revoked: k.revokedAt !== null,
        requestsToday: usage.find((u) => u.d === day(now()))?.n ?? 0,
        requests7d: usage.reduce((s, u) => s + u.n, 0),
        trades: Number(fees?.n ?? 0),
        feesTrx: trxNumber(BigInt(fees?.s ?? 0)),
      };
    },

    stats() {
      const keys = db
        .select({
          n: sql<number>`count(*)`,
          active: sql<number>`sum(case when ${t.apiKeys.revokedAt} is null then 1 else 0 end)`,
        })
        .from(t.apiKeys)
        .get();
      const trades = db
        .select({ n: sql<number>`count(*)`, v: sql<string>`coalesce(sum(cast(${t.trades.trxAmount} as integer)), 0)` })
        .from(t.trades)
        .get();
      const fees = db
        .select({ n: sql<number>`count(*)`, s: sql<string>`coalesce(sum(cast(${t.feeLedger.feeSun} as integer)), 0)` })
        .from(t.feeLedger)
        .get();
      const tokens = db
        .select({ n: sql<number>`count(*)` })
        .from(t.tokens)
        .get();
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

    auditLog(limit = 50) {
      return db
        .select()
        .from(t.auditLog)
        .orderBy(desc(t.auditLog.id))
        .limit(limit)
        .all()
        .map((a) => ({ ...a, detail: JSON.parse(a.detail) as unknown }));
    },
  };
}

export type Audit = ReturnType<typeof createAdmin>;
