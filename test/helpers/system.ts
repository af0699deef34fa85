// `npm start`'s whole system (devnet, indexer, API, bot) as a child process talking to the fake Bot
// API, for the tests that kill it with SIGKILL and start it again on the same data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import { tempDir } from './devnet.js';
import { FakeTelegram } from './telegram.js';
import { TOKEN } from './bot.js';

export function crashableSystem(prefix: string) {
  const tg = new FakeTelegram();
  const dir = tempDir(prefix);
  const port = 21000 + Math.floor(Math.random() * 20000);
  let log = '';
  let child: ChildProcess | undefined;
  const exited = (c: ChildProcess) =>
    new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));
  return {
    tg,
    dir,
    port,
    devnetUrl: `http://127.0.0.1:${port + 1}`,
    /** What the system printed (warnings and errors), for a failing test's message. */
    log: () => log,
    /** Starts it (the fake Bot API first, once): devnet blocks every 300 ms, the indexer's poll 200 ms. */
    async start(): Promise<ChildProcess> {
      if (!tg.url) await tg.start();
      child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          PORT: String(port),
          DEVNET_PORT: String(port + 1),
          DEVNET_BLOCK_MS: '300',
          BOT_TOKEN: TOKEN,
          TELEGRAM_API_ROOT: tg.url,
          LOG_LEVEL: 'warn',
          INDEXER_POLL_MS: '200',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (d) => (log += String(d)));
      child.stderr!.on('data', (d) => (log += String(d)));
      return child;
    },
    /** kill -9, and wait until it is gone. */
    async kill(): Promise<void> {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    /** A normal stop (the tests' cleanup), and the fake Bot API's. */
    async stop(): Promise<void> {
      if (child) {
        child.kill('SIGTERM');
        await exited(child);
      }
      await tg.stop();
    },
  };
}
