// `npm start`: everything that is configured — the embedded devnet (unless TRON_RPC points at a
// real node), the indexer, the HTTP facade and the bot. With ROLES an instance runs a part of it
// (several instances on Postgres and Redis): the API and the bot on any number of instances, the
// indexer and the engine on one leader each (src/db/leader.ts); every instance serves /healthz,
// /readyz and /metrics on its PORT.
import closeWithGrace from 'close-with-grace';
import { bootConfig } from './boot.js';
import { hostOf, signingRules, type Config } from './config.js';
import { openAppDatabase, openDb, type AppDatabase } from './db/index.js';
import { electLeader, type Leadership } from './db/leader.js';
import { openRedis, type SharedRedis } from './db/redis.js';
import { startDevnets, type Devnets } from './devnet/networks.js';
import { startFacade, type Facade, type NetworkNode } from './facade.js';
import type { NetworkId } from './tron/families.js';
import type { Logger } from './log.js';
import { syncDevnetMetadata } from './service/metadata.js';
import { loadVaultKey, Vault } from './vault.js';
import type { startBot as StartBot } from './bot/run.js';
import type { WebhookHandler } from './bot/webhook.js';
import type { BotDatabase } from './bot/store.js';
import type { MiniAppDeps } from './web/app.plugin.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

const { config, logger, pretty } = bootConfig();
const { roles } = config;
// one key seals what must be kept secret at rest: the bot's wallets and keys, the API's webhook secrets
let vaultKey: Buffer;
try {
  vaultKey = loadVaultKey({
    configured: config.encryptionKey,
    dataDir: config.dataDir,
    devnet: config.devnet.enabled,
    logger,
  });
} catch (e) {
  process.stderr.write(`configuration error: ${(e as Error).message}\n`);
  process.exit(2);
}

/** Opens (and migrates, under a lock) what the instance shares with others; stops the process if it cannot. */
async function openShared(c: Config, log: Logger): Promise<{ database: AppDatabase; shared?: SharedRedis }> {
  try {
    const database = c.databaseUrl
      ? await openAppDatabase({ postgres: c.databaseUrl })
      : await openAppDatabase({ sqlite: openDb(c.appDbFile) });
    if (c.databaseUrl) log.info('the tables are in Postgres (DATABASE_URL)');
    if (!c.redis) return { database };
    const shared = await openRedis(c.redis.url, c.redis.prefix, log);
    log.info({ prefix: c.redis.prefix }, 'rate limits, spam limits and the live stream are shared through Redis');
    return { database, shared };
  } catch (e) {
    // the URLs may hold passwords: the message of pg and ioredis names the host, not the URL
    log.error((e as Error).message);
    process.exit(1);
  }
}
const { database, shared } = await openShared(config, logger);

// the embedded devnets: one chain per network (launchpad on DEVNET_PORT, launchpad2 on DEVNET2_PORT)
let devnets: Devnets | undefined;
if (config.devnet.enabled) {
  devnets = await startDevnets(config, logger, { prettyLogs: pretty });
  if (config.databaseUrl)
    logger.warn(
      'the devnets run inside this instance: other instances need them alone (npm run devnet), TRON_RPC and LAUNCHPAD2_RPC',
    );
} else {
  logger.info(
    { networks: config.networks.map((n) => ({ network: n.id, name: n.name, rpc: n.rpc })) },
    'using the configured Tron nodes; the embedded devnets are off',
  );
}
/** A network's node: its devnet's URL (the port it took), or its RPC URL as configured. */
const urlOf = (n: NetworkId): string => devnets?.byNetwork.get(n)?.url ?? hostOf(config, n);
const networkNodes: NetworkNode[] = config.networks.map((n) => ({
  id: n.id,
  name: n.name,
  host: urlOf(n.id),
  apiKey: n.apiKey,
  rps: n.rps,
}));
const runsBot = Boolean(config.bot.token) && (roles.has('bot') || roles.has('engine'));
// The bot's webhook path is served on PORT from the start; updates that come before the bot is up
// are answered 503, and Telegram sends them again.
let takeUpdate: WebhookHandler | undefined;
const botWebhook =
  runsBot && roles.has('bot') && config.bot.webhook
    ? {
        path: new URL(config.bot.webhook.url).pathname,
        handle: async (req: FastifyRequest, reply: FastifyReply) => {
          if (takeUpdate) return takeUpdate(req, reply);
          await reply.code(503).send({ error: 'starting', message: 'The bot is starting; send the update again' });
        },
      }
    : undefined;
// The Mini App (/app) is served on PORT by the instance that takes the bot's updates, from the start;
// its API answers 503 until the bot is up.
let miniAppDeps: MiniAppDeps | undefined;
const miniApp =
  runsBot && roles.has('bot') ? (await import('./web/app.plugin.js')).miniApp({ deps: () => miniAppDeps }) : undefined;
