// What the webhooks' parts share, made once by createWebhooks (webhooks.service.ts) and passed to each
// step: the dependencies with their defaults filled in, the two stores (webhooks.store.ts) and how a
// secret is sealed. The dispatcher's own state (the pool, what it holds) is in webhook-dispatch.ts.
import type { Logger } from 'pino';
import type { AppDatabase } from '../db/index.js';
import type { Vault } from '../vault.js';
import type { Feed } from './feed.service.js';
import { systemLookup, type Lookup } from './webhook-target.js';
import { deliveryStore, webhookStore, type DeliveryStore, type WebhookStore } from './webhooks.store.js';

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

export interface WebhookContext {
  /** For a transaction over several of the stores' calls (they join it). */
  db: AppDatabase;
  feed: Feed;
  logger: Logger;
  vault: Vault;
  allowPrivate: boolean;
  lookup: Lookup;
  now: () => number;
  baseDelayMs: number;
  timeoutMs: number;
  /** How long this instance holds a claimed attempt before another may take it. */
  claimMs: number;
  hooks: WebhookStore;
  deliveries: DeliveryStore;
}

/** How long an instance holds a claimed attempt before another may take it (more than a send's timeout). */
const CLAIM_MS = 60_000;

export function webhookContext(deps: WebhookDeps): WebhookContext {
  const timeoutMs = deps.timeoutMs ?? 5_000;
  return {
    db: deps.db,
    feed: deps.feed,
    logger: deps.logger,
    vault: deps.vault,
    allowPrivate: deps.allowPrivate,
    lookup: deps.lookup ?? systemLookup,
    now: deps.now ?? Date.now,
    baseDelayMs: deps.baseDelayMs ?? 2_000,
    timeoutMs,
    // the lease outlasts a send whatever its deadline, so a live instance's attempt is never taken over
    claimMs: Math.max(CLAIM_MS, 2 * timeoutMs),
    hooks: webhookStore(deps.db),
    deliveries: deliveryStore(deps.db),
  };
}

/** What a webhook's secret is sealed to: its own row, so a sealed secret copied to another row does not open. */
export const sealContext = (webhookId: number) => `webhook:${webhookId}`;
/** A secret as made before they were sealed (plain text in the row). */
export const isPlain = (stored: string) => stored.startsWith('whsec_');
