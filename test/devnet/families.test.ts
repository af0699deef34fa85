// A devnet chain that hosts only some of the launchpad families (here launchpad2 alone, as the
// second network of a two-network set-up will): its own genesis (its label), launchpad, router and
// demo tokens, and it refuses a transaction made on another chain's blocks. The default chain (both
// families, no label) stays exactly as it was.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { TronWeb } from 'tronweb';
import { LAUNCHPAD_ABI, TRC20_ABI } from '../../src/tron/abi.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { buildTx, refOf, signTx } from '../../src/tron/tx.js';
import { genesisParent } from '../../src/devnet/chain/chain.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { DEMO_TOKENS, DEMO_WALLETS } from '../../src/devnet/demo/index.js';
import type { Devnet } from '../../src/devnet/index.js';
import { startDevnetThread } from '../../src/devnet/thread.js';
import { createLogger } from '../../src/log.js';
import { faucet, startTestDevnet, tempDir, tronWebFor } from '../helpers/devnet.js';

const NOW = 1_700_000_000_000;
const clock = () => NOW;
/** The default chain's genesis id at NOW: all-zero parent, as every devnet before labels had. */
const DEFAULT_GENESIS_AT_NOW = '0000000000000000ce55795e1594f35e510c48d90e333a1bbd6365b252c385d5';
/** The same for a seeded chain (its genesis is 25 hours before NOW). */
const DEFAULT_SEEDED_GENESIS = '00000000000000005548eec28498088e4a8ad9bb9c9bd1edf60b097990c35d38';

const LP1 = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const LP2 = TronWeb.address.fromHex(FAMILIES[1]!.launchpad);
const ROUTER2 = TronWeb.address.fromHex(FAMILIES[1]!.router);

const running: Devnet[] = [];
async function start(opts: Parameters<typeof startTestDevnet>[0]) {
  const d = await startTestDevnet(opts);
  running.push(d);
  return d;
}
afterAll(async () => {
  while (running.length) await running.pop()!.close();
});

