// `npm run bench`: every benchmark prints its figures; `npm run bench -- --write` also appends a
// dated section to bench/RESULTS.md. Traffic stays on loopback; every loop is bounded.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { TronWeb } from 'tronweb';
import { createLogger } from '../src/log.js';
import { startDevnet } from '../src/devnet/index.js';
import { FAMILIES } from '../src/devnet/genesis.js';
import { openDb } from '../src/db/index.js';
import { Indexer } from '../src/indexer/indexer.js';
import { createTronWeb } from '../src/tron/client.js';
import { loadConfig } from '../src/config.js';
import { DEFAULT_FEES, initialPool, quoteBuy } from '../src/tron/curve.js';
import { toAbiAddress } from '../src/tron/address.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
const lines: string[] = [];
const out = (s: string) => {
  console.log(s);
  lines.push(s);
};
const want = (name: string) => !only || only.includes(name);

async function load(url: string, opts: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string>; connections?: number; seconds?: number } = {}) {
  const r = await autocannon({
    url, method: opts.method ?? 'GET', connections: opts.connections ?? 50, duration: opts.seconds ?? SECONDS,
    headers: { 'content-type': 'application/json', ...(opts.headers ?? {}) }, ...(opts.body ? { body: opts.body } : {}),
  });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx, total: r.requests.total };
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function startServer(): Promise<{ child: ChildProcess; info: { api: string; devnet: string; baseline: string; key: string; token: string; dir: string } }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'server.ts')], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const rl = readline.createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve) => rl.once('line', resolve));
  return { child, info: JSON.parse(first) };
}

async function benchReads(): Promise<void> {
  const { child, info } = await startServer();
  let peakRss = rssMb(child.pid!);
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(child.pid!))), 200);
  try {
    const headers = { 'api-key': info.key };
    const base = await load(`${info.baseline}/constant`);
    out(`- baseline (bare Fastify, constant JSON): ${Math.round(base.rps)} req/s, p50 ${base.p50} ms, p99 ${base.p99} ms`);
    for (const [name, pathName, body] of [
      ['getTokenDetails', '/launchpad/getTokenDetails', { address: info.token }],
      ['getRecentTrades', '/launchpad/getRecentTrades', { address: info.token, limit: 20 }],
      ['getTokenHolders', '/launchpad/getTokenHolders', { address: info.token, limit: 20 }],
    ] as const) {
      const r = await load(info.api + pathName, { method: 'POST', body: JSON.stringify(body), headers });
      const ratio = (r.rps / base.rps) * 100;
      const verdict = ratio >= 50 && r.p99 <= 20 ? 'meets' : 'misses';
      out(`- ${name}: ${Math.round(r.rps)} req/s (${ratio.toFixed(0)} % of baseline), p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors} — ${verdict} the target (≥ 50 %, p99 ≤ 20 ms)`);
    }
    out(`- RSS of the server process (devnet + indexer + API) under the read load: peak ${peakRss.toFixed(0)} MB — ${peakRss <= 200 ? 'meets' : 'misses'} the target (≤ 200 MB)`);

    // localTrade builds per second, for a funded wallet
    const acc = await TronWeb.createAccount();
    await fetch(`${info.devnet}/devnet/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: acc.address.base58, amountTrx: 100_000 }) });
    const lt = await load(`${info.api}/launchpad/localTrade`, {
      method: 'POST', headers, connections: 20,
      body: JSON.stringify({ type: 'buy', tokenAddress: info.token, amount: 10, userAddress: acc.address.base58 }),
    });
    out(`- localTrade builds: ${Math.round(lt.rps)} /s, p50 ${lt.p50} ms, p99 ${lt.p99} ms, errors ${lt.errors} — ${lt.rps >= 1000 ? 'meets' : 'misses'} the target (≥ 1,000/s)`);
  } finally {
    clearInterval(sampler);
    child.kill('SIGKILL');
  }
}

function benchCurve(): void {
  const n = 200_000;
  let pool = initialPool();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const q = quoteBuy(pool, 1_000_000n + BigInt(i % 1000), DEFAULT_FEES);
    if (i % 100 === 0) pool = q.after;
  }
  const ms = performance.now() - t0;
  out(`- curve quoteBuy: ${Math.round((n / ms) * 1000).toLocaleString('en')} quotes/s`);
}

async function benchBuys(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-'));
  const devnet = await startDevnet({ dbFile: path.join(dir, 'devnet.sqlite'), host: '127.0.0.1', port: 0, blockMs: 0, seed: true, logger: createLogger('silent') });
  try {
    const tokens = (await (await fetch(`${devnet.url}/devnet/tokens`)).json()) as { data: Array<{ symbol: string; contractAddress: string }> };
    const token = tokens.data.find((t) => t.symbol === 'TCAT')!.contractAddress;
    const router = TronWeb.address.fromHex(FAMILIES[0]!.router);
    const concurrency = 20;
    const perWorker = 25;
    const wallets = await Promise.all(Array.from({ length: concurrency }, async () => {
      const acc = await TronWeb.createAccount();
      await fetch(`${devnet.url}/devnet/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: acc.address.base58, amountTrx: 100_000 }) });
      return { acc, tw: new TronWeb({ fullHost: devnet.url, privateKey: acc.privateKey }) };
    }));
    const fees: number[] = [];
    const t0 = performance.now();
    await Promise.all(wallets.map(async ({ acc, tw }) => {
      for (let i = 0; i < perWorker; i++) {
        const built = await tw.transactionBuilder.triggerSmartContract(router, 'buy(address,uint256,uint256)', { feeLimit: 150e6, callValue: 10e6 + i },
          [{ type: 'address', value: token }, { type: 'uint256', value: 0 }, { type: 'uint256', value: 50 }], acc.address.base58);
        const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
        if (!sent.result) throw new Error(`refused: ${sent.code}`);
        const info = (await tw.trx.getTransactionInfo(sent.txid)) as { fee?: number; receipt?: { result?: string } };
        if (info.receipt?.result !== 'SUCCESS') throw new Error('buy failed');
        fees.push(info.fee!);
      }
    }));
    const ms = performance.now() - t0;
    const n = concurrency * perWorker;
    const rate = (n / ms) * 1000;
    fees.sort((a, b) => a - b);
    out(`- end-to-end router buys on the devnet through TronWeb (build, sign, broadcast, receipt; ${concurrency} clients in this process): ${Math.round(rate)} buys/s — ${rate >= 200 ? 'meets' : 'misses'} the target (≥ 200/s)`);
    out(`- fee of a repeat router buy: median ${(fees[fees.length >> 1]! / 1e6).toFixed(2)} TRX`);

    // indexer catch-up: 100,000 Transfer events written straight into the devnet's event log
    const hexToken = TronWeb.address.toHex(token).toLowerCase();
    const head = devnet.chain.head();
    const ins = devnet.chain.db.$client.prepare(`insert into events (block_number, block_timestamp, txid, contract, event_index, event_name, signature, result, result_type)
      values (?, ?, ?, ?, 0, 'Transfer', 'Transfer(address indexed from,address indexed to,uint256 value)', ?, '{"from":"address","to":"address","value":"uint256"}')`);
    const holders = Array.from({ length: 500 }, (_, i) => toAbiAddress('41' + (i + 1).toString(16).padStart(40, '0')).toLowerCase());
    const total = 100_000;
    devnet.chain.db.$client.transaction(() => {
      for (let i = 0; i < total; i++) {
        const from = i < holders.length ? '0x' + hexToken.slice(2) : holders[i % holders.length]!;
        const to = holders[(i + 1) % holders.length]!;
        ins.run(head.number, head.timestamp, i.toString(16).padStart(64, '0'), hexToken, JSON.stringify({ from, to, value: '1000' }));
      }
    })();
    const db = openDb(':memory:');
    const families = loadConfig({ DEVNET_PORT: new URL(devnet.url).port }).families;
    const ix = new Indexer({ db, tronWeb: createTronWeb({ host: devnet.url }), families, logger: createLogger('silent') });
    const t1 = performance.now();
    const applied = await ix.syncOnce();
    const secs = (performance.now() - t1) / 1000;
    out(`- indexer catch-up: ${applied.toLocaleString('en')} events (incl. ${total.toLocaleString('en')} synthetic Transfers) in ${secs.toFixed(1)} s — ${secs <= 10 ? 'meets' : 'misses'} the target (100,000 in ≤ 10 s)`);
    db.$client.close();
  } finally {
    await devnet.close();
  }
}

