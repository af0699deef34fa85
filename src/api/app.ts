// Builds the facade from its dependencies; tests call it and use `inject`. src/facade.ts
// (startFacade) listens, and src/main.ts closes it gracefully on a signal.
import type { Health } from './metrics.js';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentErrors } from './openapi.js';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyPluginAsync,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { isCachedRead, type DataService } from '../service/data/index.js';
import type { KeysService } from '../service/keys.service.js';
import type { TradeService } from '../service/trade/index.js';
import { registerAuth } from './auth.js';
import { adminRoutes } from './admin.routes.js';
import { energyRoutes } from './energy.routes.js';
import type { EnergyService } from '../service/energy.service.js';
import { dataRoutes } from './data.routes.js';
import { errorHandler, send } from './errors.js';
import { Errors } from '../service/errors.js';
import { BODY_LIMIT } from './route.js';
import { tradeRoutes } from './trade.routes.js';
import { walletRoutes } from './wallet.routes.js';
import { liveRoutes } from './live.routes.js';
import type { Feed } from '../service/feed.service.js';
import type { Webhooks } from '../service/webhooks.service.js';
import type { Audit } from '../service/admin.service.js';
import type { SharedRedis } from '../db/redis.js';
import { timeoutOptions, type HttpTimeouts } from './timeouts.js';

export interface AppDeps {
  data: DataService;
  trade: TradeService;
  keys: KeysService;
  logger: Logger;
  /** The live stream and webhooks (absent in apps built for narrow tests). */
  live?: { feed: Feed; webhooks: Webhooks };
  audit?: Audit;
  /** The operator's energy pools (GET /admin/energy; absent in apps built for narrow tests). */
  energy?: EnergyService | undefined;
  /** /healthz, /readyz and /metrics (absent in apps built for narrow tests). */
  health?: Health;
  /**
   * Whether this app serves /healthz, /readyz and /metrics (default true); false when they have a
   * port of their own (METRICS_PORT, buildMonitorApp): this app then only counts its requests.
   */
  healthRoutes?: boolean;
  /** Counters and signals shared with other instances (REDIS_URL). */
  shared?: SharedRedis | undefined;
  /** The hops in front of the API whose X-Forwarded-For names the client (TRUST_PROXY); none by default. */
  trustProxy?: boolean | number | string | undefined;
  /** The Telegram bot's webhook path on this instance's port (BOT_WEBHOOK_URL), and what takes its updates. */
  botWebhook?: { path: string; handle: (req: FastifyRequest, reply: FastifyReply) => Promise<void> } | undefined;
  /**
   * The Telegram Mini App (src/web/app.plugin.ts) on this port: /app and /app/api/..., served by the
   * process that runs the bot; its routes are public to the API's key check and not in its document.
   */
  miniApp?: FastifyPluginAsync | undefined;
  /**
   * The API's routes and document (default true); false on an instance without the api role, which
   * still serves /healthz, /readyz, /metrics and the bot's webhook on its port.
   */
  routes?: boolean;
  /** The HTTP server's timeouts, over HTTP_TIMEOUTS (tests give small ones). */
  timeouts?: Partial<HttpTimeouts> | undefined;
}

/** JSON text of the objects the data service's read cache hands out again (the same object, never
 * changed, until the index changes): stringified once, not per request. */
const jsonText = new WeakMap<object, string>();

function jsonOf(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || !isCachedRead(value)) return JSON.stringify(value);
  let text = jsonText.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    jsonText.set(value, text);
  }
  return text;
}

/** JSON.stringify of a response envelope, reusing the text of its (cached) members. */
export function serializeResponse(payload: unknown): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return JSON.stringify(payload);
  let out = '';
  for (const key of Object.keys(payload)) {
    const member = (payload as Record<string, unknown>)[key];
    const text = jsonOf(member);
    if (text === undefined) continue;
    out += (out ? ',' : '{') + JSON.stringify(key) + ':' + text;
  }
  return out ? out + '}' : '{}';
}

