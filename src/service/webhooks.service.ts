// Webhooks: subscriptions per API key, deliveries created from the event feed (once per webhook and
// event), signed with HMAC-SHA256 of the body, retried with exponential backoff, and recorded with
// their outcome. Deliveries live in SQLite, so they survive a restart. Secrets are kept sealed under
// the vault key, bound to their webhook, and opened only to sign a delivery.
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
import type { Vault } from '../vault.js';
import { ServiceError } from './errors.js';
import type { Feed, FeedEvent, FeedKind } from './feed.service.js';
import { TargetRefused, checkedAddress, postTo, systemLookup, type Lookup } from './webhook-target.js';

export const SIGNATURE_HEADER = 'x-launchpad-signature';
export const MAX_ATTEMPTS = 8;
const MAX_WEBHOOKS_PER_KEY = 20;

export const sign = (secret: string, body: string): string =>
  'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

export interface WebhookDeps {
  db: AppDb;
  feed: Feed;
  logger: Logger;
  /** Seals the webhooks' secrets at rest. */
  vault: Vault;
  /**
   * The devnet's relaxation: plain http and loopback or private addresses allowed. Off it, only https
   * to public addresses, checked at creation and at every delivery.
   */
  allowPrivate: boolean;
  /** Resolves a webhook's host name (the system's resolver unless a test gives one). */
  lookup?: Lookup;
  now?: () => number;
  /** First retry delay; doubles each attempt (capped at one hour). */
  baseDelayMs?: number;
  timeoutMs?: number;
}

const sealContext = (webhookId: number) => `webhook:${webhookId}`;
/** A secret as made before they were sealed (plain text in the row). */
const isPlain = (stored: string) => stored.startsWith('whsec_');

