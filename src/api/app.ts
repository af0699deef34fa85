// Builds the facade from its dependencies; tests call it and use `inject`, server.ts listens.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { DataService } from '../launchpad/data.service.js';
import type { KeysService } from '../launchpad/keys.service.js';
import type { TradeService } from '../launchpad/trade.service.js';
import { registerAuth } from './auth.js';
import { adminRoutes } from './admin.routes.js';
import { dataRoutes } from './data.routes.js';
import { errorHandler } from './errors.js';
import { tradeRoutes } from './trade.routes.js';
import { walletRoutes } from './wallet.routes.js';
import { liveRoutes } from './live.routes.js';
import type { Feed } from '../launchpad/feed.service.js';
import type { Webhooks } from '../launchpad/webhooks.service.js';
import type { Audit } from '../launchpad/admin.service.js';

export interface AppDeps {
  data: DataService;
  trade: TradeService;
  keys: KeysService;
  logger: Logger;
  /** The live stream and webhooks (absent in apps built for narrow tests). */
  live?: { feed: Feed; webhooks: Webhooks };
  audit?: Audit;
}

export const BODY_LIMIT = 64 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT,
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Responses are typed by the same schemas at compile time; re-validating every response with zod
  // at run time cost more than the reads themselves (see bench/RESULTS.md), so they are only
  // stringified. Requests are still validated by their schemas.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler((_req, reply) => reply.status(404).send({ error: 'Not found', message: 'No such route', code: '404', status: 'error' }));

  // the OpenAPI document and its UI are public
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tron launchpad API', version: '1.0.0', description: 'Token data, trades and wallets for bonding-curve launchpads on Tron.' },
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'api-key' } } },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });

  await registerAuth(app, deps.keys);
  const audit = deps.audit;
  if (audit) app.addHook('onResponse', async (req) => {
    if (req.apiKey) audit.countRequest(req.apiKey.id);
  });
  app.get('/health', { config: { public: true }, schema: { hide: true } }, async () => ({ status: 'ok' }));
  await app.register(dataRoutes, { data: deps.data });
  await app.register(tradeRoutes, { trade: deps.trade });
  await app.register(walletRoutes);
  await app.register(adminRoutes, { keys: deps.keys, ...(deps.audit ? { audit: deps.audit } : {}) });
  if (deps.live) await app.register(liveRoutes, deps.live);
  return app;
}
