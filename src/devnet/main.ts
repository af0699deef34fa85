// `npm run devnet`: the embedded devnet on its own.
import { bootConfig } from '../boot.js';
import { devnetOptions, startDevnet } from './index.js';

const { config, logger } = bootConfig();
const devnet = await startDevnet(devnetOptions(config, logger));
const stop = () =>
  void devnet.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, 'devnet did not close cleanly');
      process.exit(1);
    },
  );
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