/** A Fastify app with the house's body limit, timeouts, serializer, error envelope and 404. */
function baseApp(
  logger: Logger,
  trustProxy: boolean | number | string = false,
  timeouts?: Partial<HttpTimeouts>,
): FastifyInstance {
  // Fastify's instance type follows its logger's: keep it the base type that plugins and routes expect
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    bodyLimit: BODY_LIMIT,
    // a slow sender is cut off; a long answer (the live stream) is not (src/api/timeouts.ts)
    ...timeoutOptions(timeouts),
    return503OnClosing: true,
    // who the client is (the limits per address): the connection's peer, or what trusted hops forwarded
    // (a number of hops: the nearest that many)
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // one access line per request (below), not Fastify's two
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the same schemas at compile time; re-validating every response with zod
  // at run time cost more than the reads themselves (see bench/RESULTS.md), so they are only
  // stringified. Requests are still validated by their schemas.
  app.setSerializerCompiler(() => serializeResponse);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_req, reply) => send(reply, Errors.notFound()));
  return app;
}

/** /healthz, /readyz and /metrics alone, for a port of their own (METRICS_PORT); every other path is a 404. */
export function buildMonitorApp(
  health: Health,
  logger: Logger,
  trustProxy?: boolean | number | string,
  timeouts?: Partial<HttpTimeouts>,
): FastifyInstance {
  const app = baseApp(logger, trustProxy, timeouts);
  health.attach(app);
  return app;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = baseApp(deps.logger, deps.trustProxy, deps.timeouts);
  const healthRoutes = { routes: deps.healthRoutes ?? true };

  if (deps.routes === false) {
    deps.health?.attach(app, healthRoutes);
    app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
    botWebhookRoute(app, deps.botWebhook);
    if (deps.miniApp) await app.register(deps.miniApp);
    return app;
  }
  // the OpenAPI document and its UI are public
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tron launchpad API',
        version: '1.0.0',
        description: 'Token data, trades and wallets for bonding-curve launchpads on Tron.',
      },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'api-key' } } },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
    // every operation's errors, from the definitions the code throws (src/api/openapi.ts)
    transformObject: (doc) =>
      'openapiObject' in doc
        ? (documentErrors(doc.openapiObject as Record<string, unknown>) as typeof doc.openapiObject)
        : doc.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });

  await registerAuth(app, deps.keys, deps.shared);
  deps.health?.attach(app, healthRoutes);
  const audit = deps.audit;
  const logRequests = deps.logger.isLevelEnabled('info');
  app.addHook('onResponse', (req, reply, done) => {
    if (audit && req.apiKey) audit.countRequest(req.apiKey.id);
    if (logRequests) {
      req.log.info(
        {
          method: req.method,
          // the Mini App's live stream carries the user's initData in its query: never logged
          url: req.url.replace(/([?&]auth=)[^&]*/, '$1…'),
          statusCode: reply.statusCode,
          ms: Math.round(reply.elapsedTime * 10) / 10,
          key: req.apiKey?.id,
        },
        'request',
      );
    }
    done();
  });
  // the first health check, kept for monitors set up with it (`/healthz` is the same)
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(dataRoutes, { data: deps.data });
  await app.register(tradeRoutes, { trade: deps.trade });
  await app.register(walletRoutes, { checkRpc: deps.data.checkRpc });
  await app.register(adminRoutes, { keys: deps.keys, ...(deps.audit ? { audit: deps.audit } : {}) });
  if (deps.energy) await app.register(energyRoutes, { energy: deps.energy });
  if (deps.live) await app.register(liveRoutes, deps.live);
  botWebhookRoute(app, deps.botWebhook);
  if (deps.miniApp) await app.register(deps.miniApp);
  return app;
}

/** Telegram's updates: no API key (the bot checks the webhook's secret), not in the API's document. */
function botWebhookRoute(app: FastifyInstance, hook: AppDeps['botWebhook']): void {
  if (hook)
    app.post(hook.path, { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
      await hook.handle(req, reply);
      return reply;
    });
}
