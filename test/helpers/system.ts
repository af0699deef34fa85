// `npm start`'s whole system (devnet, indexer, API, and the bot when it has a token) as a child
// process on its own data directory and ports. The crash tests kill it with SIGKILL and start it
// again on the same directory (the bot talking to the fake Bot API); the benchmarks load it from
// outside, as a client would, and read the child's CPU time and RSS.
import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { TronWeb } from 'tronweb';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { tempDir } from './devnet.js';
import { waitFor } from './facade.js';
import { FakeTelegram } from './telegram.js';
import { TOKEN } from './bot.js';

/** The repository's root: the child runs there, as `npm start` does. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface SystemOptions {
  /** The data directory; default a fresh temporary one named by `prefix`. */
  dir?: string;
  prefix?: string;
  /**
   * The API's port and the devnets' (launchpad's; launchpad2's, DEVNET2_PORT); default random ones,
   * known at once (tests name them up front).
   */
  ports?: { api: number; devnet: number; devnet2?: number };
  /** Run the compiled build (dist/main.js, as `npm start` does) rather than the sources through tsx. */
  build?: boolean;
  /** Node flags before the entry point (the start script's, --cpu-prof, ...). */
  nodeFlags?: string[];
  /** Settings over the defaults (warnings only in the log, no bot). */
  env?: Record<string, string>;
  /** Let the child's output through to ours (a benchmark) instead of keeping it for log() (a test). */
  inheritOutput?: boolean;
}

export type SystemProcess = ReturnType<typeof systemProcess>;

/** Two free loopback ports, for a system that must not collide with anything running. */
export async function freePorts(): Promise<{ api: number; devnet: number }> {
  const one = async () => {
    const srv = net.createServer();
    await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
    const port = (srv.address() as net.AddressInfo).port;
    await new Promise((resolve) => srv.close(resolve));
    return port;
  };
  return { api: await one(), devnet: await one() };
}

/** The API's port, the first devnet's (launchpad) and the second's (launchpad2, DEVNET2_PORT). */
function randomPorts(): { api: number; devnet: number; devnet2: number } {
  const api = 21000 + Math.floor(Math.random() * 20000);
  return { api, devnet: api + 1, devnet2: api + 2 };
}

const exited = (c: ChildProcess) =>
  new Promise<void>((r) => (c.exitCode !== null || c.signalCode !== null ? r() : c.once('exit', () => r())));

