// End-to-end buys as a client of the facade does them: localTrade builds the transaction, the client
// signs it (in this process: with signTx, or TronWeb's trx.sign), the facade broadcasts it, and the
// buy counts once the indexer has it (getUserTrades shows it). The system is `npm start`'s build in
// its own process, with the indexer polling every 250 ms. The rate is over the whole run, from the
// first build to the last buy indexed (so it includes the wait for the last block).
// BENCH_ONE=1 runs only the first configuration.
import { TronWeb } from 'tronweb';
import { signTx } from '../../src/tron/tx.js';
import { debug, fundWallet, out, post, sleep, startSystem, type BenchSystem } from '../harness.js';

export interface BuysOptions {
  blockMs: number;
  clients: number;
  perClient: number;
  signer?: 'native' | 'tronweb';
  /** DEVNET_THREAD: the devnet on a worker thread of its own */
  thread?: boolean;
  venue?: 'curve' | 'dex';
  /** More settings of the system (DATABASE_URL), and what the figure's line says of them. */
  env?: Record<string, string>;
  label?: string;
}

type Wallet = { acc: Awaited<ReturnType<typeof TronWeb.createAccount>>; tw: TronWeb };

/** Each client builds, signs and broadcasts its buys one after another. */
async function sendBuys(info: BenchSystem, wallets: Wallet[], o: Required<BuysOptions>): Promise<void> {
  const headers = { 'api-key': info.key };
  await Promise.all(
    wallets.map(async ({ acc, tw }) => {
      for (let i = 0; i < o.perClient; i++) {
        const built = await post(
          `${info.api}/launchpad/localTrade`,
          {
            type: 'buy',
            tokenAddress: o.venue === 'dex' ? info.dexToken : info.token,
            amount: 1 + i / 1e6,
            userAddress: acc.address.base58,
            slippage: 50,
          },
          headers,
        );
        if (built.status !== 200) throw new Error(`localTrade: ${JSON.stringify(built.body)}`);
        const unsigned = built.body.unsignedTx as { txID: string; raw_data: Record<string, unknown> };
        const signed = o.signer === 'native' ? signTx(unsigned, acc.privateKey) : await tw.trx.sign(unsigned as never);
        const sent = await post(`${info.api}/launchpad/broadcast`, { signedTx: signed }, headers);
        if (sent.status !== 200) throw new Error(`broadcast: ${JSON.stringify(sent.body)}`);
      }
    }),
  );
}

/** Every buy counts once it is indexed. */
async function allIndexed(info: BenchSystem, wallets: Wallet[], perClient: number): Promise<void> {
  for (const { acc } of wallets) {
    for (;;) {
      const r = await post(
        `${info.api}/launchpad/getUserTrades`,
        { address: acc.address.base58, limit: 100 },
        { 'api-key': info.key },
      );
      if ((r.body.data as unknown[]).length >= perClient) break;
      await sleep(20);
    }
  }
}

export async function endToEndBuys(opts: BuysOptions): Promise<void> {
  const o: Required<BuysOptions> = { signer: 'native', thread: true, venue: 'curve', env: {}, label: '', ...opts };
  const info = await startSystem({
    DEVNET_BLOCK_MS: String(o.blockMs),
    // mainnet-like: a block is solid 19 blocks later (a block per broadcast needs 0)
    DEVNET_SOLID_AFTER: o.blockMs === 0 ? '0' : '19',
    INDEXER_POLL_MS: '250',
    DEVNET_THREAD: String(o.thread),
    ...o.env,
  });
  try {
    const wallets = await Promise.all(
      Array.from({ length: o.clients }, async () => {
        const acc = await TronWeb.createAccount();
        await fundWallet(info.devnet, acc.address.base58, 10_000);
        return { acc, tw: new TronWeb({ fullHost: info.devnet, privateKey: acc.privateKey }) };
      }),
    );
    const t0 = performance.now();
    const cpu0 = { self: process.cpuUsage(), server: info.sys.cpuMs() };
    await sendBuys(info, wallets, o);
    const sentMs = performance.now() - t0;
    const self = process.cpuUsage(cpu0.self);
    debug(
      `while sending: clients used ${(((self.user + self.system) / 1000 / sentMs) * 100).toFixed(0)} % of a core, the system ${(((info.sys.cpuMs() - cpu0.server) / sentMs) * 100).toFixed(0)} %`,
    );
    await allIndexed(info, wallets, o.perClient);
    const ms = performance.now() - t0;
    const n = o.clients * o.perClient;
    const rate = (n / ms) * 1000;
    // what the system spent a buy, from the first build to the last buy indexed: unlike the rate, it
    // does not depend on where the 3-s block that holds the last buys falls
    const cpuPerBuy = (info.sys.cpuMs() - cpu0.server) / n;
    const blocks = `devnet ${o.thread ? 'on its own thread (DEVNET_THREAD=true)' : 'in the API thread (default)'}, ${o.blockMs ? `${o.blockMs / 1000}-s blocks solid 19 blocks later (the defaults)` : 'one block per broadcast'}; signed with ${o.signer === 'native' ? 'signTx (libsecp256k1)' : "TronWeb's trx.sign (JavaScript)"}`;
    out(
      `- end-to-end ${o.venue === 'dex' ? 'DEX (SunSwap V2) ' : ''}buys${o.label ? ` ${o.label}` : ''} through the facade (localTrade, the client signs, broadcast, indexed; ${blocks}; ${o.clients} clients, ${n} buys): ${Math.round(rate)} buys/s indexed (all sent after ${(sentMs / 1000).toFixed(1)} s, all indexed after ${(ms / 1000).toFixed(1)} s; the system's CPU ${cpuPerBuy.toFixed(2)} ms a buy) — ${rate >= 200 ? 'meets' : 'misses'} the target (≥ 200/s)`,
    );
  } finally {
    await info.stop();
  }
}

export async function run(): Promise<void> {
  await endToEndBuys({ blockMs: 3000, clients: 50, perClient: 40 });
  if (process.env.BENCH_ONE) return;
  await endToEndBuys({ blockMs: 3000, clients: 50, perClient: 40, signer: 'tronweb' });
  await endToEndBuys({ blockMs: 3000, clients: 50, perClient: 40, thread: false });
  await endToEndBuys({ blockMs: 0, clients: 50, perClient: 16 });
}
