// The devnet's HTTP surface: the part of the Tron full-node API (and TronGrid's event API) that
// TronWeb uses, on one port, plus a few operator helpers under /devnet.
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Chain } from '../chain/index.js';
import { blockRoutes } from './blocks.routes.js';
import { contractRoutes } from './contracts.routes.js';
import { eventRoutes } from './events.routes.js';
import { devnetRoutes } from './routes.js';
import { toolRoutes } from './tools.routes.js';
import { resourceRoutes } from './resources.routes.js';
import { walletRoutes } from './wallet.routes.js';

export interface DevnetHttpOptions {
  chain: Chain;
  logger: Logger;
  /** When true, every accepted broadcast is put in a block at once. */
  instantBlocks: boolean;
}

export function buildDevnetApp(opts: DevnetHttpOptions): FastifyInstance {
  // Fastify's instance type follows its logger's: keep it the base type that plugins and routes expect
  const loggerInstance: FastifyBaseLogger = opts.logger;
  const app = Fastify({
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
  });
  parseAnyBody(app);
  app.setErrorHandler((error, req, reply) => {
    const err = error as Error & { statusCode?: number };
    const status = err.statusCode ?? 500;
    if (status >= 500) req.log.error({ err, url: req.url }, 'devnet request failed');
    if (req.url.startsWith('/v1/') || req.url.startsWith('/devnet/')) {
      return reply.status(status >= 500 ? 500 : 400).send({
        success: false,
        error: status >= 500 ? 'internal error' : err.message,
        statusCode: status >= 500 ? 500 : 400,
      });
    }
    // java-tron answers a bad request with 200 and an Error field, which TronWeb reports
    return reply.status(200).send({ Error: status >= 500 ? 'internal error' : err.message });
  });

  const routes = devnetRoutes(app, opts.chain, opts.instantBlocks);
  blockRoutes(routes);
  walletRoutes(routes);
  resourceRoutes(routes);
  contractRoutes(routes);
  eventRoutes(routes);
  toolRoutes(routes);
  return app;
}

/** Tron nodes accept any content type and an empty body; parse JSON leniently. */
function parseAnyBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body ?? '').trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const err = new Error('request body is not valid JSON') as Error & { statusCode?: number };
      err.statusCode = 400;
      done(err, undefined);
    }
  });
}