async function benchBot(): Promise<void> {
  const { startBotStack } = await import('../test/helpers/bot.js');
  const h = await startBotStack();
  try {
    await h.send(h.tg.message(1, '/start'));
    const n = 2000;
    let t0 = performance.now();
    for (let i = 0; i < n; i++) await h.send(h.tg.message(1 + (i % 50), '/help'));
    let rate = (n / (performance.now() - t0)) * 1000;
    out(`- bot updates through handleUpdate with a fake Bot API (/help, 50 users): ${Math.round(rate)} updates/s — ${rate >= 500 ? 'meets' : 'misses'} the target (≥ 500/s)`);
    const tokens = (await (await fetch(`${h.stack.devnet.url}/devnet/tokens`)).json()) as { data: Array<{ contractAddress: string }> };
    const m = 300;
    t0 = performance.now();
    await Promise.all(Array.from({ length: 10 }, async (_, w) => {
      for (let i = 0; i < m / 10; i++) await h.send(h.tg.message(100 + w, tokens.data[i % tokens.data.length]!.contractAddress));
    }));
    rate = (m / (performance.now() - t0)) * 1000;
    out(`- bot token cards (pasted address -> facade -> card, 10 users in parallel): ${Math.round(rate)} cards/s`);
  } finally {
    await h.close();
  }
}

out(`## ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
out(`Command: \`npm run bench\` (${SECONDS} s per load run, 50 connections)`);
if (want('curve')) benchCurve();
if (want('reads')) await benchReads();
if (want('buys')) await benchBuys();
if (want('bot')) await benchBot();
if (process.argv.includes('--write')) {
  fs.appendFileSync(path.join(HERE, 'RESULTS.md'), '\n' + lines.join('\n') + '\n');
  console.log('appended to bench/RESULTS.md');
}
process.exit(0);
