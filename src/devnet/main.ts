// `npm run devnet`: the embedded devnets on their own, one per network (launchpad on DEVNET_PORT,
// launchpad2 on DEVNET2_PORT), for instances that use them as their nodes (TRON_RPC, LAUNCHPAD2_RPC;
// `npm run cli -- devnet info --env` prints those settings).
import { bootConfig } from '../boot.js';
import { startDevnets } from './networks.js';

const { config, logger, pretty } = bootConfig();
const devnets = await startDevnets(config, logger, { prettyLogs: pretty });
const urls = Object.fromEntries([...devnets.byNetwork].map(([network, d]) => [network, d.url]));
logger.info(
  urls,
  `devnets: ${Object.entries(urls)
    .map(([network, url]) => `${network} on ${url}`)
    .join(', ')}`,
);
const stop = () =>
  void devnets.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, 'devnet did not close cleanly');
      process.exit(1);
    },
  );
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