const facade = await startFacade({
  database,
  tronHost: urlOf(config.networks[0]!.id),
  networks: networkNodes,
  // a devnet made anew is another chain: its network's rows are indexed again; a real node's must match
  genesis: config.devnet.enabled ? 'purge' : 'refuse',
  families: config.families,
  trxUsd: config.trxUsd,
  feeLimitSun: config.tradeFeeLimitSun,
  logger,
  indexer: { ...config.indexer, led: true },
  routes: roles.has('api'),
  webhooksAllowPrivate: config.webhooksAllowPrivate,
  vault: new Vault(vaultKey),
  listen: { host: config.host, port: config.port },
  metricsPort: config.metricsPort,
  trustProxy: config.trustProxy,
  botWebhook,
  miniApp,
  shared,
});
const leaders: Leadership[] = [];
if (roles.has('indexer')) leaders.push(leadIndexer(facade));
if (devnets && roles.has('api')) {
  for (const d of devnets.byNetwork.values()) {
    const n = await syncDevnetMetadata(d.url, facade.data);
    logger.debug({ network: d.network, tokens: n }, 'demo token metadata loaded');
  }
}

/**
 * The indexers on their leader, one per network. New blocks are indexed at once, not at the next
 * poll: a devnet in this thread says when it makes one (to its own network's indexer); any other
 * node's head is watched with a header read every 250 ms.
 */
function leadIndexer(f: Facade): Leadership {
  const told = new Set<NetworkId>();
  for (const d of devnets?.byNetwork.values() ?? []) if (d.chain) told.add(d.network);
  const leadership = electLeader({
    url: config.databaseUrl,
    role: 'indexer',
    logger,
    onChange: (v) => f.health.setLeader('indexer', v),
    lead: async () => {
      for (const ix of f.indexer.all) {
        ix.start(config.indexer.pollMs);
        if (!told.has(ix.network)) ix.followHead(250);
      }
    },
    yieldRole: () => f.indexer.stop(),
  });
  for (const d of devnets?.byNetwork.values() ?? [])
    if (d.chain) d.chain.onBlock = () => leadership.leads && f.indexer.of(d.network)?.nudge();
  return leadership;
}

let bot: Awaited<ReturnType<typeof StartBot>> | undefined;
let botDatabase: BotDatabase | undefined;
if (runsBot) {
  // loaded only when the bot runs (grammY and its plugins are not needed otherwise)
  const { startBot } = await import('./bot/run.js');
  const { openBotDatabase } = await import('./bot/store.js');
  botDatabase = config.databaseUrl ? await openBotDatabase({ postgres: config.databaseUrl }) : undefined;
  bot = await startBot({
    token: config.bot.token!,
    dataDir: config.dataDir,
    ...(botDatabase ? { database: botDatabase } : {}),
    vaultKey,
    facadeUrl: config.bot.facadeUrl,
    signing: signingRules(config),
    // the trading side reads each network's node itself (never through the API)
    node: {
      host: networkNodes[0]!.host,
      apiKey: config.tronApiKey,
      rps: config.tronRps,
      families: config.families,
      networks: networkNodes,
    },
    networks: config.networks,
    operatorKey: config.bot.apiKey ?? (async () => (await facade.keys.create('developer', 'telegram bot', true)).key),
    defaultPlan: config.bot.defaultPlan,
    admins: config.bot.admins,
    trxUsd: config.trxUsd,
    energyLendMinSun: config.energyLendMinSun,
    explorerTxUrl: config.bot.explorerTxUrl,
    // with two networks, a trade links to its own network's explorer
    explorerTxUrls:
      config.networks.length > 1
        ? Object.fromEntries(config.networks.flatMap((n) => n.families.map((f) => [f, n.explorerTxUrl])))
        : undefined,
    appUrl: config.appUrl,
    logger,
    bot: { apiRoot: config.bot.apiRoot, shared },
    webhook: config.bot.webhook,
    updates: roles.has('bot'),
    engineLed: true,
    ...(config.databaseUrl ? { resumeStaleMs: 90_000 } : {}),
  });
  takeUpdate = bot.handleWebhook;
  if (miniApp)
    miniAppDeps = { botToken: config.bot.token!, services: bot.services, api: bot.bot.api, stream: bot.trading.stream };
  const { engine } = bot;
  // the orders, the sniper, copy trading and alerts: on one instance at a time
  if (roles.has('engine'))
    leaders.push(
      electLeader({
        url: config.databaseUrl,
        role: 'engine',
        logger,
        onChange: (v) => facade.health.setLeader('engine', v),
        lead: () => engine.start(),
        yieldRole: () => engine.stop(),
      }),
    );
} else if (!config.bot.token) {
  logger.info('BOT_TOKEN is not set: the Telegram bot is off (the API and devnet run)');
}
logger.info(
  {
    tron: Object.fromEntries(networkNodes.map((n) => [n.id, n.host])),
    api: roles.has('api') ? facade.url : undefined,
    roles: [...roles].join(','),
    data: config.dataDir,
  },
  'started',
);

closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an error');
  else logger.info({ signal }, 'stopping');
  for (const l of leaders) await l.stop();
  await bot?.stop();
  await botDatabase?.close();
  await facade.close();
  await devnets?.close();
  await shared?.close();
  await database.close();
});
