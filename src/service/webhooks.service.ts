// Webhooks: subscriptions per API key, deliveries created from the event feed (once per webhook and
// event), signed with HMAC-SHA256 of the body, retried with exponential backoff, and recorded with
// their outcome. Deliveries live in the database, so they survive a restart; several instances may
// run the dispatcher at once: each attempt is claimed first (a conditional update that moves its
// next attempt a lease away), so one instance sends it, and another takes it over only if that one
// died before recording the outcome. Deliveries are sent side by side through a pool with a limit
// per target, per key and in all (webhook-pool.ts), and each has one deadline, so a slow receiver
// holds up only its own deliveries: a pass hands what is due to the pool and does not wait for it.
// Secrets are kept sealed under the vault key, bound to their webhook, and opened only to sign a
// delivery.
import { createHmac, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDatabase } from '../db/index.js';
import type * as schema from '../db/schema.js';
import type { Vault } from '../vault.js';
import { Errors, ServiceError } from './errors.js';
import type { Feed, FeedEvent, FeedKind } from './feed.service.js';
import { createDeliveryPool, type Lane } from './webhook-pool.js';
import { TargetRefused, checkTarget, postTo, systemLookup, targetRule, type Lookup } from './webhook-target.js';

export const SIGNATURE_HEADER = 'x-launchpad-signature';
export const MAX_ATTEMPTS = 8;
const MAX_WEBHOOKS_PER_KEY = 20;

export const sign = (secret: string, body: string): string =>
  'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

export interface WebhookDeps {
  db: AppDatabase;
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
  /** A delivery's whole deadline: the lookup, the connection, sending, and the answer's headers (5 s). */
  timeoutMs?: number;
}

const sealContext = (webhookId: number) => `webhook:${webhookId}`;
/** How long an instance holds a claimed attempt before another may take it (more than a send's timeout). */
const CLAIM_MS = 60_000;
/** Sending at once: to one target (host and port), for one API key, in all. */
const LIMITS = { perTarget: 2, perOwner: 8, total: 32 };
/** A webhook's deliveries an instance holds at once (sending or waiting for a slot); the rest wait in the table. */
const HELD_PER_HOOK = 4;
/** Deliveries one pass hands to the pool at most. */
const PASS_LIMIT = 50;
type DeliveryRow = typeof schema.webhookDeliveries.$inferSelect;
/** A secret as made before they were sealed (plain text in the row). */
const isPlain = (stored: string) => stored.startsWith('whsec_');

