// A transaction signed elsewhere names no network: the API broadcasts it on each network in turn
// until one takes it (another chain refuses it with TAPOS_ERROR, and nothing happens there), passing
// over a node that does not answer; a refusal for another reason is the answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { sendAnywhere } from '../../src/service/trade/broadcast.js';
import { Chains } from '../../src/tron/chains.js';
import { createTronWeb } from '../../src/tron/client.js';
import { ChainGateway } from '../../src/tron/gateway.js';
import { refOf, signTx, transferTx } from '../../src/tron/tx.js';
import { loadConfig } from '../../src/config.js';
import type { Devnet } from '../../src/devnet/index.js';
import { faucet, startTestDevnet } from '../helpers/devnet.js';

const families = loadConfig({}).families;
const [lp1, lp2] = [
  { ...families[0]!, network: 'launchpad' as const },
  { ...families[1]!, network: 'launchpad2' as const },
];
let one: Devnet;
let two: Devnet;
const gateway = (url: string) => new ChainGateway(createTronWeb({ host: url }));

beforeAll(async () => {
  one = await startTestDevnet({ families: ['launchpad'] });
  two = await startTestDevnet({ families: ['launchpad2'], label: 'launchpad2' });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
});

/** A TRX transfer signed on `d`'s blocks by a wallet funded there. */
async function transferOn(d: Devnet, sun: number) {
  const acc = await TronWeb.createAccount();
  await faucet(d.url, acc.address.base58, 10);
  const to = (await TronWeb.createAccount()).address.base58;
  const tx = transferTx({ owner: acc.address.base58, to, amount: sun, ref: refOf(await gateway(d.url).head()) });
  return signTx(tx, acc.privateKey);
}

const chainsOf = (first: string, second: string) =>
  new Chains([
    { id: 'launchpad', name: 'one', url: first, chain: gateway(first), families: [lp1] },
    { id: 'launchpad2', name: 'two', url: second, chain: gateway(second), families: [lp2] },
  ]);

describe('broadcast on several networks', () => {
  it('lands a second network’s transaction there, after the first network refuses it', async () => {
    const signed = await transferOn(two, 1_000_000);
    const txid = await sendAnywhere(chainsOf(one.url, two.url), signed);
    expect(txid).toBe(signed.txID);
    expect((await gateway(two.url).txInfo(txid)).state).not.toBe('unknown');
    expect((await gateway(one.url).txInfo(txid)).state).toBe('unknown');
  });

  it('passes over a node that does not answer', async () => {
    const signed = await transferOn(two, 2_000_000);
    expect(await sendAnywhere(chainsOf('http://127.0.0.1:1', two.url), signed)).toBe(signed.txID);
  });

  it('answers the first refusal that is not TAPOS_ERROR, and TAPOS_ERROR when no chain holds its block', async () => {
    const tooMuch = await transferOn(two, 50_000_000);
    await expect(sendAnywhere(chainsOf(one.url, two.url), tooMuch)).rejects.toThrow(/Insufficient|balance/i);
    const foreign = await transferOn(one, 1_000_000);
    await expect(sendAnywhere(chainsOf(two.url, two.url), foreign)).rejects.toThrow(/TAPOS_ERROR/);
  });
});
