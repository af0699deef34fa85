// The embedded devnet on its own thread: the node's work (checking signatures, running blocks,
// serving the event API) runs beside the facade's instead of taking turns with it on one event
// loop. It is the same devnet as `startDevnet`, reached the same way (HTTP on its port).
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { DevnetOptions } from './index.js';

export interface DevnetThread {
  url: string;
  close(): Promise<void>;
}

export type DevnetThreadOptions = Omit<DevnetOptions, 'logger'> & { logLevel: string; prettyLogs: boolean };

/** Starts the devnet on a worker thread; a devnet that stops by itself stops the process. */
export async function startDevnetThread(opts: DevnetThreadOptions, logger: Logger): Promise<DevnetThread> {
  // the build runs worker.js; from the sources (tsx: tests, `npm run cli`) the worker registers
  // tsx for itself first, as loader hooks are not inherited by worker threads
  const worker = import.meta.url.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((t) => { t.register(); return import(${JSON.stringify(new URL('./worker.ts', import.meta.url).href)}); })`,
        { eval: true, workerData: opts },
      )
    : new Worker(new URL('./worker.js', import.meta.url), { workerData: opts });
  let closing = false;
  const url = await new Promise<string>((resolve, reject) => {
    worker.once('message', (m: { url?: string; error?: string }) =>
      m.url ? resolve(m.url) : reject(new Error(m.error ?? 'devnet failed to start')),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`devnet thread exited with code ${code} while starting`)));
  });
  worker.removeAllListeners('error');
  worker.removeAllListeners('exit');
  worker.on('error', (err) => logger.fatal({ err }, 'the devnet thread failed'));
  worker.on('exit', (code) => {
    if (closing) return;
    logger.fatal({ code }, 'the devnet thread stopped; stopping');
    process.exit(1);
  });
  return {
    url,
    async close() {
      closing = true;
      const done = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('close');
      await done;
    },
  };
}
