// `npm start`: everything that is configured — the embedded devnet (unless TRON_RPC points at a
// real node), the indexer, the HTTP facade and the bot. With ROLES an instance runs a part of it
// (several instances on Postgres and Redis): the API and the bot on any number of instances, the
// indexer and the engine on one leader each (src/db/leader.ts); every instance serves /healthz,
// /readyz and /metrics on its PORT.
import closeWithGrace from 'close-with-grace';
import { bootConfig } from './boot.js';
import { signingRules, tronHost, type Config } from './config.js';
import { openAppDatabase, openDb, type AppDatabase } from './db/index.js';
import { electLeader, type Leadership } from './db/leader.js';
import { openRedis, type SharedRedis } from './db/redis.js';
import { devnetOptions, startDevnet, type Devnet } from './devnet/index.js';
import { startDevnetThread } from './devnet/thread.js';
import { startFacade, type Facade } from './facade.js';
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

let devnet: Pick<Devnet, 'url' | 'close'> | undefined;
if (config.devnet.enabled) {
  const { logger: _logger, ...opts } = devnetOptions(config, logger);
  devnet = config.devnet.thread
    ? await startDevnetThread({ ...opts, logLevel: config.logLevel, prettyLogs: pretty }, logger)
    : await startDevnet(devnetOptions(config, logger));
  if (config.databaseUrl)
    logger.warn('the devnet runs inside this instance: other instances need it alone (npm run devnet) and TRON_RPC');
} else {
  logger.info({ tronRpc: config.tronRpc }, 'using the Tron node at TRON_RPC; the embedded devnet is off');
}
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
  tronHost: tronHost(config),
  tronApiKey: config.tronApiKey,
  tronRps: config.tronRps,
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
if (devnet && roles.has('api')) {
  const n = await syncDevnetMetadata(devnet.url, facade.data);
  logger.debug({ tokens: n }, 'demo token metadata loaded');
}

/**
 * The indexer on its leader. New blocks are indexed at once, not at the next poll: the devnet in
 * this thread says when it makes one; any other node's head is watched with a header read every 250 ms.
 */
function leadIndexer(f: Facade): Leadership {
  const inThread = devnet && 'chain' in devnet ? (devnet as Devnet) : undefined;
  const leadership = electLeader({
    url: config.databaseUrl,
    role: 'indexer',
    logger,
    onChange: (v) => f.health.setLeader('indexer', v),
    lead: async () => {
      f.indexer.start(config.indexer.pollMs);
      if (!inThread) f.indexer.followHead(250);
    },
    yieldRole: () => f.indexer.stop(),
  });
  if (inThread) inThread.chain.onBlock = () => leadership.leads && f.indexer.nudge();
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
    node: { host: tronHost(config), apiKey: config.tronApiKey, rps: config.tronRps, families: config.families },
    operatorKey: config.bot.apiKey ?? (async () => (await facade.keys.create('developer', 'telegram bot', true)).key),
    defaultPlan: config.bot.defaultPlan,
    admins: config.bot.admins,
    trxUsd: config.trxUsd,
    energyLendMinSun: config.energyLendMinSun,
    explorerTxUrl: config.bot.explorerTxUrl,
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
    tron: tronHost(config),
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
  await devnet?.close();
  await shared?.close();
  await database.close();
});
