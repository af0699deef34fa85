// One attempt of one webhook delivery: claimed first (only one dispatcher sends it), the event's body
// signed with HMAC-SHA256 under the webhook's secret (opened only for this), posted to the address
// checked at this very attempt with one deadline over all of it, and settled: delivered on a 2xx,
// else retried with exponential backoff until MAX_ATTEMPTS. The body a delivery and the live stream
// carry is payloadOf's.
import { createHmac } from 'node:crypto';
import type { FeedEvent } from './feed.service.js';
import { sealContext, type WebhookContext } from './webhook-context.js';
import { TargetRefused, checkTarget, postTo } from './webhook-target.js';
import type { DeliveryRow, WebhookRow } from './webhooks.store.js';

export const SIGNATURE_HEADER = 'x-launchpad-signature';
export const MAX_ATTEMPTS = 8;
/** The longest wait between two attempts. */
const MAX_DELAY_MS = 3_600_000;

export const sign = (secret: string, body: string): string =>
  'sha256=' + createHmac('sha256', secret).update(body).digest('hex');

export const payloadOf = (e: FeedEvent, deliveryId?: number) => ({
  id: e.seq,
  kind: e.kind,
  token: e.token,
  family: e.family,
  txid: e.txid,
  timestamp: e.timestamp,
  data: e.data,
  ...(deliveryId !== undefined ? { delivery: deliveryId } : {}),
});

/** What one post came to: the answer's status, or why there was none. */
interface Outcome {
  status: number | null;
  error: string | null;
}

/** Posts the signed body to the webhook's URL, resolved and checked now, within the deadline. */
async function post(ctx: WebhookContext, hook: WebhookRow, event: FeedEvent, d: DeliveryRow): Promise<Outcome> {
  const body = JSON.stringify(payloadOf(event, d.id));
  try {
    // one deadline over the whole attempt; at it the socket is destroyed, whatever it waits for
    const deadline = AbortSignal.timeout(ctx.timeoutMs);
    const url = new URL(hook.url);
    // resolved and checked now, and the connection goes to the address checked (no rebinding)
    const address = await checkTarget(url, ctx.lookup, ctx.allowPrivate, deadline);
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: sign(ctx.vault.decrypt(hook.secret, sealContext(hook.id)), body),
      'x-launchpad-event': event.kind,
      'x-launchpad-delivery': String(d.id),
    };
    return { status: await postTo(url, address, headers, body, deadline), error: null };
  } catch (e) {
    // generic on purpose: the log must not tell open ports from closed ones inside a network, nor
    // a name that does not resolve from one that resolves inside
    const error =
      e instanceof TargetRefused
        ? 'refused: not an allowed target'
        : (e as Error).name === 'TimeoutError'
          ? 'timeout'
          : 'connection failed';
    return { status: null, error };
  }
}

/** The delivery's row after an attempt: delivered, or the next attempt's time (or given up). */
function settled(ctx: WebhookContext, d: DeliveryRow, { status, error }: Outcome): Partial<DeliveryRow> {
  const attempts = d.attempts + 1;
  if (status !== null && status >= 200 && status < 300)
    return { status: 'delivered', attempts, lastStatus: status, lastError: null, deliveredAt: ctx.now() };
  return {
    status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
    attempts,
    lastStatus: status,
    lastError: error ?? `HTTP ${status}`,
    nextAttemptAt: ctx.now() + Math.min(ctx.baseDelayMs * 2 ** (attempts - 1), MAX_DELAY_MS),
  };
}

/** Makes one attempt of a due delivery, unless another dispatcher claimed it first. */
export async function deliver(ctx: WebhookContext, d: DeliveryRow): Promise<void> {
  if (!(await ctx.deliveries.claim(d, ctx.now() + ctx.claimMs))) return;
  const hook = await ctx.hooks.byId(d.webhookId);
  const [event] = await ctx.feed.since(d.seq - 1, {}, 1);
  if (!hook || hook.deletedAt || !event || event.seq !== d.seq) {
    await ctx.deliveries.settle(d.id, { status: 'failed', lastError: 'webhook deleted or event gone' });
    return;
  }
  await ctx.deliveries.settle(d.id, settled(ctx, d, await post(ctx, hook, event, d)));
}
