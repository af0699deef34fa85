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
//
// This file puts the parts together: the shared context (webhook-context.ts), the tables
// (webhooks.store.ts), the subscriptions (webhook-subscriptions.ts), the dispatcher
// (webhook-dispatch.ts) and one attempt of a delivery (webhook-delivery.ts).
import { webhookContext, type WebhookDeps } from './webhook-context.js';
import { dispatchState, start, stop, tick } from './webhook-dispatch.js';
import {
  createHook,
  hookDeliveries,
  listHooks,
  removeHook,
  sealPlainSecrets,
  type NewHook,
} from './webhook-subscriptions.js';

export type { WebhookDeps } from './webhook-context.js';
export { MAX_ATTEMPTS, SIGNATURE_HEADER, payloadOf, sign } from './webhook-delivery.js';

export function createWebhooks(deps: WebhookDeps) {
  const ctx = webhookContext(deps);
  const state = dispatchState();
  return {
    create: (apiKeyId: number, input: NewHook) => createHook(ctx, apiKeyId, input),
    list: (apiKeyId: number) => listHooks(ctx, apiKeyId),
    remove: (apiKeyId: number, id: number): Promise<void> => removeHook(ctx, apiKeyId, id),
    deliveries: (apiKeyId: number, id: number) => hookDeliveries(ctx, apiKeyId, id),
    /** Seals the secrets stored in plain text before they were sealed; returns how many. */
    sealPlainSecrets: (): Promise<number> => sealPlainSecrets(ctx),
    /** One pass (queue new events, send what is due), then wait until every delivery held is sent. */
    tick: (): Promise<void> => tick(ctx, state),
    /** A pass every `intervalMs`; a pass never waits for the deliveries still being sent. */
    start: (intervalMs: number): void => start(ctx, state, intervalMs),
    /** Stops the passes; deliveries waiting for a slot are left for later, those being sent finish (the deadline bounds them). */
    stop: (): Promise<void> => stop(state),
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
