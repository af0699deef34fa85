// The live stream and webhooks: their requests, answers, and the event each of them carries.
import { z } from 'zod';
import { FEED_KINDS } from '../../service/feed.service.js';
import { address, okResponse } from './common.js';

export const FEED_KIND = z.enum(FEED_KINDS);
/** One event of the stream (a `data:` line) and of a webhook's POST, which adds its delivery id. */
export const StreamEvent = z.object({
  /** the feed's sequence number, the stream's `id:` */
  id: z.number().int(),
  kind: FEED_KIND,
  token: z.string(),
  /** the token's launchpad family, so its network (null: a creation a fork took back) */
  family: z.string().nullable().optional(),
  txid: z.string(),
  timestamp: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export const WebhookBody = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(500),
  events: z.array(FEED_KIND).min(1).max(FEED_KINDS.length),
  tokens: z.array(address).max(100).optional(),
});
const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  tokens: z.array(z.string()).nullable(),
  createdAt: z.number().int(),
});
export const WebhookCreated = okResponse({ data: Webhook.extend({ secret: z.string() }) });
export const WebhookList = okResponse({ data: z.array(Webhook) });
export const WebhookId = z.strictObject({ id: z.coerce.number().int().positive() });
export const DeliveriesResponse = okResponse({
  data: z.array(
    z.object({
      id: z.number().int(),
      seq: z.number().int(),
      status: z.string(),
      attempts: z.number().int(),
      lastStatus: z.number().int().nullable(),
      lastError: z.string().nullable(),
      deliveredAt: z.number().int().nullable(),
    }),
  ),
});
export const StreamQuery = z.strictObject({
  tokens: z.string().max(4000).optional(),
  events: z.string().max(100).optional(),
  lastEventId: z.coerce.number().int().min(0).optional(),
});
