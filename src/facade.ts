// Wires the facade: TronWeb gateway, services, indexer and the Fastify app. main.ts and the
// end-to-end tests both start it this way.
import { createHealth, type Health } from './api/metrics.js';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { buildApp, buildMonitorApp, type AppDeps } from './api/app.js';
import { openAppDatabase, type AppDatabase, type AppDb } from './db/index.js';
import { Indexer } from './indexer/indexer.js';
import { Indexers } from './indexer/indexers.js';
import type { GenesisRule } from './indexer/genesis.js';
import { chainsOf, networkClocks, type Chains, type NetworkNode } from './tron/chains.js';

export type { NetworkNode } from './tron/chains.js';
import { createDataService, type DataService } from './service/data/index.js';
import { createKeysService, type KeysService } from './service/keys.service.js';
import { createTradeService, type TradeService } from './service/trade/index.js';
import { createFeed, type Feed } from './service/feed.service.js';
import { createWebhooks, type Webhooks } from './service/webhooks.service.js';
import { createAdmin, type Audit } from './service/admin.service.js';
import { createEnergyService, type EnergyService } from './service/energy.service.js';
import type { Family, FamilyName, NetworkId } from './tron/families.js';
import type { Vault } from './vault.js';
import type { SharedRedis } from './db/redis.js';
import { storedIndexHeight } from './service/index-height.js';

export interface FacadeOptions {
  /** The app's SQLite file: used when `database` is not given. */
  db?: AppDb | undefined;
  /** The database the stores and the indexer use (SQLite or Postgres); one of it and `db` is needed. */
  database?: AppDatabase | undefined;
  tronHost: string;
  tronApiKey?: string | undefined;
  /** Requests a second to a real node (0 or unset = unpaced, the devnet). */
  tronRps?: number | undefined;
  /**
   * The networks the families are on, each its own node (a family goes to the one its `network`
   * names); unset: one network, `tronHost`, holding every family.
   */
  networks?: NetworkNode[] | undefined;
  families: Family[];
  trxUsd: number;
  feeLimitSun: bigint;
  logger: Logger;
  /**
   * The indexer's poll and start; `led: true` = main.ts starts it when this instance leads the
   * indexer (until then /readyz and the index lag read the index's height from the database).
   */
  indexer: { pollMs: number; fromMs?: number | undefined; led?: boolean };
  /** The API's routes (default true); false on an instance without the api role (health and the bot's webhook only). */
  routes?: boolean;
  /** Whether webhooks may target loopback/private addresses (the devnet allows them). */
  webhooksAllowPrivate?: boolean;
  /** Seals webhook secrets at rest (the same key as the bot's wallets). */
  vault: Vault;
  /** How often webhook deliveries are sent (ms); 0 = only when tick() is called. */
  webhookMs?: number;
  /** Counters and signals shared with other instances (REDIS_URL): rate limits, the live stream's signal. */
  shared?: SharedRedis | undefined;
  /** The bot's webhook route on this port (see AppDeps.botWebhook). */
  botWebhook?: AppDeps['botWebhook'];
  /** The Telegram Mini App on this port (see AppDeps.miniApp). */
  miniApp?: AppDeps['miniApp'];
  /**
   * Each network's node checked against the chain its index was made from (src/indexer/genesis.ts):
   * 'purge' drops an index of another chain (the devnet), 'refuse' stops indexing (a real node).
   */
  genesis?: GenesisRule | undefined;
  /** Where to listen; omit to only build (tests use inject). */
  listen?: { host: string; port: number };
  /**
   * METRICS_PORT: /healthz, /readyz and /metrics on this port (of `listen.host`) instead of the
   * API's; unset, they are served with the API.
   */
  metricsPort?: number | undefined;
  /** TRUST_PROXY: the hops in front of the API whose X-Forwarded-For names the client. */
  trustProxy?: boolean | number | string | undefined;
  /** The HTTP servers' timeouts over HTTP_TIMEOUTS (src/api/timeouts.ts); tests give small ones. */
  timeouts?: AppDeps['timeouts'];
}

