// The Mini App's server side, a Fastify plugin registered on the API's port by the process that runs
// the bot: the page at /app/ (static files built from web/) and its API at /app/api/... . Every /app
// answer carries a strict Content-Security-Policy; every API call is authenticated by Telegram's initData
// (init-data.ts) and rate-limited per Telegram user. The routes are public to the API's own key check
// (they have their own) and hidden from its OpenAPI document.
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { AppFail, callerFor, callerOf, maybeCaller, sendFailure, setCaller, type MiniAppDeps } from './context.js';
import { dataRoutes } from './data.routes.js';
import { checkInitData, INIT_DATA_MAX_AGE_S, rawInitData } from './init-data.js';
import { liveRoutes } from './live.routes.js';
import { ordersRoutes } from './orders.routes.js';
import { securityHeaders } from './security.js';
import { staticRoutes } from './static.routes.js';
import { tradeRoutes } from './trade.routes.js';

export type { MiniAppDeps } from './context.js';

export interface MiniAppOptions {
  /** What the API works with, or how to get it once the bot is up (undefined until then: 503). */
  deps: MiniAppDeps | (() => MiniAppDeps | undefined);
  /** The built page (default dist/webapp at the project's root). */
  webappDir?: string | undefined;
  /** Requests one Telegram user may make in a window (default 120 a minute). */
  rateLimit?: { max?: number; windowMs?: number } | undefined;
  /** How old an initData may be (s; default an hour). */
  initDataMaxAgeS?: number | undefined;
}

export const RATE_LIMIT = { max: 120, windowMs: 60_000 };

const STARTING = { error: 'starting', message: 'The app is starting; try again in a moment.' };

/** The Mini App: register it on the API's app (`buildApp`'s `miniApp`). */
export function miniApp(opts: MiniAppOptions): FastifyPluginAsync {
  const given = opts.deps;
  const current = typeof given === 'function' ? given : () => given;
  return async (app) => {
    // every /app answer (the page, the API, refusals, 404s), before it leaves
    app.addHook('onSend', async (_req, reply, payload) => {
      reply.headers(securityHeaders);
      return payload;
    });
    // routes are public (the API's key check and its per-key limit skip them) and not in its document
    app.addHook('onRoute', (route) => {
      route.config = { ...(route.config ?? {}), public: true };
      route.schema = { ...(route.schema ?? {}), hide: true };
    });
    await app.register(staticRoutes, { dir: opts.webappDir });
    await app.register(apiRoutes, { current, opts });
  };
}

const apiRoutes: FastifyPluginAsync<{ current: () => MiniAppDeps | undefined; opts: MiniAppOptions }> = async (
  app,
  { current, opts },
) => {
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(sendFailure);
  const maxAge = opts.initDataMaxAgeS ?? INIT_DATA_MAX_AGE_S;

  // who calls: the initData's Telegram user, checked before anything else is done
  app.addHook('onRequest', async (req, reply) => {
    const deps = current();
    if (!deps) return reply.code(503).header('retry-after', '5').send(STARTING);
    const checked = checkInitData(rawInitData(req.headers.authorization, req.query), deps.botToken, maxAge);
    if (!checked.ok) {
      const { languages } = deps.services;
      const s = languages.speech(languages.fromTelegram(checked.languageCode));
      return reply.code(401).send({
        error: 'init-data',
        reason: checked.reason,
        message: s.t(checked.reason === 'expired' ? 'app-srv-init-data-expired' : 'app-srv-init-data-invalid'),
      });
    }
    setCaller(req, await callerFor(deps.services, checked.user, checked.startParam));
  });

  // each Telegram user's requests, counted after the check (so the count is theirs)
  const limit = { ...RATE_LIMIT, ...opts.rateLimit };
  await app.register(rateLimit, {
    global: true,
    hook: 'preValidation',
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (req) => `tg:${callerOf(req).tg.id}`,
    errorResponseBuilder: (req, ctx) => {
      const s = maybeCaller(req)?.s;
      const seconds = Math.max(1, Math.ceil(ctx.ttl / 1000));
      return new AppFail(429, 'rate-limit', s ? s.t('err-api-rate-limit', { seconds }) : 'Too many requests');
    },
  });

  const deps = () => {
    const d = current();
    if (!d) throw new AppFail(503, STARTING.error, STARTING.message);
    return d;
  };
  routes(app, deps);
};

function routes(app: FastifyInstance, deps: () => MiniAppDeps): void {
  dataRoutes(app, deps);
  tradeRoutes(app, deps);
  ordersRoutes(app, deps);
  liveRoutes(app, deps);
  // any other /app/api path: the app's own 404 (not the page, not the API's envelope)
  app.all('/app/api/*', async (req) => {
    throw new AppFail(404, 'not-found', callerOf(req).s.t('app-srv-not-found'));
  });
}
