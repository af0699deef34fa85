// `npm start`: everything that is configured — the embedded devnet (unless TRON_RPC points at a
// real node), the indexer and the HTTP facade.
import closeWithGrace from 'close-with-grace';
import { bootConfig } from './boot.js';
import { signingRules, tronHost } from './config.js';
import { openDb } from './db/index.js';
import { devnetOptions, startDevnet, type Devnet } from './devnet/index.js';
import { startDevnetThread } from './devnet/thread.js';
import { startFacade } from './facade.js';
import { syncDevnetMetadata } from './service/metadata.js';
import { loadVaultKey, Vault } from './vault.js';
import type { startBot as StartBot } from './bot/run.js';

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
let devnet: Pick<Devnet, 'url' | 'close'> | undefined;
if (config.devnet.enabled) {
  const { logger: _logger, ...opts } = devnetOptions(config, logger);
  devnet = config.devnet.thread
    ? await startDevnetThread({ ...opts, logLevel: config.logLevel, prettyLogs: pretty }, logger)
    : await startDevnet(devnetOptions(config, logger));
} else {
  logger.info({ tronRpc: config.tronRpc }, 'using the Tron node at TRON_RPC; the embedded devnet is off');
}
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
    operatorKey: config.bot.apiKey ?? (() => facade.keys.create('developer', 'telegram bot', true).key),
    defaultPlan: config.bot.defaultPlan,
    admins: config.bot.admins,
    trxUsd: config.trxUsd,
    explorerTxUrl: config.bot.explorerTxUrl,
    logger,
    bot: { apiRoot: config.bot.apiRoot },
  });
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
  db.$client.close();
});
