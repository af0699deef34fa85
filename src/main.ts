// `npm start`: everything that is configured — the embedded devnet (unless TRON_RPC points at a
// real node), the indexer and the HTTP facade.
import closeWithGrace from 'close-with-grace';
import { bootConfig } from './boot.js';
import { tronHost } from './config.js';
import { openDb } from './db/index.js';
import { devnetOptions, startDevnet, type Devnet } from './devnet/index.js';
import { startFacade } from './facade.js';
import { syncDevnetMetadata } from './launchpad/metadata.js';

const { config, logger } = bootConfig();
const db = openDb(config.appDbFile);
let devnet: Devnet | undefined;
if (config.devnet.enabled) {
  devnet = await startDevnet(devnetOptions(config, logger));
} else {
  logger.info({ tronRpc: config.tronRpc }, 'using the Tron node at TRON_RPC; the embedded devnet is off');
}
const facade = await startFacade({
  db,
  tronHost: tronHost(config),
  tronApiKey: config.tronApiKey,
  families: config.families,
  trxUsd: config.trxUsd,
  feeLimitSun: config.tradeFeeLimitSun,
  logger,
  indexer: config.indexer,
  listen: { host: config.host, port: config.port },
});
if (devnet) {
  const n = await syncDevnetMetadata(devnet.url, facade.data);
  logger.debug({ tokens: n }, 'demo token metadata loaded');
}
logger.info({ tron: tronHost(config), api: facade.url, data: config.dataDir }, 'started');

closeWithGrace({ delay: 10_000, logger }, async ({ signal, err }) => {
  if (err) logger.error({ err }, 'stopping after an error');
  else logger.info({ signal }, 'stopping');
  await facade.close();
  await devnet?.close();
  db.$client.close();
});
