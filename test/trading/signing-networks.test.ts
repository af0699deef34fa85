// With two networks the bot signs a transaction only when its reference block is a block of its
// family's chain, as the bot's own node shows it. An untrusted API could otherwise build launchpad2's
// call on the first network's blocks: the bytes would pin (same call, same router address), and the
// transaction would run on the first chain, where that address may be anything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import type { Accounts } from '../../src/trading/accounts.js';
import { holdsReference, signingNetworks } from '../../src/trading/networks.js';
import { createSigner, type SigningRules } from '../../src/trading/signing.js';
import type { WalletRow } from '../../src/trading/store.js';
import { TradeError } from '../../src/trading/trade-errors.js';
import { Chains } from '../../src/tron/chains.js';
import { createTronWeb } from '../../src/tron/client.js';
import { ChainGateway } from '../../src/tron/gateway.js';
import { callData, refOf, transferTx, triggerTx } from '../../src/tron/tx.js';
import { MAX_UINT256 } from '../../src/tron/units.js';
import { loadConfig } from '../../src/config.js';
import type { Devnet } from '../../src/devnet/index.js';
import { startTestDevnet } from '../helpers/devnet.js';

const families = loadConfig({}).families;
const lp1 = { ...families.find((f) => f.family === 'launchpad')!, network: 'launchpad' as const };
const lp2 = { ...families.find((f) => f.family === 'launchpad2')!, network: 'launchpad2' as const };
const rules: SigningRules = {
  routers: { launchpad: lp1.router, launchpad2: lp2.router },
  feeLimitSun: 100_000_000n,
  maxFeeBps: 100n,
};

let one: Devnet;
let two: Devnet;
let chains: Chains;
let owner: { address: string; privateKey: string };
let token: string;

beforeAll(async () => {
  one = await startTestDevnet({ families: ['launchpad'] });
  two = await startTestDevnet({ families: ['launchpad2'], label: 'launchpad2' });
  // the first chain well ahead of the second: a block number of one is never a near one of the other
  for (let i = 0; i < 40; i++) await one.chain.produceBlock();
  const gateway = (d: Devnet) => new ChainGateway(createTronWeb({ host: d.url }));
  chains = new Chains([
    { id: 'launchpad', name: 'devnet', url: one.url, chain: gateway(one), families: [lp1] },
    { id: 'launchpad2', name: 'devnet 2', url: two.url, chain: gateway(two), families: [lp2] },
  ]);
  const acc = await TronWeb.createAccount();
  owner = { address: acc.address.base58, privateKey: acc.privateKey };
  token = (await TronWeb.createAccount()).address.base58;
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

const signer = () =>
  createSigner({
    accounts: {
      withKey: (_w: WalletRow, use: (key: string) => unknown) => use(owner.privateKey),
    } as unknown as Accounts,
    rules,
    now: () => Date.now(),
    networks: signingNetworks(chains),
  });
const wallet = () => ({ address: owner.address }) as WalletRow;
const headOf = (d: Devnet) => (d === one ? chains.networks[0]! : chains.networks[1]!).chain.head();

/** launchpad2's router approved for the token, built on `d`'s head. */
async function approval(d: Devnet) {
  return triggerTx({
    owner: owner.address,
    contract: token,
    data: callData('approve(address,uint256)', [
      { type: 'address', value: lp2.router },
      { type: 'uint256', value: MAX_UINT256 },
    ]),
    callValue: 0,
    feeLimit: 10_000_000,
    ref: refOf(await headOf(d)),
  });
}

const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(TradeError);
  return (e as TradeError).why.key;
};

describe('signing with two networks', () => {
  it('signs launchpad2’s call built on its own chain, and refuses it built on the other chain’s blocks', async () => {
    const expected = { kind: 'approve' as const, token, spender: lp2.router };
    const mine = (await signer().sign(wallet(), await approval(two), expected)) as { signature?: string[] };
    expect(mine.signature).toHaveLength(1);
    expect(await refusal(signer().sign(wallet(), await approval(one), expected))).toBe('err-pin-network');
  });

  it('holds a TRX transfer (no family) to the first network', async () => {
    const to = (await TronWeb.createAccount()).address.base58;
    const expected = { kind: 'transfer' as const, to, sun: 1_000_000n };
    const on = async (d: Devnet) =>
      transferTx({ owner: owner.address, to, amount: 1_000_000, ref: refOf(await headOf(d)) });
    const signed = (await signer().sign(wallet(), await on(one), expected)) as { signature?: string[] };
    expect(signed.signature).toHaveLength(1);
    expect(await refusal(signer().sign(wallet(), await on(two), expected))).toBe('err-pin-network');
  });

  it('waits for a reference block its own node has not reached yet (the API’s node a block ahead)', async () => {
    for (let i = 0; i < 3; i++) await two.chain.produceBlock();
    // the bot's node of network 2 two blocks behind the API's until it catches up
    let lagging = true;
    class Behind extends ChainGateway {
      override async head() {
        const h = await super.head();
        return lagging ? (await this.blockAt(h.number - 2))! : h;
      }
    }
    const real = chains.networks[1]!.chain;
    const behind = new Behind(real.tronWeb);
    const ref = refOf(await real.head());
    // it waits while its node is behind; the node catches up, and the block is this chain's
    const slept: number[] = [];
    const catchUp = async (ms: number) => {
      slept.push(ms);
      if (slept.length === 2) lagging = false;
    };
    expect(await holdsReference(behind, ref, catchUp)).toBe(true);
    expect(slept).toEqual([1000, 1000]);
    // a node that never catches up: refused once the wait is over
    lagging = true;
    const never: number[] = [];
    expect(await holdsReference(behind, ref, async (ms) => never.push(ms))).toBe(false);
    expect(never.length).toBe(9);
    // another chain's recent block is not this one's
    expect(await holdsReference(real, refOf(await chains.networks[0]!.chain.head()))).toBe(false);
  });

  it('needs no check with one network', () => {
    expect(signingNetworks(Chains.single(chains.first, [lp1, lp2]))).toBeUndefined();
  });
});
