// `npm run devnet`: the embedded devnet on its own.
import { bootConfig } from '../boot.js';
import { startDevnet } from './index.js';

const { config, logger } = bootConfig();
const devnet = await startDevnet({
  dbFile: config.devnet.dbFile,
  host: config.host,
  port: config.devnet.port,
  blockMs: config.devnet.blockMs,
  seed: config.devnet.seed,
  logger,
});
const stop = async () => {
  await devnet.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
