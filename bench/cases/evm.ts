// Where the EVM costs: one block of curve buys on an in-memory devnet in this process, through the
// fee router (bytecode on @ethereumjs/evm, calling the native launchpad and token) and straight on
// the launchpad (native TypeScript only), timed from the block's start to its commit; with the
// energy each buy burnt. The difference per buy is what running the router's bytecode costs.
import { openSqlite } from '../../src/db/open.js';
import { Chain } from '../../src/devnet/chain/index.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { signedCall } from '../../src/devnet/demo/trades.js';
import { devnetKey, type DevnetKey } from '../../src/devnet/keys.js';
import * as schema from '../../src/devnet/schema.js';
import { LAUNCHPAD_ABI, ROUTER_ABI, type AbiEntry } from '../../src/tron/abi.js';
import { toAbiAddress } from '../../src/tron/address.js';
import { out } from '../harness.js';

const BUYS = 400;
const FAMILY = FAMILIES[0]!;

async function block(router: boolean): Promise<{ msPerBuy: number; energy: number }> {
  const chain = await Chain.open(openSqlite(':memory:', schema, 'devnet'));
  const keys = Array.from({ length: BUYS }, (_, i) => devnetKey(`bench-evm-${i}`));
  for (const k of keys) await chain.faucet(k.address, 1_000_000_000n);
  await chain.produceBlock();
  const call = (key: DevnetKey, contract: string, abi: AbiEntry[], method: string, args: unknown[], value: bigint) =>
    signedCall(chain, key, { contract, abi, method, args, value }, 200_000_000);
  await chain.broadcast(
    call(keys[0]!, FAMILY.launchpad, LAUNCHPAD_ABI, 'createAndInitPurchase', ['B', 'B'], 30_000_000n),
  );
  await chain.produceBlock();
  const token = toAbiAddress(chain.ledger.tokenAt(FAMILY.launchpad, 0)!);
  for (const k of keys) {
    const tx = router
      ? call(k, FAMILY.router, ROUTER_ABI, 'buy', [token, 0n, 100n, 4_102_444_800n], 1_000_000n)
      : call(k, FAMILY.launchpad, LAUNCHPAD_ABI, 'purchaseToken', [token, 0n], 1_000_000n);
    await chain.broadcast(tx);
  }
  const t0 = performance.now();
  const b = await chain.produceBlock();
  const ms = performance.now() - t0;
  const first = chain.transactionInfo(chain.blockTransactions(b.number)[0]!.txID!) as {
    receipt: { energy_usage_total: number; result: string };
  };
  if (b.txCount !== BUYS || first.receipt.result !== 'SUCCESS') throw new Error('bench evm: the buys did not all land');
  chain.db.$client.close();
  return { msPerBuy: ms / BUYS, energy: first.receipt.energy_usage_total };
}

export async function run(): Promise<void> {
  await block(true); // warm up both paths
  const direct = await block(false);
  const routed = await block(true);
  out(
    `- a block of ${BUYS} curve buys in this process: through the fee router (EVM) ${routed.msPerBuy.toFixed(2)} ms a buy, ` +
      `${routed.energy.toLocaleString('en')} energy; straight on the native launchpad ${direct.msPerBuy.toFixed(2)} ms, ` +
      `${direct.energy.toLocaleString('en')} energy; the router's bytecode costs ${(routed.msPerBuy - direct.msPerBuy).toFixed(2)} ms a trade`,
  );
}
