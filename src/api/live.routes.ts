// The live event stream (Server-Sent Events) and webhooks; both need a plan that allows streams.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Errors } from '../service/errors.js';
import { FEED_KINDS, type Feed, type FeedFilter, type FeedKind } from '../service/feed.service.js';
import { payloadOf, type Webhooks } from '../service/webhooks.service.js';
import { isBase58Address } from '../tron/address.js';
import type { TypedApp } from './route.js';
import { DoneResponse, ok } from './schemas/common.js';
import type { z } from 'zod';
import * as S from './schemas/live.js';

/** A consumer this far behind is dropped (not the server). */
export const MAX_STREAM_BUFFER = 1024 * 1024;
/** A comment line this often keeps a quiet stream's socket busy (below the server's connectionTimeout). */
export const HEARTBEAT_MS = 15_000;

function requireStreams(req: FastifyRequest): number {
  if (!req.apiKey?.streams) throw Errors.streamsNotAllowed();
  return req.apiKey.id;
}

function parseList<T extends string>(
  raw: string | undefined,
  check: (v: string) => v is T,
  what: string,
): T[] | undefined {
  if (!raw) return undefined;
  const items = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  const bad = items.find((x) => !check(x));
  if (bad !== undefined) throw Errors.invalidParams(`${what}: ${bad.slice(0, 40)} is not valid`);
  return items as T[];
}

const tags = ['live'];

export const liveRoutes: FastifyPluginAsync<{ feed: Feed; webhooks: Webhooks }> = async (app0, { feed, webhooks }) => {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const open = new OpenStreams();
  app.addHook('preClose', (done) => {
    open.closeAll();
    done();
  });

  app.get(
    '/launchpad/stream',
    {
      schema: {
        tags,
        querystring: S.StreamQuery,
        summary:
          'Live events as Server-Sent Events (event: create|buy|sell|progress|launch, then confirmed when a trade is final or removed when a fork took an event away; id: sequence). Filters: tokens=A,B and events=buy,sell,removed; resume with Last-Event-ID.',
      },
    },
    async (req, reply) => {
      requireStreams(req);
      const tokens = parseList(req.query.tokens, (v): v is string => isBase58Address(v), 'tokens');
      const kinds = parseList(
        req.query.events,
        (v): v is FeedKind => (FEED_KINDS as readonly string[]).includes(v),
        'events',
      );
      const header = req.headers['last-event-id'];
      const fromHeader = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
      const from = fromHeader ?? req.query.lastEventId ?? (await feed.latestSeq());
      stream(req, reply, feed, from, { tokens, kinds }, open);
    },
  );
  webhookRoutes(app, webhooks);
};

/**
 * The streams open on this server, each by its close. A stream's answer never ends, so the server's
 * close would wait for it (until the process's grace runs out): they are closed first, and their
 * clients reconnect with Last-Event-ID (to another instance, or this one restarted).
 */
class OpenStreams {
  private readonly all = new Set<() => void>();
  private closing = false;

  add(close: () => void): void {
    if (this.closing) return close();
    this.all.add(close);
  }

  delete(close: () => void): void {
    this.all.delete(close);
  }

  closeAll(): void {
    this.closing = true;
    for (const close of this.all) close();
  }
}

/**
 * Answers with the feed's events after `cursor` that pass `filter`, as they come, until the client
 * leaves or the server closes.
 */
function stream(
  req: FastifyRequest,
  reply: FastifyReply,
  feed: Feed,
  cursor: number,
  filter: FeedFilter,
  open: OpenStreams,
): void {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.write(': connected\n\n');
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    open.delete(close);
    feed.bus.off('feed', pump);
    clearInterval(beat);
    if (!res.destroyed) res.destroy();
  };
  // one read at a time: a signal during a read makes one more read after it
  let reading = false;
  let again = false;
  async function read(): Promise<void> {
    for (;;) {
      const events = await feed.since(cursor, filter, 500);
      if (closed || !events.length) return;
      for (const e of events) {
        const event: z.output<typeof S.StreamEvent> = payloadOf(e);
        res.write(`id: ${e.seq}\nevent: ${e.kind}\ndata: ${JSON.stringify(event)}\n\n`);
        cursor = e.seq;
        if (res.writableLength > MAX_STREAM_BUFFER) {
          req.log.warn({ key: req.apiKey?.id }, 'stream consumer too slow; dropped');
          return close();
        }
      }
    }
  }
  function pump() {
    if (closed) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    read()
      .catch((err: unknown) => req.log.warn({ err }, 'stream read failed; the next event tries again'))
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          pump();
        }
      });
  }
  const beat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  feed.bus.on('feed', pump);
  open.add(close);
  req.raw.on('close', close);
  res.on('error', close);
  pump();
}

function webhookRoutes(app: TypedApp, webhooks: Webhooks): void {
  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Subscribe a URL to events; the secret (for the x-launchpad-signature HMAC) is shown once',
        body: S.WebhookBody,
        response: { 200: S.WebhookCreated },
      },
    },
    async (req) => ({
      data: await webhooks.create(requireStreams(req), req.body),
      ...ok,
    }),
  );

  app.get(
    '/webhooks',
    { schema: { tags, summary: "This key's webhooks", response: { 200: S.WebhookList } } },
    async (req) => ({ data: await webhooks.list(requireStreams(req)), ...ok }),
  );

  app.delete(
    '/webhooks/:id',
    {
      schema: {
        tags,
        summary: 'Delete a webhook',
        params: S.WebhookId,
        response: { 200: DoneResponse },
      },
    },
    async (req) => {
      await webhooks.remove(requireStreams(req), req.params.id);
      return ok;
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: {
        tags,
        summary: 'Deliveries of a webhook with their outcome',
        params: S.WebhookId,
        response: { 200: S.DeliveriesResponse },
      },
    },
    async (req) => ({ data: await webhooks.deliveries(requireStreams(req), req.params.id), ...ok }),
  );
}
