// `npm run devnet`: the embedded devnet on its own.
import { bootConfig } from '../boot.js';
import { devnetOptions, startDevnet } from './index.js';

const { config, logger } = bootConfig();
const devnet = await startDevnet(devnetOptions(config, logger));
const stop = async () => {
  await devnet.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