/** CPU time (user + system) a process has used so far, in ms (Linux: /proc, 100 ticks a second). */
export function processCpuMs(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

/** Resident memory of a process in MB; 0 once it is gone. */
export function processRssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** The system as a child process: made here, started (and restarted) with start(). */
export function systemProcess(opts: SystemOptions = {}) {
  const dir = opts.dir ?? tempDir(opts.prefix ?? 'lp-system-');
  const random = randomPorts();
  const { api: port, devnet: devnetPort } = opts.ports ?? random;
  // given ports name the API's and the first devnet's; the second devnet's is random unless given too
  const devnet2Port = opts.ports?.devnet2 ?? random.devnet2;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dir,
    PORT: String(port),
    DEVNET_PORT: String(devnetPort),
    DEVNET2_PORT: String(devnet2Port),
    LOG_LEVEL: 'warn',
    BOT_TOKEN: '',
    ...opts.env,
  };
  const [main, cli] = opts.build
    ? [['dist/main.js'], ['dist/cli.js']]
    : [
        ['--import', 'tsx', 'src/main.ts'],
        ['--import', 'tsx', 'src/cli.ts'],
      ];
  const apiUrl = `http://127.0.0.1:${port}`;
  let log = '';
  let child: ChildProcess | undefined;
  const running = () => {
    if (!child?.pid) throw new Error('the system is not running');
    return child.pid;
  };
  return {
    dir,
    port,
    devnetPort,
    apiUrl,
    devnetUrl: `http://127.0.0.1:${devnetPort}`,
    devnet2Port,
    devnet2Url: `http://127.0.0.1:${devnet2Port}`,
    /** What the system printed (warnings and errors), for a failing test's message. */
    log: () => log,
    /** Starts it; `extra` adds settings known only now (the fake Bot API's address). */
    start(extra: Record<string, string> = {}): ChildProcess {
      child = spawn(process.execPath, [...(opts.nodeFlags ?? []), ...main], {
        cwd: ROOT,
        env: { ...env, ...extra },
        stdio: ['ignore', opts.inheritOutput ? 'inherit' : 'pipe', opts.inheritOutput ? 'inherit' : 'pipe'],
      });
      child.stdout?.on('data', (d) => (log += String(d)));
      child.stderr?.on('data', (d) => (log += String(d)));
      return child;
    },
    /** Waits until the API answers /health; fails if the child exits first or `ms` pass. */
    async healthy(ms = 60_000): Promise<void> {
      const until = Date.now() + ms;
      for (;;) {
        const ok = await fetch(`${apiUrl}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        if (Date.now() > until || !child || child.exitCode !== null) throw new Error('the system did not start');
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    /** Runs the operator CLI on the same data directory and settings; returns what it printed. */
    cli: (...args: string[]): string =>
      execFileSync(process.execPath, [...cli, ...args], { cwd: ROOT, env, encoding: 'utf8' }),
    /** CPU time the running system has used, in ms. */
    cpuMs: () => processCpuMs(running()),
    /** Its resident memory now, in MB. */
    rssMb: () => processRssMb(running()),
    /** kill -9, and wait until it is gone. */
    async kill(): Promise<void> {
      if (!child) return;
      child.kill('SIGKILL');
      await exited(child);
    },
    /** A normal stop: SIGTERM lets it close and write its profile; SIGKILL if it hangs for 5 s. */
    async stop(): Promise<void> {
      if (!child) return;
      const c = child;
      c.kill('SIGTERM');
      const timer = setTimeout(() => c.kill('SIGKILL'), 5000);
      await exited(c);
      clearTimeout(timer);
    },
  };
}

export function crashableSystem(prefix: string) {
  const tg = new FakeTelegram();
  // devnet blocks every 300 ms, the indexer's poll 200 ms: a crash lands among many small steps
  const sys = systemProcess({ prefix, env: { DEVNET_BLOCK_MS: '300', BOT_TOKEN: TOKEN, INDEXER_POLL_MS: '200' } });
  return {
    tg,
    dir: sys.dir,
    port: sys.port,
    devnetUrl: sys.devnetUrl,
    devnet2Url: sys.devnet2Url,
    log: sys.log,
    /** Starts it, the fake Bot API first (once). */
    async start(): Promise<ChildProcess> {
      if (!tg.url) await tg.start();
      return sys.start({ TELEGRAM_API_ROOT: tg.url });
    },
    /** Users say /start to the bot and get TRX from the faucet, in a block; returns their wallets' addresses. */
    async fundedUsers(users: number[], trx: number): Promise<string[]> {
      for (const u of users) tg.queue.push(tg.message(u, '/start'));
      await waitFor(() => (users.every((u) => tg.sent(u).length) ? true : undefined), 20_000);
      const addresses = users.map((u) => /<code>(T\w{33})<\/code>/.exec(tg.sent(u)[0]!.text)![1]!);
      await Promise.all(addresses.map((address) => fund(sys.devnetUrl, address, trx)));
      return addresses;
    },
    kill: () => sys.kill(),
    /** A normal stop (the tests' cleanup), and the fake Bot API's. */
    async stop(): Promise<void> {
      await sys.stop();
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

/** Whether a transaction is in a block of the node at `devnetUrl` (its head: not yet solid, perhaps). */
export async function inBlock(devnetUrl: string, txid: string): Promise<boolean> {
  const res = await fetch(`${devnetUrl}/wallet/gettransactioninfobyid`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value: txid }),
  });
  return ((await res.json()) as { blockNumber?: number }).blockNumber !== undefined;
}

/** TRX from the devnet's faucet, once it is in a block (a devnet with timed blocks holds it until the next). */
export async function fund(devnetUrl: string, address: string, trx: number): Promise<void> {
  const res = await fetch(`${devnetUrl}/devnet/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, amountTrx: trx }),
  });
  const { txid } = (await res.json()) as { txid?: string };
  if (!txid) throw new Error(`faucet refused: ${res.status}`);
  await waitFor(async () => ((await inBlock(devnetUrl, txid)) ? true : undefined), 20_000);
}

/**
 * The operator CLI on its own process with these settings, `input` on its stdin (a key); what it
 * printed. Asynchronous: a devnet this process serves must go on answering while it runs.
 */
export function runCli(env: Record<string, string>, args: string[], input = ''): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli.ts', ...args],
      { cwd: ROOT, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, encoding: 'utf8' },
      (err, stdout, stderr) => (err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout)),
    );
    child.stdin!.end(input);
  });
}
