// A launched token next to a curve token in the same system: localTrade builds per second (the DEX
// build reads the pair's reserves where the curve's reads the pool), then end-to-end buys of each.
import { TronWeb } from 'tronweb';
import { fundWallet, load, out, startSystem } from '../harness.js';
import { endToEndBuys } from './buys.js';

export async function run(): Promise<void> {
  const info = await startSystem();
  try {
    const acc = await TronWeb.createAccount();
    await fundWallet(info.devnet, acc.address.base58, 100_000);
    for (const [label, token] of [
      ['curve (TCAT)', info.token],
      ['DEX (PKING, SunSwap V2)', info.dexToken],
    ] as const) {
      const body = JSON.stringify({ type: 'buy', tokenAddress: token, amount: 10, userAddress: acc.address.base58 });
      const read = { method: 'POST' as const, headers: { 'api-key': info.key }, connections: 20, body };
      await load(`${info.api}/launchpad/localTrade`, { ...read, seconds: 2 });
      const lt = await load(`${info.api}/launchpad/localTrade`, read);
      out(
        `- localTrade builds, ${label}: ${Math.round(lt.rps)} /s, p50 ${lt.p50} ms, p99 ${lt.p99} ms, errors ${lt.errors} — ${lt.rps >= 1000 ? 'meets' : 'misses'} the target (≥ 1,000/s)`,
      );
    }
  } finally {
    await info.stop();
  }
  await endToEndBuys({ blockMs: 3000, clients: 50, perClient: 40, thread: false, venue: 'curve' });
  await endToEndBuys({ blockMs: 3000, clients: 50, perClient: 40, thread: false, venue: 'dex' });
}
