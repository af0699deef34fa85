// `npm start`'s whole system (devnet, indexer, API, bot) as a child process talking to the fake Bot
// API, for the tests that kill it with SIGKILL and start it again on the same data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import type Database from 'better-sqlite3';
import { TronWeb } from 'tronweb';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { tempDir } from './devnet.js';
import { waitFor } from './facade.js';
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
    /** Users say /start to the bot and get TRX from the faucet; returns their wallets' addresses. */
    async fundedUsers(users: number[], trx: number): Promise<string[]> {
      for (const u of users) tg.queue.push(tg.message(u, '/start'));
      await waitFor(() => (users.every((u) => tg.sent(u).length) ? true : undefined), 20_000);
      const addresses = users.map((u) => /<code>(T\w{33})<\/code>/.exec(tg.sent(u)[0]!.text)![1]!);
      for (const address of addresses)
        await fetch(`http://127.0.0.1:${port + 1}/devnet/faucet`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ address, amountTrx: trx }),
        });
      return addresses;
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

/** How many router transactions (not dropped) the bot's wallets sent, by the devnet's records. */
export function routerTransactions(bot: Database.Database, devnet: Database.Database): number {
  const wallets = bot.prepare('select address from wallets').all() as Array<{ address: string }>;
  const count = devnet.prepare(
    "select count(*) n from transactions t where owner = ? and status != 'DROPPED' and json_extract(t.signed, '$.raw_data.contract[0].parameter.value.contract_address') = ?",
  );
  return wallets
    .map((w) => (count.get(TronWeb.address.toHex(w.address).toLowerCase(), FAMILIES[0]!.router) as { n: number }).n)
    .reduce((sum, n) => sum + n, 0);
}
