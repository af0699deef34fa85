// `npm start`: everything that is configured — the embedded devnet (unless TRON_RPC points at a
// real node), the indexer and the HTTP facade.
import closeWithGrace from 'close-with-grace';
import { bootConfig } from './boot.js';
import { signingRules, tronHost } from './config.js';
import { openDb } from './db/index.js';
import { openRedis, type SharedRedis } from './db/redis.js';
import { devnetOptions, startDevnet, type Devnet } from './devnet/index.js';
import { startDevnetThread } from './devnet/thread.js';
import { startFacade } from './facade.js';
import { syncDevnetMetadata } from './service/metadata.js';
import { loadVaultKey, Vault } from './vault.js';
import type { startBot as StartBot } from './bot/run.js';
import type { WebhookHandler } from './bot/webhook.js';
import type { FastifyReply, FastifyRequest } from 'fastify';

const { config, logger, pretty } = bootConfig();
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
const db = openDb(config.appDbFile);
let shared: SharedRedis | undefined;
if (config.redis) {
  try {
    shared = await openRedis(config.redis.url, config.redis.prefix, logger);
  } catch (e) {
    logger.error((e as Error).message);
    process.exit(1);
  }
  logger.info({ prefix: config.redis.prefix }, 'rate limits, spam limits and the live stream are shared through Redis');
}
let devnet: Pick<Devnet, 'url' | 'close'> | undefined;
if (config.devnet.enabled) {
  const { logger: _logger, ...opts } = devnetOptions(config, logger);
  devnet = config.devnet.thread
    ? await startDevnetThread({ ...opts, logLevel: config.logLevel, prettyLogs: pretty }, logger)
    : await startDevnet(devnetOptions(config, logger));
} else {
  logger.info({ tronRpc: config.tronRpc }, 'using the Tron node at TRON_RPC; the embedded devnet is off');
}
// The bot's webhook path is served on PORT from the start; updates that come before the bot is up
// are answered 503, and Telegram sends them again.
let takeUpdate: WebhookHandler | undefined;
const botWebhook =
  config.bot.token && config.bot.webhook
    ? {
        path: new URL(config.bot.webhook.url).pathname,
        handle: async (req: FastifyRequest, reply: FastifyReply) => {
          if (takeUpdate) return takeUpdate(req, reply);
          await reply.code(503).send({ error: 'starting', message: 'The bot is starting; send the update again' });
        },
      }
    : undefined;
const facade = await startFacade({
  db,
  tronHost: tronHost(config),
  tronApiKey: config.tronApiKey,
  tronRps: config.tronRps,
  families: config.families,
  trxUsd: config.trxUsd,
  feeLimitSun: config.tradeFeeLimitSun,
  logger,
  indexer: config.indexer,
  webhooksAllowPrivate: config.webhooksAllowPrivate,
  vault: new Vault(vaultKey),
  listen: { host: config.host, port: config.port },
  botWebhook,
  shared,
});
// New blocks are indexed at once, not at the next poll: the devnet in this thread says when it makes
// one; any other node's confirmed head is watched with a cheap header read every 250 ms.
if (devnet && 'chain' in devnet) {
  const indexer = facade.indexer;
  (devnet as Devnet).chain.onBlock = () => indexer.nudge();
} else {
  facade.indexer.followHead(250);
}
if (devnet) {
  const n = await syncDevnetMetadata(devnet.url, facade.data);
  logger.debug({ tokens: n }, 'demo token metadata loaded');
}
let bot: Awaited<ReturnType<typeof StartBot>> | undefined;
if (config.bot.token) {
  // loaded only when the bot runs (grammY and its plugins are not needed otherwise)
  const { startBot } = await import('./bot/run.js');
  bot = await startBot({
    token: config.bot.token,
    dataDir: config.dataDir,
    vaultKey,
    facadeUrl: config.bot.facadeUrl,
    signing: signingRules(config),
    operatorKey: config.bot.apiKey ?? (async () => (await facade.keys.create('developer', 'telegram bot', true)).key),
    defaultPlan: config.bot.defaultPlan,
    admins: config.bot.admins,
    trxUsd: config.trxUsd,
    explorerTxUrl: config.bot.explorerTxUrl,
    logger,
    bot: { apiRoot: config.bot.apiRoot, shared },
    webhook: config.bot.webhook,
  });
  takeUpdate = bot.handleWebhook;
  // the orders, the sniper, copy trading and alerts run with the bot
  facade.health.setLeader('engine', true);
} else {
  logger.info('BOT_TOKEN is not set: the Telegram bot is off (the API and devnet run)');
}
logger.info({ tron: tronHost(config), api: facade.url, data: config.dataDir }, 'started');

closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an error');
  else logger.info({ signal }, 'stopping');
  await bot?.stop();
  await facade.close();
  await devnet?.close();
  await shared?.close();
  db.$client.close();
});
