// Demo data for a new devnet: tokens on both launchpads with a day of trades from several wallets,
// one token near its launch threshold and one launched (with a history of SunSwap V2 trades after its
// launch), so a new user sees real data at once.
// Everything goes through signed transactions and blocks, exactly as a user's trades would.
import { SUN_PER_TRX } from '../../tron/units.js';
import type { Chain } from '../chain/index.js';
import { planActions } from './plan.js';
import { DEMO_TOKENS, DEMO_WALLETS } from './tokens.js';
import { runAction, type DemoRun } from './trades.js';

const WALLET_FUNDS = 400_000n * SUN_PER_TRX;

/**
 * Seeds the demo history once; returns false when the devnet was seeded before. A chain that hosts
 * some of the families gets their tokens only, from the same schedule (drawn whole, then kept to its
 * families), so a chain with both families gets the same history as ever.
 */
export async function seedDemo(chain: Chain, now: number): Promise<boolean> {
  if (chain.ledger.getMeta('seeded')) return false;
  const start = chain.head().timestamp + 1000;
  for (const w of DEMO_WALLETS) {
    const res = await chain.faucet(w.address, WALLET_FUNDS);
    if (!('result' in res)) throw new Error('demo seed: faucet refused');
  }
  await chain.produceBlock(start);
  const run: DemoRun = { chain, tokens: [], approved: new Set() };
  const hosted = new Set(chain.families.map((f) => f.family));
  for (const a of planActions(start, now)) if (hosted.has(DEMO_TOKENS[a.token]!.family)) await runAction(run, a);
  // the demo's history is solid from the start: no fork reaches into it
  chain.solidifyHead();
  chain.ledger.setMeta('seeded', String(now));
  return true;
}
