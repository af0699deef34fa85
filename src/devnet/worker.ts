// The devnet thread's entry (see thread.ts): starts the devnet, reports its URL, closes on request.
import { parentPort, workerData } from 'node:worker_threads';
import { createLogger } from '../log.js';
import { startDevnet } from './index.js';
import type { DevnetThreadOptions } from './thread.js';

const { logLevel, prettyLogs, ...opts } = workerData as DevnetThreadOptions;
const port = parentPort!;
try {
  const devnet = await startDevnet({ ...opts, logger: createLogger(logLevel, { pretty: prettyLogs }) });
  port.on('message', (m) => {
    if (m !== 'close') return;
    void devnet.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  port.postMessage({ url: devnet.url });
} catch (e) {
  port.postMessage({ error: (e as Error).message });
  process.exit(1);
}
