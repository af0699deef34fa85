// The webhooks' dispatcher: each pass queues the feed's new events as deliveries (once per webhook and
// event, the cursor moving with them in one transaction) and hands what is due to the delivery pool
// (webhook-pool.ts) without waiting for it to be sent; a loop runs a pass every interval. Its state is
// one explicit object (DispatchState): the pool, the deliveries this instance holds, the pass under
// way and the loop's timer. One attempt of one delivery is webhook-delivery.ts.
import type { WebhookContext } from './webhook-context.js';
import { deliver } from './webhook-delivery.js';
import { createDeliveryPool, type Lane } from './webhook-pool.js';
import type { DeliveryRow } from './webhooks.store.js';

/** Sending at once: to one target (host and port), for one API key, in all. */
const LIMITS = { perTarget: 2, perOwner: 8, total: 32 };
/** A webhook's deliveries an instance holds at once (sending or waiting for a slot); the rest wait in the table. */
const HELD_PER_HOOK = 4;
/** Deliveries one pass hands to the pool at most. */
const PASS_LIMIT = 50;
/** Feed events one pass queues at most. */
const QUEUE_LIMIT = 1000;

export interface DispatchState {
  pool: ReturnType<typeof createDeliveryPool>;
  /** The deliveries this instance holds (sending or waiting in the pool), by id, with their webhook's id. */
  held: Map<number, { webhookId: number; sent: Promise<void> }>;
  /** The pass under way, if any. */
  passing: Promise<void> | undefined;
  /** Whether the loop (start) runs, and its next pass. */
  looping: boolean;
  timer: NodeJS.Timeout | undefined;
}

export const dispatchState = (): DispatchState => ({
  pool: createDeliveryPool(LIMITS),
  held: new Map(),
  passing: undefined,
  looping: false,
  timer: undefined,
});

/** Turns new feed events into pending deliveries (one transaction; the cursor moves with them). */
export function enqueue(ctx: WebhookContext): Promise<number> {
  return ctx.db.tx(async () => {
    const events = await ctx.feed.since(await ctx.deliveries.cursor(), {}, QUEUE_LIMIT);
    if (!events.length) return 0;
    const hooks = await ctx.hooks.active();
    let n = 0;
    for (const e of events) {
      for (const h of hooks) {
        if (e.seq <= h.fromSeq) continue;
        if (!(JSON.parse(h.events) as string[]).includes(e.kind)) continue;
        if (h.tokens && !(JSON.parse(h.tokens) as string[]).includes(e.token)) continue;
        if (await ctx.deliveries.queue(h.id, e.seq, ctx.now())) n += 1;
      }
    }
    await ctx.deliveries.moveCursor(events[events.length - 1]!.seq);
    return n;
  });
}

/** Each due delivery's lane in the pool: its target (host and port) and its key. */
async function lanesOf(ctx: WebhookContext, due: DeliveryRow[]): Promise<Map<number, Lane>> {
  const hooks = await ctx.hooks.lanesOf([...new Set(due.map((d) => d.webhookId))]);
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
async function pass(ctx: WebhookContext, state: DispatchState): Promise<void> {
  const { held } = state;
  await enqueue(ctx);
  const perHook = new Map<number, number>();
  for (const h of held.values()) perHook.set(h.webhookId, (perHook.get(h.webhookId) ?? 0) + 1);
  const full = [...perHook].filter(([, n]) => n >= HELD_PER_HOOK).map(([id]) => id);
  const due = await ctx.deliveries.due(ctx.now(), { ids: [...held.keys()], webhookIds: full }, PASS_LIMIT);
  const lanes = await lanesOf(ctx, due);
  for (const d of due) {
    const n = perHook.get(d.webhookId) ?? 0;
    if (n >= HELD_PER_HOOK) continue; // the rest of its backlog waits for a later pass
    perHook.set(d.webhookId, n + 1);
    const lane = lanes.get(d.webhookId) ?? { target: `webhook:${d.webhookId}`, owner: 0 };
    const sent = state.pool
      .run(lane, () => deliver(ctx, d))
      .catch((err: unknown) => ctx.logger.warn({ err, delivery: d.id }, 'webhook delivery failed'))
      .finally(() => held.delete(d.id));
    held.set(d.id, { webhookId: d.webhookId, sent });
  }
}

/** A pass, unless one is under way (then that one). */
const passOnce = (ctx: WebhookContext, state: DispatchState): Promise<void> =>
  (state.passing ??= pass(ctx, state).finally(() => (state.passing = undefined)));

/** One pass (queue new events, send what is due), then wait until every delivery held is sent. */
export async function tick(ctx: WebhookContext, state: DispatchState): Promise<void> {
  await passOnce(ctx, state);
  await Promise.all([...state.held.values()].map((h) => h.sent));
}

/** A pass every `intervalMs`; a pass never waits for the deliveries still being sent. */
export function start(ctx: WebhookContext, state: DispatchState, intervalMs: number): void {
  state.looping = true;
  const loop = () =>
    void passOnce(ctx, state)
      .catch((err: unknown) => ctx.logger.warn({ err }, 'webhook pass failed'))
      .finally(() => {
        if (state.looping) state.timer = setTimeout(loop, intervalMs);
      });
  state.timer = setTimeout(loop, 0);
}

/** Stops the passes; deliveries waiting for a slot are left for later, those being sent finish (the deadline bounds them). */
export async function stop(state: DispatchState): Promise<void> {
  state.looping = false;
  if (state.timer) clearTimeout(state.timer);
  await state.passing?.catch(() => undefined);
  await state.pool.drain();
}