export interface Facade {
  /** The database the stores use (SQLite or Postgres). */
  database: AppDatabase;
  /** /healthz, /readyz, /metrics; main.ts says which roles this process leads. */
  health: Health;
  app: FastifyInstance;
  /** One indexer per network, driven together or one by one (`of`). */
  indexer: Indexers;
  /** Each family's node. */
  chains: Chains;
  feed: Feed;
  webhooks: Webhooks;
  admin: Audit;
  /** The operator's energy pools (GET /admin/energy, the metrics' gauge). */
  energy: EnergyService;
  data: DataService;
  trade: TradeService;
  keys: KeysService;
  url: string | undefined;
  /** Where /healthz, /readyz and /metrics answer when they have a port of their own (METRICS_PORT). */
  metricsUrl: string | undefined;
  close(): Promise<void>;
}

/** The database given, or the SQLite file given opened as one. */
async function databaseOf(opts: FacadeOptions): Promise<AppDatabase> {
  if (opts.database) return opts.database;
  if (!opts.db) throw new Error('startFacade needs a database (or the SQLite file db)');
  return openAppDatabase({ sqlite: opts.db });
}

/** Each network's gateway (one TronWeb and pace per node), and the families on it. */
function chainsFor(opts: FacadeOptions, log: Logger): Chains {
  const nodes = opts.networks ?? [
    {
      id: opts.families[0]?.network ?? 'launchpad',
      name: 'Tron',
      host: opts.tronHost,
      apiKey: opts.tronApiKey,
      rps: opts.tronRps,
    },
  ];
  return chainsOf(nodes, opts.families, log);
}

/** One indexer per network, over its own node and families. */
function indexersOf(opts: FacadeOptions, database: AppDatabase, chains: Chains): Indexers {
  return new Indexers(
    chains.networks
      // a network no served family is on needs none (the first is kept: /readyz follows it)
      .filter((n, i) => i === 0 || n.families.length)
      .map(
        (n) =>
          new Indexer({
            db: database,
            tronWeb: n.chain.tronWeb,
            chain: n.chain,
            families: n.families,
            network: n.id,
            genesis: opts.genesis,
            logger: opts.logger.child({ module: 'indexer', network: n.id }),
            ...(opts.indexer.fromMs !== undefined ? { fromTimestamp: opts.indexer.fromMs } : {}),
          }),
      ),
  );
}

/** Listens on PORT (and METRICS_PORT, its own app); without `listen`, only makes the apps ready. */
async function listenAll(
  app: FastifyInstance,
  monitor: FastifyInstance | undefined,
  opts: FacadeOptions,
  log: Logger,
): Promise<{ url?: string; metricsUrl?: string }> {
  if (!opts.listen) {
    await app.ready();
    await monitor?.ready();
    return {};
  }
  const url = await listenOn(app, opts.listen.host, opts.listen.port);
  log.info({ url, docs: `${url}/docs` }, `facade listening on ${url}`);
  if (!monitor) return { url };
  // a port taken stops the start, with nothing left listening
  const metricsUrl = await listenOn(monitor, opts.listen.host, opts.metricsPort!).catch(async (e: unknown) => {
    await app.close();
    throw e;
  });
  log.info({ url: metricsUrl }, `/healthz, /readyz and /metrics on ${metricsUrl}`);
  return { url, metricsUrl };
}

/** The webhooks' deliveries, with the secrets an older version kept in plain text sealed first. */
async function webhooksOf(opts: FacadeOptions, db: AppDatabase, feed: ReturnType<typeof createFeed>, log: Logger) {
  const webhooks = createWebhooks({
    db,
    feed,
    logger: opts.logger.child({ module: 'webhooks' }),
    allowPrivate: opts.webhooksAllowPrivate ?? false,
    vault: opts.vault,
  });
  const sealed = await webhooks.sealPlainSecrets();
  if (sealed) log.info({ webhooks: sealed }, 'sealed webhook secrets kept in plain text by an older version');
  return webhooks;
}

