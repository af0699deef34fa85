// `npm run bench`: benchmarks that exist so far. Each prints its figures; `--write` appends a
// dated section to bench/RESULTS.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TronWeb } from 'tronweb';
import { createLogger } from '../src/log.js';
import { startDevnet } from '../src/devnet/index.js';
import { FAMILIES } from '../src/devnet/genesis.js';
import { DEFAULT_FEES, initialPool, quoteBuy } from '../src/tron/curve.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const lines: string[] = [];
const out = (s: string) => {
  console.log(s);
  lines.push(s);
};

function benchCurve(): void {
  const n = 200_000;
  let pool = initialPool();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const q = quoteBuy(pool, 1_000_000n + BigInt(i % 1000), DEFAULT_FEES);
    if (i % 100 === 0) pool = q.after;
  }
  const ms = performance.now() - t0;
  out(`- curve quoteBuy: ${n} quotes in ${ms.toFixed(0)} ms = ${Math.round((n / ms) * 1000).toLocaleString('en')} quotes/s`);
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
    const wallets = await Promise.all(
      Array.from({ length: concurrency }, async () => {
        const acc = await TronWeb.createAccount();
        await fetch(`${devnet.url}/devnet/faucet`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ address: acc.address.base58, amountTrx: 100_000 }) });
        return { acc, tw: new TronWeb({ fullHost: devnet.url, privateKey: acc.privateKey }) };
      }),
    );
    const fees: number[] = [];
    const t0 = performance.now();
    await Promise.all(
      wallets.map(async ({ acc, tw }) => {
        for (let i = 0; i < perWorker; i++) {
          const built = await tw.transactionBuilder.triggerSmartContract(router, 'buy(address,uint256,uint256)', { feeLimit: 150e6, callValue: 10e6 + i },
            [{ type: 'address', value: token }, { type: 'uint256', value: 0 }, { type: 'uint256', value: 50 }], acc.address.base58);
          const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
          if (!sent.result) throw new Error(`refused: ${sent.code}`);
          const info = (await tw.trx.getTransactionInfo(sent.txid)) as { fee?: number; receipt?: { result?: string } };
          if (info.receipt?.result !== 'SUCCESS') throw new Error('buy failed');
          fees.push(info.fee!);
        }
      }),
    );
    const ms = performance.now() - t0;
    const n = concurrency * perWorker;
    fees.sort((a, b) => a - b);
    out(`- devnet end-to-end router buys through TronWeb (build, sign, broadcast, receipt; ${concurrency} clients, one block per tx): ${n} in ${ms.toFixed(0)} ms = ${Math.round((n / ms) * 1000)} buys/s`);
    out(`- fee of a repeat router buy: median ${(fees[fees.length >> 1]! / 1e6).toFixed(2)} TRX (energy at 100 sun + bandwidth at 1000 sun/byte)`);
  } finally {
    await devnet.close();
  }
}

out(`## ${new Date().toISOString().slice(0, 10)}: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
out('Command: `npm run bench`');
benchCurve();
await benchBuys();
if (process.argv.includes('--write')) {
  fs.appendFileSync(path.join(HERE, 'RESULTS.md'), '\n' + lines.join('\n') + '\n');
  console.log('appended to bench/RESULTS.md');
}
