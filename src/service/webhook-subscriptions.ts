// An API key's webhooks as the API sees them: made (the target checked, at most 20 a key, a secret
// shown once and kept sealed to its row), listed, removed, and their deliveries' record; and sealing
// the secrets kept in plain text before they were sealed. Each is a function of the webhooks' context
// (webhook-context.ts).
import { randomBytes } from 'node:crypto';
import { Errors, ServiceError } from './errors.js';
import type { FeedKind } from './feed.service.js';
import { isPlain, sealContext, type WebhookContext } from './webhook-context.js';
import { checkTarget, targetRule } from './webhook-target.js';
import type { WebhookRow } from './webhooks.store.js';

const MAX_WEBHOOKS_PER_KEY = 20;

export interface NewHook {
  url: string;
  events: FeedKind[];
  tokens?: string[] | undefined;
}

const view = (w: WebhookRow) => ({
  id: w.id,
  url: w.url,
  events: JSON.parse(w.events) as FeedKind[],
  tokens: w.tokens ? (JSON.parse(w.tokens) as string[]) : null,
  createdAt: w.createdAt,
});

const noWebhook = (id: number) => new ServiceError(404, 'Not found', `no webhook ${id} for this key`);

export async function createHook(ctx: WebhookContext, apiKeyId: number, input: NewHook) {
  // one answer for every refusal, so creation tells nothing about names and addresses inside
  const allowed = await Promise.resolve()
    .then(() => checkTarget(new URL(input.url), ctx.lookup, ctx.allowPrivate, AbortSignal.timeout(ctx.timeoutMs)))
    .then(
      () => true,
      () => false,
    );
  if (!allowed) throw Errors.invalidParams(targetRule(ctx.allowPrivate));
  if ((await ctx.hooks.countOf(apiKeyId)) >= MAX_WEBHOOKS_PER_KEY)
    throw new ServiceError(400, 'Invalid parameters', `at most ${MAX_WEBHOOKS_PER_KEY} webhooks per key`);
  const secret = 'whsec_' + randomBytes(24).toString('base64url');
  // the row's id binds the sealed secret to it, so the row is made, then sealed, in one transaction
  const fromSeq = await ctx.feed.latestSeq();
  const row = await ctx.hooks.insertSealed(
    {
      apiKeyId,
      url: input.url,
      events: JSON.stringify([...new Set(input.events)]),
      tokens: input.tokens?.length ? JSON.stringify(input.tokens) : null,
      fromSeq,
      createdAt: ctx.now(),
    },
    (id) => ctx.vault.encrypt(secret, sealContext(id)),
  );
  return { ...view(row), secret };
}

export async function listHooks(ctx: WebhookContext, apiKeyId: number) {
  return (await ctx.hooks.listOf(apiKeyId)).map(view);
}

export async function removeHook(ctx: WebhookContext, apiKeyId: number, id: number): Promise<void> {
  if (!(await ctx.hooks.markRemoved(apiKeyId, id, ctx.now()))) throw noWebhook(id);
}

/** A key's webhook's deliveries, oldest first (a removed webhook's too). */
export async function hookDeliveries(ctx: WebhookContext, apiKeyId: number, id: number) {
  if (!(await ctx.hooks.ownedById(apiKeyId, id))) throw noWebhook(id);
  const rows = await ctx.deliveries.ofWebhook(id);
  return rows.map((d) => ({
    id: d.id,
    seq: d.seq,
    status: d.status,
    attempts: d.attempts,
    lastStatus: d.lastStatus,
    lastError: d.lastError,
    deliveredAt: d.deliveredAt,
  }));
}

/** Seals the secrets stored in plain text before they were sealed; returns how many. */
export function sealPlainSecrets(ctx: WebhookContext): Promise<number> {
  return ctx.hooks.resealPlain(isPlain, (id, secret) => ctx.vault.encrypt(secret, sealContext(id)));
}