const genesisId = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/wallet/getblockbynum`, { method: 'POST', body: JSON.stringify({ num: 0 }) });
  return ((await res.json()) as { blockID: string }).blockID;
};
const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;
type Info = { families: Array<{ family: string; launchpad: string; router: string; feeRecipient: string }> };
type Tokens = { data: Array<{ symbol: string; contractAddress: string | null }> };

describe('genesis', () => {
  it("is the default chain's as ever without a label; a label (not the families) makes another", async () => {
    const plain = await start({ clock });
    const unlabelled2 = await start({ clock, families: ['launchpad2'] });
    const labelled = await start({ clock, families: ['launchpad2'], label: 'launchpad2' });
    expect(await genesisId(plain.url)).toBe(DEFAULT_GENESIS_AT_NOW);
    expect(plain.chain.block(0)!.parentId).toBe('0'.repeat(64));
    expect(await genesisId(unlabelled2.url)).toBe(DEFAULT_GENESIS_AT_NOW);
    const other = await genesisId(labelled.url);
    expect(other).not.toBe(DEFAULT_GENESIS_AT_NOW);
    expect(other.slice(0, 16)).toBe('0'.repeat(16)); // still block number 0
    expect(labelled.chain.block(0)!.parentId).not.toBe('0'.repeat(64));
  });

  it("refuses to open a chain's data file with other families than it was made with", async () => {
    const dir = tempDir();
    const made = await start({ dir, families: ['launchpad2'], label: 'launchpad2' });
    running.splice(running.indexOf(made), 1);
    await made.close();
    await expect(startTestDevnet({ dir })).rejects.toThrow(/holds a chain with the launchpads launchpad2, not/);
    const again = await start({ dir, families: ['launchpad2'], label: 'launchpad2' });
    expect(again.chain.head().number).toBe(made.chain.head().number);
  });
});

describe('on a worker thread', () => {
  it('gets its families and label through the thread', async () => {
    const dir = tempDir();
    const thread = await startDevnetThread(
      {
        dbFile: path.join(dir, 'devnet.sqlite'),
        host: '127.0.0.1',
        port: 0,
        blockMs: 0,
        seed: false,
        families: ['launchpad2'],
        label: 'launchpad2',
        logLevel: 'silent',
        prettyLogs: false,
      },
      createLogger('silent'),
    );
    try {
      const info = await getJson<Info>(`${thread.url}/devnet/info`);
      expect(info.families.map((f) => f.family)).toEqual(['launchpad2']);
      const res = await fetch(`${thread.url}/wallet/getblockbynum`, { method: 'POST', body: '{"num":0}' });
      const block = (await res.json()) as { block_header: { raw_data: { parentHash: string } } };
      expect(block.block_header.raw_data.parentHash).toBe(genesisParent('launchpad2'));
      expect(genesisParent('launchpad2')).not.toBe('0'.repeat(64));
    } finally {
      await thread.close();
    }
  });
});

describe('a seeded chain with only launchpad2, beside the default chain', () => {
  let main: Devnet;
  let second: Devnet;
  beforeAll(async () => {
    [main, second] = await Promise.all([
      start({ seed: true, clock }),
      start({ seed: true, clock, families: ['launchpad2'], label: 'launchpad2' }),
    ]);
  }, 60_000);

  it('has its own genesis; the default one is unchanged', async () => {
    expect(await genesisId(main.url)).toBe(DEFAULT_SEEDED_GENESIS);
    expect(await genesisId(second.url)).not.toBe(DEFAULT_SEEDED_GENESIS);
  });

  it("lists only launchpad2's contracts and demo tokens", async () => {
    const info = await getJson<Info>(`${second.url}/devnet/info`);
    expect(info.families).toEqual([
      {
        family: 'launchpad2',
        launchpad: LP2,
        router: ROUTER2,
        feeRecipient: TronWeb.address.fromHex(FAMILIES[1]!.feeRecipient),
      },
    ]);
    const tokens = await getJson<Tokens>(`${second.url}/devnet/tokens`);
    const mine = DEMO_TOKENS.filter((t) => t.family === 'launchpad2').map((t) => t.metadata.symbol);
    expect(tokens.data.map((t) => t.symbol)).toEqual(mine);
    expect(tokens.data.every((t) => t.contractAddress !== null)).toBe(true);
    // launchpad2's tokens are on its launchpad; the first family's contracts are not on this chain
    const tw = tronWebFor(second.url);
    for (const t of tokens.data) {
      const state = await contractMethods(tw, LAUNCHPAD_ABI, LP2).getTokenState!(t.contractAddress).call({ from: LP2 });
      expect(Number(big(state))).toBe(1);
    }
    expect(second.chain.ledger.exists(FAMILIES[0]!.launchpad)).toBe(false);
    expect(second.chain.ledger.exists(FAMILIES[0]!.router)).toBe(false);
    expect(await tw.trx.getContract(LP1).catch(() => ({}))).not.toHaveProperty('contract_address');
  });

  it('lists both families and every demo token on the default chain, as another default chain does', async () => {
    const info = await getJson<Info>(`${main.url}/devnet/info`);
    expect(info.families.map((f) => f.family)).toEqual(['launchpad', 'launchpad2']);
    const tokens = await getJson<Tokens>(`${main.url}/devnet/tokens`);
    expect(tokens.data.map((t) => t.symbol)).toEqual(DEMO_TOKENS.map((t) => t.metadata.symbol));
    // the same clock gives the same chain: the seed drew the same history, block for block
    const twin = await start({ seed: true, clock });
    expect(twin.chain.head()).toEqual(main.chain.head());
    expect(await getJson<Tokens>(`${twin.url}/devnet/tokens`)).toEqual(tokens);
    expect(await getJson<Info>(`${twin.url}/devnet/info`)).toEqual(info);
  }, 60_000);

  it("refuses a transaction made on the other chain's blocks (TAPOS)", async () => {
    const wallet = DEMO_WALLETS[0]!; // funded on both chains by the seed
    const to = TronWeb.address.fromHex(DEMO_WALLETS[1]!.address);
    // built by TronWeb on the default chain, sent to the second
    const onMain = tronWebFor(main.url, wallet.privateKey);
    const built = await onMain.transactionBuilder.sendTrx(to, 1_000_000, TronWeb.address.fromHex(wallet.address));
    const refused = await tronWebFor(second.url).trx.sendRawTransaction(await onMain.trx.sign(built));
    expect(refused).toMatchObject({ code: 'TAPOS_ERROR' });

    // on a block both chains have (number 0), only the chain's own genesis passes
    const transfer = (genesis: string) => {
      const head = second.chain.head();
      const ref = { ...refOf({ number: 0, id: genesis, timestamp: head.timestamp }), timestamp: head.timestamp };
      const value = { owner_address: wallet.address, to_address: DEMO_WALLETS[1]!.address, amount: 1_000_000 };
      return signTx(buildTx('TransferContract', value, ref), wallet.privateKey);
    };
    expect(await second.chain.broadcast(transfer(main.chain.block(0)!.blockId))).toMatchObject({
      code: 'TAPOS_ERROR',
    });
    expect(await second.chain.broadcast(transfer(second.chain.block(0)!.blockId), { produce: true })).toMatchObject({
      result: true,
    });
  });

  it("buys a launchpad2 token through launchpad2's router", async () => {
    const buyer = await TronWeb.createAccount();
    await faucet(second.url, buyer.address.base58, 5_000);
    const tokens = await getJson<Tokens>(`${second.url}/devnet/tokens`);
    const wave = tokens.data.find((t) => t.symbol === 'WAVE')!.contractAddress!;
    const tw = tronWebFor(second.url, buyer.privateKey);
    const { transaction } = await tw.transactionBuilder.triggerSmartContract(
      ROUTER2,
      'buy(address,uint256,uint256,uint256)',
      { feeLimit: 200e6, callValue: 300e6 },
      [
        { type: 'address', value: wave },
        { type: 'uint256', value: 0 },
        { type: 'uint256', value: 100 },
        { type: 'uint256', value: '4102444800' },
      ],
      buyer.address.base58,
    );
    const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(transaction));
    expect(sent.result).toBe(true);
    const info = (await tw.trx.getTransactionInfo(sent.txid)) as { receipt?: { result?: string } };
    expect(info.receipt?.result).toBe('SUCCESS');
    const held = await contractMethods(tw, TRC20_ABI, wave).balanceOf!(buyer.address.base58).call();
    expect(big(held)).toBeGreaterThan(0n);
    const buys = await tw.event.getEventsByContractAddress(LP2, { eventName: 'TokenPurchased', limit: 200 });
    expect(buys.data!.some((e) => e.transaction_id === sent.txid)).toBe(true);
  });
});