export async function startFacade(opts: FacadeOptions): Promise<Facade> {
  const log = opts.logger.child({ module: 'api' });
  const chains = chainsFor(opts, log);
  const chain = chains.first;
  const database = await databaseOf(opts);
  // the last 24 hours and the newest candle are the chain's (a devnet's clock may run ahead): each
  // token's on its own network's, a listing across networks on the first's
  const clockOf = networkClocks(chains);
  const chainTime = clockOf(chains.networks[0]!.id);
  const data = createDataService({
    db: database,
    chains,
    families: opts.families,
    trxUsd: opts.trxUsd,
    now: chainTime.now,
    nowOf: (family) => {
      const served = chains.families.some((f) => f.family === family);
      return (served ? clockOf(chains.networkOf(family as FamilyName).id) : chainTime).now();
    },
  });
  const trade = createTradeService({ db: database, chains, families: opts.families, feeLimitSun: opts.feeLimitSun });
  const keys = createKeysService(database);
  const indexer = indexersOf(opts, database, chains);
  const feed = createFeed(database, opts.shared?.signal('feed'));
  indexer.onFeed = () => feed.notify();
  indexer.onApplied = () => data.invalidate();
  const webhooks = await webhooksOf(opts, database, feed, log);
  const admin = createAdmin(database);
  const energy = createEnergyService({ db: database, chains, families: opts.families });
  // an instance that does not lead the indexer reads how far the leader got on each network (/readyz
  // and the index lag follow the first)
  const stored = new Map(
    indexer.all.map((ix) => [ix.network, opts.indexer.led ? storedIndexHeight(database, ix.network) : undefined]),
  );
  const indexedOf = (network: NetworkId) => indexer.of(network)?.indexed ?? stored.get(network)?.indexed();
  const health = createHealth({
    indexed: () => indexedOf(indexer.first.network),
    networks: () =>
      chains.networks.map((n) => ({
        network: n.id,
        indexed: () => indexedOf(n.id),
        nodeHead: async () => (await n.chain.head()).number,
      })),
    nodeHead: async () => (await chain.head()).number,
    pingDb: async () => void (await database.q.select().from(database.t.appMeta).limit(1)),
    energyLeft: () => energy.available(),
  });
  health.setLeader('indexer', !opts.indexer.led);
  health.setLeader('engine', false);
  const app = await buildApp({
    data,
    trade,
    keys,
    logger: log,
    live: { feed, webhooks },
    audit: admin,
    energy,
    health,
    healthRoutes: opts.metricsPort === undefined,
    botWebhook: opts.botWebhook,
    miniApp: opts.miniApp,
    shared: opts.shared,
    routes: opts.routes ?? true,
    trustProxy: opts.trustProxy,
    timeouts: opts.timeouts,
  });
  const monitor =
    opts.metricsPort === undefined ? undefined : buildMonitorApp(health, log, opts.trustProxy, opts.timeouts);
  const { url, metricsUrl } = await listenAll(app, monitor, opts, log);
  if (opts.indexer.pollMs > 0 && !opts.indexer.led) indexer.start(opts.indexer.pollMs);
  if ((opts.webhookMs ?? 1000) > 0) webhooks.start(opts.webhookMs ?? 1000);
  return {
    database,
    app,
    health,
    indexer,
    chains,
    feed,
    webhooks,
    admin,
    energy,
    data,
    trade,
    keys,
    url,
    metricsUrl,
    async close() {
      await webhooks.stop();
      await indexer.stop();
      for (const s of stored.values()) s?.stop();
      feed.close();
      await admin.flushUsage();
      await app.close();
      await monitor?.close();
    },
  };
}

/** Listens, and says where (the port the system chose when asked for 0). */
async function listenOn(app: FastifyInstance, host: string, port: number): Promise<string> {
  await app.listen({ host, port });
  const a = app.server.address();
  return `http://${host}:${typeof a === 'object' && a ? a.port : port}`;
}
