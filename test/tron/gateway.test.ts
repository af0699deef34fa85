// The gateway reads as of the head block: equal reads in one block share a node call, and a read
// made after the chain moved sees the move.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { ChainGateway } from '../../src/tron/gateway.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { toBase58 } from '../../src/tron/address.js';
import type { Devnet } from '../../src/devnet/index.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';

let devnet: Devnet;
let token: string;
const family = {
  ...FAMILIES[0]!,
  network: 'launchpad' as const,
  launchpad: toBase58(FAMILIES[0]!.launchpad),
  router: toBase58(FAMILIES[0]!.router),
};

/** A gateway whose TronWeb counts the node calls it makes, by path. */
function countingGateway() {
  const tw = tronWebFor(devnet.url);
  const calls = new Map<string, number>();
  const request = tw.fullNode.request.bind(tw.fullNode);
  tw.fullNode.request = ((url: string, ...rest: unknown[]) => {
    const key = url.replace(/^\/?/, '');
    calls.set(key, (calls.get(key) ?? 0) + 1);
    return (request as (...a: unknown[]) => unknown)(url, ...rest);
  }) as typeof tw.fullNode.request;
  return { gw: new ChainGateway(tw), calls };
}

beforeAll(async () => {
  devnet = await startTestDevnet({ seed: true });
  const tokens = (await (await fetch(`${devnet.url}/devnet/tokens`)).json()) as {
    data: Array<{ symbol: string; contractAddress: string }>;
  };
  token = tokens.data.find((t) => t.symbol === 'TCAT')!.contractAddress;
});
afterAll(async () => devnet?.close());

describe('ChainGateway reads', () => {
  it('answers 50 concurrent equal reads with one view call and at most two head requests', async () => {
    const { gw, calls } = countingGateway();
    const pools = await Promise.all(Array.from({ length: 50 }, () => gw.pool(family, token)));
    expect(new Set(pools.map((p) => `${p.trxReserve}/${p.tokenReserve}`)).size).toBe(1);
    expect(calls.get('wallet/triggerconstantcontract')).toBe(1);
    expect(calls.get('wallet/getblock')).toBeLessThanOrEqual(2);
  });

  it('sees a trade made by someone else as soon as its block is the head', async () => {
    const { gw } = countingGateway();
    const before = await gw.pool(family, token);
    const acc = await TronWeb.createAccount();
    await faucet(devnet.url, acc.address.base58, 1_000);
    const tw = tronWebFor(devnet.url, acc.privateKey);
    const built = await tw.transactionBuilder.triggerSmartContract(
      family.router,
      'buy(address,uint256,uint256,uint256)',
      { feeLimit: 150e6, callValue: 50e6 },
      [
        { type: 'address', value: token },
        { type: 'uint256', value: 0 },
        { type: 'uint256', value: 0 },
        { type: 'uint256', value: '4102444800' },
      ],
      acc.address.base58,
    );
    const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
    expect(sent.result).toBe(true);
    const after = await gw.pool(family, token);
    expect(after.trxReserve).toBeGreaterThan(before.trxReserve);
    expect(after.tokenReserve).toBeLessThan(before.tokenReserve);
    // 50 TRX in; the sponsored router's origin pays the energy and the free allowance the bytes
    expect(await gw.trxBalance(acc.address.base58)).toBe(1_000_000_000n - 50_000_000n);
  });

  it('does not keep a failed read', async () => {
    const { gw } = countingGateway();
    await expect(gw.pool(family, 'not-an-address')).rejects.toThrow();
    await expect(gw.pool(family, 'not-an-address')).rejects.toThrow();
    expect((await gw.pool(family, token)).trxReserve).toBeGreaterThan(0n);
  });
});