export function createWebhooks(deps: WebhookDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const lookup = deps.lookup ?? systemLookup;
  const base = deps.baseDelayMs ?? 2_000;
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;

  const view = (w: typeof t.webhooks.$inferSelect) => ({
    id: w.id,
    url: w.url,
    events: JSON.parse(w.events) as FeedKind[],
    tokens: w.tokens ? (JSON.parse(w.tokens) as string[]) : null,
    createdAt: w.createdAt,
  });

  /** Turns new feed events into pending deliveries (one transaction; the cursor moves with them). */
  function enqueue(): number {
    return db.$client.transaction(() => {
      const cursor = Number(db.select().from(t.appMeta).where(eq(t.appMeta.key, 'webhook_cursor')).get()?.value ?? 0);
      const events = deps.feed.since(cursor, {}, 1000);
      if (!events.length) return 0;
      const hooks = db.select().from(t.webhooks).where(isNull(t.webhooks.deletedAt)).all();
      let n = 0;
      for (const e of events) {
        for (const h of hooks) {
          if (e.seq <= h.fromSeq) continue;
          if (!(JSON.parse(h.events) as string[]).includes(e.kind)) continue;
          if (h.tokens && !(JSON.parse(h.tokens) as string[]).includes(e.token)) continue;
          n += db
            .insert(t.webhookDeliveries)
            .values({ webhookId: h.id, seq: e.seq, status: 'pending', attempts: 0, nextAttemptAt: now() })
            .onConflictDoNothing()
            .run().changes;
        }
      }
      const last = String(events[events.length - 1]!.seq);
      db.insert(t.appMeta)
        .values({ key: 'webhook_cursor', value: last })
        .onConflictDoUpdate({ target: t.appMeta.key, set: { value: last } })
        .run();
      return n;
    })();
  }

  async function deliver(d: typeof t.webhookDeliveries.$inferSelect): Promise<void> {
    const hook = db.select().from(t.webhooks).where(eq(t.webhooks.id, d.webhookId)).get();
    const event = deps.feed.since(d.seq - 1, {}, 1)[0];
    if (!hook || hook.deletedAt || !event || event.seq !== d.seq) {
      db.update(t.webhookDeliveries)
        .set({ status: 'failed', lastError: 'webhook deleted or event gone' })
        .where(eq(t.webhookDeliveries.id, d.id))
        .run();
      return;
    }
    const body = JSON.stringify(payloadOf(event, d.id));
    let status: number | null = null;
    let error: string | null = null;
    try {
      const url = new URL(hook.url);
      // resolved and checked now, and the connection goes to the address checked (no rebinding)
      const address = await checkedAddress(url, lookup, deps.allowPrivate);
      const headers = {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: sign(deps.vault.decrypt(hook.secret, sealContext(hook.id)), body),
        'x-launchpad-event': event.kind,
        'x-launchpad-delivery': String(d.id),
      };
      status = await postTo(url, address, headers, body, deps.timeoutMs ?? 5_000);
    } catch (e) {
      // generic on purpose: the log must not tell open ports from closed ones inside a network
      error =
        e instanceof TargetRefused
          ? `refused: ${e.message}`
          : (e as Error).name === 'TimeoutError'
            ? 'timeout'
            : 'connection failed';
    }
    const attempts = d.attempts + 1;
    if (status !== null && status >= 200 && status < 300) {
      db.update(t.webhookDeliveries)
        .set({ status: 'delivered', attempts, lastStatus: status, lastError: null, deliveredAt: now() })
        .where(eq(t.webhookDeliveries.id, d.id))
        .run();
      return;
    }
    const giveUp = attempts >= MAX_ATTEMPTS;
    db.update(t.webhookDeliveries)
      .set({
        status: giveUp ? 'failed' : 'pending',
        attempts,
        lastStatus: status,
        lastError: error ?? `HTTP ${status}`,
        nextAttemptAt: now() + Math.min(base * 2 ** (attempts - 1), 3_600_000),
      })
      .where(eq(t.webhookDeliveries.id, d.id))
      .run();
  }

  async function tick(): Promise<void> {
    enqueue();
    const due = db
      .select()
      .from(t.webhookDeliveries)
      .where(and(eq(t.webhookDeliveries.status, 'pending'), lte(t.webhookDeliveries.nextAttemptAt, now())))
      .orderBy(asc(t.webhookDeliveries.nextAttemptAt))
      .limit(50)
      .all();
    // a few at a time, each endpoint's deliveries in order
    const byHook = new Map<number, typeof due>();
    for (const d of due) byHook.set(d.webhookId, [...(byHook.get(d.webhookId) ?? []), d]);
    await Promise.all(
      [...byHook.values()].map(async (list) => {
        for (const d of list) await deliver(d);
      }),
    );
  }

  return {
    async create(apiKeyId: number, input: { url: string; events: FeedKind[]; tokens?: string[] | undefined }) {
      const u = new URL(input.url);
      if (u.protocol !== 'https:' && u.protocol !== 'http:')
        throw new ServiceError(400, 'Invalid parameters', 'url must be http or https');
      if (!deps.allowPrivate && u.protocol !== 'https:')
        throw new ServiceError(400, 'Invalid parameters', 'url must be https');
      if (u.username || u.password) throw new ServiceError(400, 'Invalid parameters', 'url must not hold credentials');
      await checkedAddress(u, lookup, deps.allowPrivate).catch((e: unknown) => {
        if (e instanceof TargetRefused)
          throw new ServiceError(400, 'Invalid parameters', 'url must be a public address');
        throw new ServiceError(400, 'Invalid parameters', 'url host does not resolve');
      });
      const count =
        db
          .select({ n: sql<number>`count(*)` })
          .from(t.webhooks)
          .where(and(eq(t.webhooks.apiKeyId, apiKeyId), isNull(t.webhooks.deletedAt)))
          .get()?.n ?? 0;
      if (count >= MAX_WEBHOOKS_PER_KEY)
        throw new ServiceError(400, 'Invalid parameters', `at most ${MAX_WEBHOOKS_PER_KEY} webhooks per key`);
      const secret = 'whsec_' + randomBytes(24).toString('base64url');
      // the row's id binds the sealed secret to it, so the row is made, then sealed, in one transaction
      const row = db.$client.transaction(() => {
        const made = db
          .insert(t.webhooks)
          .values({
            apiKeyId,
            url: input.url,
            events: JSON.stringify([...new Set(input.events)]),
            tokens: input.tokens?.length ? JSON.stringify(input.tokens) : null,
            secret: '',
            fromSeq: deps.feed.latestSeq(),
            createdAt: now(),
            deletedAt: null,
          })
          .returning()
          .get();
        db.update(t.webhooks)
          .set({ secret: deps.vault.encrypt(secret, sealContext(made.id)) })
          .where(eq(t.webhooks.id, made.id))
          .run();
        return made;
      })();
      return { ...view(row), secret };
    },
    list(apiKeyId: number) {
      return db
        .select()
        .from(t.webhooks)
        .where(and(eq(t.webhooks.apiKeyId, apiKeyId), isNull(t.webhooks.deletedAt)))
        .orderBy(asc(t.webhooks.id))
        .all()
        .map(view);
    },
    remove(apiKeyId: number, id: number): void {
      const res = db
        .update(t.webhooks)
        .set({ deletedAt: now() })
        .where(and(eq(t.webhooks.id, id), eq(t.webhooks.apiKeyId, apiKeyId), isNull(t.webhooks.deletedAt)))
        .run();
      if (res.changes === 0) throw new ServiceError(404, 'Not found', `no webhook ${id} for this key`);
    },
    deliveries(apiKeyId: number, id: number) {
      const hook = db
        .select()
        .from(t.webhooks)
        .where(and(eq(t.webhooks.id, id), eq(t.webhooks.apiKeyId, apiKeyId)))
        .get();
      if (!hook) throw new ServiceError(404, 'Not found', `no webhook ${id} for this key`);
      return db
        .select()
        .from(t.webhookDeliveries)
        .where(eq(t.webhookDeliveries.webhookId, id))
        .orderBy(asc(t.webhookDeliveries.id))
        .all()
        .map((d) => ({
          id: d.id,
          seq: d.seq,
          status: d.status,
          attempts: d.attempts,
          lastStatus: d.lastStatus,
          lastError: d.lastError,
          deliveredAt: d.deliveredAt,
        }));
    },
    /** Seals the secrets stored in plain text before they were sealed; returns how many. */
    sealPlainSecrets(): number {
      return db.$client.transaction(() => {
        const plain = db
          .select({ id: t.webhooks.id, secret: t.webhooks.secret })
          .from(t.webhooks)
          .all()
          .filter((w) => isPlain(w.secret));
        for (const w of plain)
          db.update(t.webhooks)
            .set({ secret: deps.vault.encrypt(w.secret, sealContext(w.id)) })
            .where(eq(t.webhooks.id, w.id))
            .run();
        return plain.length;
      })();
    },
    /** One pass: queue new events, send what is due. */
    tick(): Promise<void> {
      if (!ticking) ticking = tick().finally(() => (ticking = undefined));
      return ticking;
    },
    start(intervalMs: number): void {
      const loop = () =>
        void this.tick()
          .catch((err: unknown) => deps.logger.warn({ err }, 'webhook pass failed'))
          .finally(() => (timer = setTimeout(loop, intervalMs)));
      timer = setTimeout(loop, 0);
    },
    async stop(): Promise<void> {
      if (timer) clearTimeout(timer);
      await ticking?.catch(() => undefined);
    },
  };
}

export const payloadOf = (e: FeedEvent, deliveryId?: number) => ({
  id: e.seq,
  kind: e.kind,
  token: e.token,
  txid: e.txid,
  timestamp: e.timestamp,
  data: e.data,
  ...(deliveryId !== undefined ? { delivery: deliveryId } : {}),
});

export type Webhooks = ReturnType<typeof createWebhooks>;
