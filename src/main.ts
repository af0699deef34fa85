// `npm start`: everything that is configured. For now the embedded devnet (unless TRON_RPC points
// at a real node) and the application database; later the facade, indexer and bot join here.
import { bootConfig } from './boot.js';
import { openDb } from './db/index.js';
import { devnetOptions, startDevnet, type Devnet } from './devnet/index.js';
import { tronHost } from './config.js';

const { config, logger } = bootConfig();
const db = openDb(config.appDbFile);
let devnet: Devnet | undefined;
if (config.devnet.enabled) {
  devnet = await startDevnet(devnetOptions(config, logger));
} else {
  logger.info({ tronRpc: config.tronRpc }, 'using the Tron node at TRON_RPC; the embedded devnet is off');
}
logger.info({ tron: tronHost(config), data: config.dataDir }, 'started');

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping');
  await devnet?.close();
  db.$client.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop('SIGINT'));
process.once('SIGTERM', () => void stop('SIGTERM'));
