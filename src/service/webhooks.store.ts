// The webhooks' tables, on either engine: the subscriptions (`webhooks`, secrets sealed and bound to
// their row) and the deliveries (`webhook_deliveries`, one per webhook and event) with the feed cursor
// they are queued up to (`app_meta`). Only queries here; what they mean is in webhooks.service.ts.
import { and, asc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';
import type * as schema from '../db/schema.js';

export type WebhookRow = typeof schema.webhooks.$inferSelect;
export type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;
/** What a new subscription is made of (its id, secret and times come from the store's caller). */
export type NewWebhook = Omit<WebhookRow, 'id' | 'secret' | 'deletedAt'>;

const CURSOR_KEY = 'webhook_cursor';

/** The subscriptions: one API key's, made, listed and removed (a removal keeps the row, marked). */
export function webhookStore(db: AppDatabase) {
  const { t } = db;
  const ownedBy = (apiKeyId: number) => and(eq(t.webhooks.apiKeyId, apiKeyId), isNull(t.webhooks.deletedAt));
  return {
    async countOf(apiKeyId: number): Promise<number> {
      const [{ n } = { n: 0 }] = await db.q
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(t.webhooks)
        .where(ownedBy(apiKeyId));
      return n;
    },
    /** Makes the row, then seals its secret bound to the row's id, in one transaction. */
    insertSealed(values: NewWebhook, seal: (id: number) => string): Promise<WebhookRow> {
      return db.tx(async (q) => {
        const [made] = await q
          .insert(t.webhooks)
          .values({ ...values, secret: '', deletedAt: null })
          .returning();
        await q
          .update(t.webhooks)
          .set({ secret: seal(made!.id) })
          .where(eq(t.webhooks.id, made!.id));
        return made!;
      });
    },
    async listOf(apiKeyId: number): Promise<WebhookRow[]> {
      return db.q.select().from(t.webhooks).where(ownedBy(apiKeyId)).orderBy(asc(t.webhooks.id));
    },
    /** Marks one key's webhook removed; false if it has no such webhook (or it is removed already). */
    async markRemoved(apiKeyId: number, id: number, at: number): Promise<boolean> {
      const gone = await db.tx((q) =>
        q
          .update(t.webhooks)
          .set({ deletedAt: at })
          .where(and(eq(t.webhooks.id, id), ownedBy(apiKeyId)))
          .returning({ id: t.webhooks.id }),
      );
      return gone.length > 0;
    },
    /** A webhook by its id, removed or not. */
    async byId(id: number): Promise<WebhookRow | undefined> {
      const [hook] = await db.q.select().from(t.webhooks).where(eq(t.webhooks.id, id));
      return hook;
    },
    /** One key's webhook by its id, removed or not. */
    async ownedById(apiKeyId: number, id: number): Promise<WebhookRow | undefined> {
      const [hook] = await db.q
        .select()
        .from(t.webhooks)
        .where(and(eq(t.webhooks.id, id), eq(t.webhooks.apiKeyId, apiKeyId)));
      return hook;
    },
    /** Seals, in one transaction, every secret `isPlain` finds in plain text; returns how many. */
    resealPlain(isPlain: (stored: string) => boolean, seal: (id: number, secret: string) => string): Promise<number> {
      return db.tx(async (q) => {
        const all = await q.select({ id: t.webhooks.id, secret: t.webhooks.secret }).from(t.webhooks);
        const plain = all.filter((w) => isPlain(w.secret));
        for (const w of plain)
          await q
            .update(t.webhooks)
            .set({ secret: seal(w.id, w.secret) })
            .where(eq(t.webhooks.id, w.id));
        return plain.length;
      });
    },
    /** The webhooks not removed, for queueing (call it inside the queueing transaction). */
    async active(): Promise<WebhookRow[]> {
      return db.q.select().from(t.webhooks).where(isNull(t.webhooks.deletedAt));
    },
    /** The target (URL) and owner (API key) of these webhooks. */
    async lanesOf(ids: number[]): Promise<{ id: number; url: string; owner: number }[]> {
      if (!ids.length) return [];
      return db.q
        .select({ id: t.webhooks.id, url: t.webhooks.url, owner: t.webhooks.apiKeyId })
        .from(t.webhooks)
        .where(inArray(t.webhooks.id, ids));
    },
  };
}

/** The deliveries: queued, claimed attempt by attempt, settled; and the feed cursor they are queued up to. */
export function deliveryStore(db: AppDatabase) {
  const { t } = db;
  const d = t.webhookDeliveries;
  return {
    /** The last feed event queued (0 before any); call it inside the queueing transaction. */
    async cursor(): Promise<number> {
      const [cur] = await db.q.select().from(t.appMeta).where(eq(t.appMeta.key, CURSOR_KEY));
      return Number(cur?.value ?? 0);
    },
    async moveCursor(seq: number): Promise<void> {
      const value = String(seq);
      await db.tx((q) =>
        q
          .insert(t.appMeta)
          .values({ key: CURSOR_KEY, value })
          .onConflictDoUpdate({ target: t.appMeta.key, set: { value } }),
      );
    },
    /** Queues a delivery of an event to a webhook, once: false if it was queued already. */
    async queue(webhookId: number, seq: number, at: number): Promise<boolean> {
      const made = await db.tx((q) =>
        q
          .insert(d)
          .values({ webhookId, seq, status: 'pending', attempts: 0, nextAttemptAt: at })
          .onConflictDoNothing()
          .returning({ id: d.id }),
      );
      return made.length > 0;
    },
    /** Moves a pending attempt's time to `until` if nobody has moved it since `row` was read; true if this did. */
    async claim(row: DeliveryRow, until: number): Promise<boolean> {
      const won = await db.tx((q) =>
        q
          .update(d)
          .set({ nextAttemptAt: until })
          .where(
            and(
              eq(d.id, row.id),
              eq(d.status, 'pending'),
              eq(d.attempts, row.attempts),
              eq(d.nextAttemptAt, row.nextAttemptAt),
            ),
          )
          .returning({ id: d.id }),
      );
      return won.length === 1;
    },
    async settle(id: number, set: Partial<DeliveryRow>): Promise<void> {
      await db.tx((q) => q.update(d).set(set).where(eq(d.id, id)));
    },
    /** Pending deliveries due at `now`, oldest first, less the ones and the webhooks skipped. */
    async due(now: number, skip: { ids: number[]; webhookIds: number[] }, limit: number): Promise<DeliveryRow[]> {
      return db.q
        .select()
        .from(d)
        .where(
          and(
            eq(d.status, 'pending'),
            lte(d.nextAttemptAt, now),
            skip.ids.length ? notInArray(d.id, skip.ids) : undefined,
            skip.webhookIds.length ? notInArray(d.webhookId, skip.webhookIds) : undefined,
          ),
        )
        .orderBy(asc(d.nextAttemptAt), asc(d.id))
        .limit(limit);
    },
    async ofWebhook(webhookId: number): Promise<DeliveryRow[]> {
      return db.q.select().from(d).where(eq(d.webhookId, webhookId)).orderBy(asc(d.id));
    },
  };
}

export type WebhookStore = ReturnType<typeof webhookStore>;
export type DeliveryStore = ReturnType<typeof deliveryStore>;
