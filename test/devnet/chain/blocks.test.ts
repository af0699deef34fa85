// A block that takes long to make (hundreds of trades through the fee router's bytecode) leaves
// the node answering: a read and a broadcast sent while it runs are answered before it is made,
// from the head before it, and the broadcast waits for the next block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedCall } from '../../../src/devnet/demo/trades.js';
import { FAMILIES } from '../../../src/devnet/genesis.js';
import { devnetKey, type DevnetKey } from '../../../src/devnet/keys.js';
import { LAUNCHPAD_ABI, ROUTER_ABI, type AbiEntry } from '../../../src/tron/abi.js';
import { toAbiAddress } from '../../../src/tron/address.js';
import { startTestDevnet } from '../../helpers/devnet.js';

const BUYS = 400;
const FAMILY = FAMILIES[0]!;

let devnet: Awaited<ReturnType<typeof startTestDevnet>>;

const call = (key: DevnetKey, contract: string, abi: AbiEntry[], method: string, args: unknown[], value: bigint) =>
  signedCall(devnet.chain, key, { contract, abi, method, args, value }, 200_000_000);

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${devnet.url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return (await res.json()) as Record<string, unknown>;
};

beforeAll(async () => {
  // blocks only when the test makes them
  devnet = await startTestDevnet({ blockMs: 3_600_000 });
});

afterAll(async () => {
  await devnet?.close();
});

describe('a long block', () => {
  it('leaves reads and broadcasts answered while it is made', async () => {
    const chain = devnet.chain;
    const keys = Array.from({ length: BUYS + 1 }, (_, i) => devnetKey(`long-block-${i}`));
    for (const k of keys) await chain.faucet(k.address, 1_000_000_000n);
    await chain.produceBlock();
    await chain.broadcast(
      call(keys[0]!, FAMILY.launchpad, LAUNCHPAD_ABI, 'createAndInitPurchase', ['L', 'L'], 30_000_000n),
    );
    await chain.produceBlock();
    const token = toAbiAddress(chain.ledger.tokenAt(FAMILY.launchpad, 0)!);
    const buy = (k: DevnetKey) =>
      call(k, FAMILY.router, ROUTER_ABI, 'buy', [token, 0n, 100n, 4_102_444_800n], 1_000_000n);
    for (const k of keys.slice(1, BUYS)) expect('result' in (await chain.broadcast(buy(k)))).toBe(true);
    const before = chain.head().number;

    let made = false;
    const making = chain.produceBlock().then((b) => {
      made = true;
      return b;
    });
    const head = (await post('/wallet/getnowblock', {})) as { block_header: { raw_data: { number: number } } };
    const late = await post('/wallet/broadcasttransaction', buy(keys[BUYS]!));
    expect(made).toBe(false);
    expect(head.block_header.raw_data.number).toBe(before);
    expect(late.result).toBe(true);

    const block = await making;
    expect(block.txCount).toBe(BUYS - 1);
    expect((await chain.produceBlock()).txCount).toBe(1);
  });
});