export function createWebhooks(deps: WebhookDeps) {
  const { db } = deps;
  const { t } = db;
  const now = deps.now ?? Date.now;
  const lookup = deps.lookup ?? systemLookup;
  const base = deps.baseDelayMs ?? 2_000;
  const timeoutMs = deps.timeoutMs ?? 5_000;
  // the lease outlasts a send whatever its deadline, so a live instance's attempt is never taken over
  const claimMs = Math.max(CLAIM_MS, 2 * timeoutMs);
  const pool = createDeliveryPool(LIMITS);
  /** The deliveries this instance holds (sending or waiting in the pool), by id, with their webhook's id. */
  const held = new Map<number, { webhookId: number; sent: Promise<void> }>();
  let timer: NodeJS.Timeout | undefined;
  let looping = false;
  let passing: Promise<void> | undefined;

  const view = (w: typeof schema.webhooks.$inferSelect) => ({
    id: w.id,
    url: w.url,
    events: JSON.parse(w.events) as FeedKind[],
    tokens: w.tokens ? (JSON.parse(w.tokens) as string[]) : null,
    createdAt: w.createdAt,
  });

  /** Turns new feed events into pending deliveries (one transaction; the cursor moves with them). */
  async function enqueue(): Promise<number> {
    return db.tx(async (q) => {
      const [cur] = await q.select().from(t.appMeta).where(eq(t.appMeta.key, 'webhook_cursor'));
      const events = await deps.feed.since(Number(cur?.value ?? 0), {}, 1000);
      if (!events.length) return 0;
      const hooks = await q.select().from(t.webhooks).where(isNull(t.webhooks.deletedAt));
      let n = 0;
      for (const e of events) {
        for (const h of hooks) {
          if (e.seq <= h.fromSeq) continue;
          if (!(JSON.parse(h.events) as string[]).includes(e.kind)) continue;
          if (h.tokens && !(JSON.parse(h.tokens) as string[]).includes(e.token)) continue;
          const made = await q
            .insert(t.webhookDeliveries)
            .values({ webhookId: h.id, seq: e.seq, status: 'pending', attempts: 0, nextAttemptAt: now() })
            .onConflictDoNothing()
            .returning({ id: t.webhookDeliveries.id });
          n += made.length;
        }
      }
      const last = String(events[events.length - 1]!.seq);
      await q
        .insert(t.appMeta)
        .values({ key: 'webhook_cursor', value: last })
        .onConflictDoUpdate({ target: t.appMeta.key, set: { value: last } });
      return n;
    });
  }

  /** Takes an attempt for this instance: exactly one dispatcher wins it (see the top of the file). */
  async function claim(d: DeliveryRow): Promise<boolean> {
    const won = await db.tx((q) =>
      q
        .update(t.webhookDeliveries)
        .set({ nextAttemptAt: now() + claimMs })
        .where(
          and(
            eq(t.webhookDeliveries.id, d.id),
            eq(t.webhookDeliveries.status, 'pending'),
            eq(t.webhookDeliveries.attempts, d.attempts),
            eq(t.webhookDeliveries.nextAttemptAt, d.nextAttemptAt),
          ),
        )
        .returning({ id: t.webhookDeliveries.id }),
    );
    return won.length === 1;
  }

  const settle = (id: number, set: Partial<DeliveryRow>) =>
    db.tx((q) => q.update(t.webhookDeliveries).set(set).where(eq(t.webhookDeliveries.id, id)));

  async function deliver(d: DeliveryRow): Promise<void> {
    if (!(await claim(d))) return;
    const [hook] = await db.q.select().from(t.webhooks).where(eq(t.webhooks.id, d.webhookId));
    const [event] = await deps.feed.since(d.seq - 1, {}, 1);
    if (!hook || hook.deletedAt || !event || event.seq !== d.seq) {
      await settle(d.id, { status: 'failed', lastError: 'webhook deleted or event gone' });
      return;
    }
    const body = JSON.stringify(payloadOf(event, d.id));
    let status: number | null = null;
    let error: string | null = null;
    try {
      // one deadline over the whole attempt; at it the socket is destroyed, whatever it waits for
      const deadline = AbortSignal.timeout(timeoutMs);
      const url = new URL(hook.url);
      // resolved and checked now, and the connection goes to the address checked (no rebinding)
      const address = await checkTarget(url, lookup, deps.allowPrivate, deadline);
      const headers = {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: sign(deps.vault.decrypt(hook.secret, sealContext(hook.id)), body),
        'x-launchpad-event': event.kind,
        'x-launchpad-delivery': String(d.id),
      };
      status = await postTo(url, address, headers, body, deadline);
    } catch (e) {
      // generic on purpose: the log must not tell open ports from closed ones inside a network, nor
      // a name that does not resolve from one that resolves inside
      error =
        e instanceof TargetRefused
          ? 'refused: not an allowed target'
          : (e as Error).name === 'TimeoutError'
            ? 'timeout'
            : 'connection failed';
    }
    const attempts = d.attempts + 1;
    if (status !== null && status >= 200 && status < 300) {
      await settle(d.id, { status: 'delivered', attempts, lastStatus: status, lastError: null, deliveredAt: now() });
      return;
    }
    const giveUp = attempts >= MAX_ATTEMPTS;
    await settle(d.id, {
      status: giveUp ? 'failed' : 'pending',
      attempts,
      lastStatus: status,
      lastError: error ?? `HTTP ${status}`,
      nextAttemptAt: now() + Math.min(base * 2 ** (attempts - 1), 3_600_000),
    });
  }

  /** Each due delivery's lane in the pool: its target (host and port) and its key. */
  async function lanesOf(due: DeliveryRow[]): Promise<Map<number, Lane>> {
    const ids = [...new Set(due.map((d) => d.webhookId))];
    const hooks = ids.length
      ? await db.q
          .select({ id: t.webhooks.id, url: t.webhooks.url, owner: t.webhooks.apiKeyId })
          .from(t.webhooks)
          .where(inArray(t.webhooks.id, ids))
      : [];
    const target = (url: string, id: number) => {
      try {
        return new URL(url).host;
      } catch {
        return `webhook:${id}`;
      }
    };
    return new Map(hooks.map((h) => [h.id, { target: target(h.url, h.id), owner: h.owner }]));
  }

  /**
   * One pass: queues new events, and hands what is due to the pool without waiting for it to be sent.
   * What this instance already holds is not read again, and a webhook holding HELD_PER_HOOK is skipped,
   * so a slow target's backlog stays in the table and never crowds out the others' deliveries.
   */
  async function pass(): Promise<void> {
    await enqueue();
    const perHook = new Map<number, number>();
    for (const h of held.values()) perHook.set(h.webhookId, (perHook.get(h.webhookId) ?? 0) + 1);
    const full = [...perHook].filter(([, n]) => n >= HELD_PER_HOOK).map(([id]) => id);
    const due = await db.q
      .select()
      .from(t.webhookDeliveries)
      .where(
        and(
          eq(t.webhookDeliveries.status, 'pending'),
          lte(t.webhookDeliveries.nextAttemptAt, now()),
          held.size ? notInArray(t.webhookDeliveries.id, [...held.keys()]) : undefined,
          full.length ? notInArray(t.webhookDeliveries.webhookId, full) : undefined,
        ),
      )
      .orderBy(asc(t.webhookDeliveries.nextAttemptAt), asc(t.webhookDeliveries.id))
      .limit(PASS_LIMIT);
    const lanes = await lanesOf(due);
    for (const d of due) {
      const n = perHook.get(d.webhookId) ?? 0;
      if (n >= HELD_PER_HOOK) continue; // the rest of its backlog waits for a later pass
      perHook.set(d.webhookId, n + 1);
      const lane = lanes.get(d.webhookId) ?? { target: `webhook:${d.webhookId}`, owner: 0 };
      const sent = pool
        .run(lane, () => deliver(d))
        .catch((err: unknown) => deps.logger.warn({ err, delivery: d.id }, 'webhook delivery failed'))
        .finally(() => held.delete(d.id));
      held.set(d.id, { webhookId: d.webhookId, sent });
    }
  }

  /** A pass, unless one is under way (then that one). */
  const passOnce = (): Promise<void> => (passing ??= pass().finally(() => (passing = undefined)));

  return {
    async create(apiKeyId: number, input: { url: string; events: FeedKind[]; tokens?: string[] | undefined }) {
      // one answer for every refusal, so creation tells nothing about names and addresses inside
      const allowed = await Promise.resolve()
        .then(() => checkTarget(new URL(input.url), lookup, deps.allowPrivate, AbortSignal.timeout(timeoutMs)))
        .then(
          () => true,
          () => false,
        );
      if (!allowed) throw Errors.invalidParams(targetRule(deps.allowPrivate));
      const [{ n: count } = { n: 0 }] = await db.q
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(t.webhooks)
        .where(and(eq(t.webhooks.apiKeyId, apiKeyId), isNull(t.webhooks.deletedAt)));
      if (count >= MAX_WEBHOOKS_PER_KEY)
        throw new ServiceError(400, 'Invalid parameters', `at most ${MAX_WEBHOOKS_PER_KEY} webhooks per key`);
      const secret = 'whsec_' + randomBytes(24).toString('base64url');
      // the row's id binds the sealed secret to it, so the row is made, then sealed, in one transaction
      const fromSeq = await deps.feed.latestSeq();
      const row = await db.tx(async (q) => {
        const [made] = await q
          .insert(t.webhooks)
          .values({
            apiKeyId,
            url: input.url,
            events: JSON.stringify([...new Set(input.events)]),
            tokens: input.tokens?.length ? JSON.stringify(input.tokens) : null,
            secret: '',
            fromSeq,
            createdAt: now(),
            deletedAt: null,
          })
          .returning();
        await q
          .update(t.webhooks)
          .set({ secret: deps.vault.encrypt(secret, sealContext(made!.id)) })
          .where(eq(t.webhooks.id, made!.id));
        return made!;
      });
      return { ...view(row), secret };
    },
    async list(apiKeyId: number) {
      const rows = await db.q
        .select()
        .from(t.webhooks)
        .where(and(eq(t.webhooks.apiKeyId, apiKeyId), isNull(t.webhooks.deletedAt)))
        .orderBy(asc(t.webhooks.id));
      return rows.map(view);
    },
    async remove(apiKeyId: number, id: number): Promise<void> {
      const gone = await db.tx((q) =>
        q
          .update(t.webhooks)
          .set({ deletedAt: now() })
          .where(and(eq(t.webhooks.id, id), eq(t.webhooks.apiKeyId, apiKeyId), isNull(t.webhooks.deletedAt)))
          .returning({ id: t.webhooks.id }),
      );
      if (gone.length === 0) throw new ServiceError(404, 'Not found', `no webhook ${id} for this key`);
    },
    async deliveries(apiKeyId: number, id: number) {
      const [hook] = await db.q
        .select()
        .from(t.webhooks)
        .where(and(eq(t.webhooks.id, id), eq(t.webhooks.apiKeyId, apiKeyId)));
      if (!hook) throw new ServiceError(404, 'Not found', `no webhook ${id} for this key`);
      const rows = await db.q
        .select()
        .from(t.webhookDeliveries)
        .where(eq(t.webhookDeliveries.webhookId, id))
        .orderBy(asc(t.webhookDeliveries.id));
      return rows.map((d) => ({
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
    async sealPlainSecrets(): Promise<number> {
      return db.tx(async (q) => {
        const all = await q.select({ id: t.webhooks.id, secret: t.webhooks.secret }).from(t.webhooks);
        const plain = all.filter((w) => isPlain(w.secret));
        for (const w of plain)
          await q
            .update(t.webhooks)
            .set({ secret: deps.vault.encrypt(w.secret, sealContext(w.id)) })
            .where(eq(t.webhooks.id, w.id));
        return plain.length;
      });
    },
    /** One pass (queue new events, send what is due), then wait until every delivery held is sent. */
    async tick(): Promise<void> {
      await passOnce();
      await Promise.all([...held.values()].map((h) => h.sent));
    },
    /** A pass every `intervalMs`; a pass never waits for the deliveries still being sent. */
    start(intervalMs: number): void {
      looping = true;
      const loop = () =>
        void passOnce()
          .catch((err: unknown) => deps.logger.warn({ err }, 'webhook pass failed'))
          .finally(() => {
            if (looping) timer = setTimeout(loop, intervalMs);
          });
      timer = setTimeout(loop, 0);
    },
    /** Stops the passes; deliveries waiting for a slot are left for later, those being sent finish (the deadline bounds them). */
    async stop(): Promise<void> {
      looping = false;
      if (timer) clearTimeout(timer);
      await passing?.catch(() => undefined);
      await pool.drain();
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
