// A token page's live trades: GET /app/api/live?token=…&auth=<initData> answers Server-Sent Events, one
// `trade` event per trade of the token as the index takes it in. The trading side's one live stream
// feeds every page open on this process: it is subscribed to while a page listens.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StreamEvent } from '../client/index.js';
import type { TradingStream } from '../trading/stream.js';
import type { LiveTrade } from './contract.js';
import { callerOf, type MiniAppDeps } from './context.js';
import { LiveQuery } from './schemas.js';
import { securityHeaders } from './security.js';
import { liveTrade } from './view.js';

/** A comment line this often keeps a quiet stream's socket busy (below the server's connection timeout). */
const HEARTBEAT_MS = 15_000;
/** A page this far behind is dropped (it reconnects). */
const MAX_BUFFER = 256 * 1024;
/** Pages one user may have listening at once on this process. */
const MAX_PER_USER = 5;

type Listener = (t: LiveTrade) => void;

/** The pages listening, by token, over one subscription to the trading side's stream. */
function liveHub(stream: () => TradingStream) {
  const byToken = new Map<string, Set<Listener>>();
  let count = 0;
  let unsubscribe: Promise<() => void> | undefined;
  const onEvent = (e: StreamEvent) => {
    const t = liveTrade(e);
    if (!t) return;
    for (const l of byToken.get(e.token) ?? []) l(t);
  };
  return {
    async add(token: string, l: Listener): Promise<() => void> {
      let set = byToken.get(token);
      if (!set) byToken.set(token, (set = new Set()));
      set.add(l);
      count++;
      let removed = false;
      const remove = () => {
        if (removed) return;
        removed = true;
        set.delete(l);
        if (!set.size) byToken.delete(token);
        if (--count === 0 && unsubscribe) {
          const off = unsubscribe;
          unsubscribe = undefined;
          void off.then((f) => f()).catch(() => undefined);
        }
      };
      const subscribing = (unsubscribe ??= stream().subscribe({ name: 'mini app', kinds: ['buy', 'sell'], onEvent }));
      try {
        await subscribing;
      } catch (e) {
        if (unsubscribe === subscribing) unsubscribe = undefined;
        remove();
        throw e;
      }
      return remove;
    },
  };
}

export function liveRoutes(app0: FastifyInstance, deps: () => MiniAppDeps): void {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const hub = liveHub(() => deps().stream);
  const perUser = new Map<number, number>();
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const close of open) close();
    done();
  });

  app.get('/app/api/live', { schema: { hide: true, querystring: LiveQuery } }, async (req, reply) => {
    const c = callerOf(req);
    const mine = perUser.get(c.tg.id) ?? 0;
    if (mine >= MAX_PER_USER) {
      void reply.code(429);
      return { error: 'rate-limit', message: c.s.t('app-srv-too-many-streams') };
    }
    perUser.set(c.tg.id, mine + 1);
    let closed = false;
    let remove: (() => void) | undefined;
    reply.hijack();
    sse(reply);
    const timer = setInterval(() => reply.raw.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      remove?.();
      open.delete(close);
      const left = (perUser.get(c.tg.id) ?? 1) - 1;
      if (left > 0) perUser.set(c.tg.id, left);
      else perUser.delete(c.tg.id);
      reply.raw.end();
    };
    open.add(close);
    reply.raw.on('close', close);
    const send = (t: LiveTrade) => {
      if (closed) return;
      if (reply.raw.writableLength > MAX_BUFFER) return close();
      reply.raw.write(`event: trade\ndata: ${JSON.stringify(t)}\n\n`);
    };
    try {
      remove = await hub.add(req.query.token, send);
    } catch (err) {
      req.log.warn({ err }, 'the live stream could not be followed');
      return close();
    }
    if (closed) return remove();
    reply.raw.write(': connected\n\n');
  });
}

/** Starts the event stream's answer (hijacked: the headers the other answers get in onSend are set here). */
function sse(reply: FastifyReply): void {
  reply.raw.writeHead(200, {
    ...securityHeaders,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
}
