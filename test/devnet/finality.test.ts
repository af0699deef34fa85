// Finality as on mainnet, through real TronWeb and plain HTTP: a block is solid 19 blocks after it is
// made; /wallet answers from the head, /walletsolidity from the newest solid block (blocks,
// transactions, accounts and contract state); the event API serves unconfirmed events marked
// `_unconfirmed`, with TronGrid's filters; the demo seed's history is solid from the start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { TRC20_ABI } from '../../src/tron/abi.js';
import { encodeValues, selectorOf } from '../../src/tron/codec.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import type { Devnet } from '../../src/devnet/index.js';
import { faucet, startTestDevnet, tronWebFor } from '../helpers/devnet.js';

const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);
const SOLID_AFTER = 19;

let devnet: Devnet & { dir: string };
let url: string;
let tw: TronWeb;

type Json = Record<string, unknown>;
async function post(path: string, body: Json = {}): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Json };
}
async function get(path: string): Promise<{ status: number; body: Json }> {
  const res = await fetch(`${url}${path}`);
  return { status: res.status, body: (await res.json()) as Json };
}
const numberOf = (block: { block_header: { raw_data: { number?: number } } }) =>
  block.block_header.raw_data.number ?? 0;
/** Makes `n` empty blocks (each broadcast also makes one: blocks on demand). */
const blocks = async (n: number) => {
  for (let i = 0; i < n; i++) await devnet.chain.produceBlock();
};

async function wallet(trx: number) {
  const acc = await TronWeb.createAccount();
  await faucet(url, acc.address.base58, trx);
  return { address: acc.address.base58, tw: tronWebFor(url, acc.privateKey) };
}

/** A router buy of `trx` TRX of the token; its txid. */
async function routerBuy(who: { address: string; tw: TronWeb }, token: string, trx: number): Promise<string> {
  const built = await who.tw.transactionBuilder.triggerSmartContract(
    ROUTER,
    'buy(address,uint256,uint256,uint256)',
    { feeLimit: 150e6, callValue: trx * 1e6 },
    [
      { type: 'address', value: token },
      { type: 'uint256', value: 0 },
      { type: 'uint256', value: 100 },
      { type: 'uint256', value: '4102444800' },
    ],
    who.address,
  );
  const sent = await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(built.transaction));
  expect(sent.result).toBe(true);
  return sent.txid;
}

/** Creates a token on the launchpad with `trx` TRX (the creation fee and a first buy); its address. */
async function createToken(
  who: { address: string; tw: TronWeb },
  name: string,
  symbol: string,
  trx: number,
): Promise<string> {
  const built = await who.tw.transactionBuilder.triggerSmartContract(
    LP,
    'createAndInitPurchase(string,string)',
    { feeLimit: 200e6, callValue: trx * 1e6 },
    [
      { type: 'string', value: name },
      { type: 'string', value: symbol },
    ],
    who.address,
  );
  const sent = await who.tw.trx.sendRawTransaction(await who.tw.trx.sign(built.transaction));
  const created = await tw.event.getEventsByTransactionID(sent.txid);
  const event = created.data!.find((e) => e.event_name === 'TokenCreate')!;
  return TronWeb.address.fromHex('41' + String(event.result.tokenAddress).slice(2));
}

beforeAll(async () => {
  devnet = await startTestDevnet({ solidAfter: SOLID_AFTER });
  url = devnet.url;
  tw = tronWebFor(url);
});

afterAll(async () => {
  await devnet?.close();
});

describe('a transfer on the full node and the solidity node', () => {
  it('is in /wallet at once and in /walletsolidity only 19 blocks later', async () => {
    const acc = await TronWeb.createAccount();
    const txid = await faucet(url, acc.address.base58, 12);
    const block = numberOf(await tw.trx.getCurrentBlock());
    const atHead = await tw.trx.getUnconfirmedTransactionInfo(txid);
    expect(atHead.blockNumber).toBe(block);
    expect(await tw.trx.getUnconfirmedBalance(acc.address.base58)).toBe(12_000_000);
    expect((await tw.trx.getTransaction(txid)).txID).toBe(txid);

    const notYet = async () => {
      expect(await tw.trx.getBalance(acc.address.base58)).toBe(0);
      expect(await tw.trx.getAccount(acc.address.base58)).toEqual({});
      expect(await tw.trx.getTransactionInfo(txid)).toEqual({});
      await expect(tw.trx.getConfirmedTransaction(txid)).rejects.toThrow(/Transaction not found/);
      expect((await post('/walletsolidity/getblockbynum', { num: block })).body).toEqual({});
      expect((await post('/walletsolidity/getblock', { id_or_num: String(block) })).body).toEqual({});
      expect((await post('/wallet/getblockbynum', { num: block })).body.blockID).toMatch(/^[0-9a-f]{64}$/);
    };
    await notYet();
    const solidNow = numberOf(await tw.trx.getConfirmedCurrentBlock());
    expect(solidNow).toBe(Math.max(0, block - SOLID_AFTER));
    const info = (await tw.trx.getNodeInfo()) as unknown as { block: string; solidityBlock: string };
    expect(info.block).toMatch(new RegExp(`^Num:${block},`));
    expect(info.solidityBlock).toMatch(new RegExp(`^Num:${solidNow},`));

    await blocks(SOLID_AFTER - 1);
    await notYet();
    await blocks(1);
    expect(numberOf(await tw.trx.getConfirmedCurrentBlock())).toBe(block);
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(12_000_000);
    expect((await tw.trx.getTransactionInfo(txid)).blockNumber).toBe(block);
    expect((await tw.trx.getConfirmedTransaction(txid)).txID).toBe(txid);
    const solidBlock = (await post('/walletsolidity/getblockbynum', { num: block })).body;
    expect((solidBlock.transactions as Array<{ txID: string }>).map((t) => t.txID)).toEqual([txid]);
    expect((await post('/walletsolidity/gettransactioninfobyblocknum', { num: block })).body).toEqual([
      await tw.trx.getTransactionInfo(txid),
    ]);
  });

  it('shows an account as it was at the solid block while newer blocks change it', async () => {
    const acc = await TronWeb.createAccount();
    await faucet(url, acc.address.base58, 5);
    await blocks(SOLID_AFTER);
    await faucet(url, acc.address.base58, 2);
    await faucet(url, acc.address.base58, 3);
    expect(await tw.trx.getUnconfirmedBalance(acc.address.base58)).toBe(10_000_000);
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(5_000_000);
    await blocks(SOLID_AFTER - 1);
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(7_000_000);
    await blocks(1);
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(10_000_000);
  });

  it('judges a new transaction on the head: funds just received can be spent', async () => {
    const acc = await TronWeb.createAccount();
    await faucet(url, acc.address.base58, 5);
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(0);
    const spender = tronWebFor(url, acc.privateKey);
    const res = await spender.trx.sendTransaction(ROUTER, 1_000_000);
    expect(res.result).toBe(true);
  });

  it('serves on /walletsolidity the routes java-tron serves there, and not the others', async () => {
    for (const name of ['getnowblock', 'getenergyprices', 'getbandwidthprices', 'getnodeinfo']) {
      expect((await post(`/walletsolidity/${name}`)).status, name).toBe(200);
    }
    for (const name of ['getcontract', 'getchainparameters', 'getaccountresource', 'broadcasttransaction']) {
      expect((await post(`/walletsolidity/${name}`)).status, name).toBe(404);
      expect((await post(`/wallet/${name}`)).status, name).toBe(200);
    }
  });
});

describe('contract state at the solid block', () => {
  it('answers triggerconstantcontract on the solid state: a new token is no contract there yet', async () => {
    const alice = await wallet(5_000);
    const token = await createToken(alice, 'Solid', 'SLD', 120);
    const balanceOf = TRC20_ABI.find((e) => e.name === 'balanceOf')!;
    const call = (node: string) =>
      post(`/${node}/triggerconstantcontract`, {
        owner_address: TronWeb.address.toHex(alice.address),
        contract_address: TronWeb.address.toHex(token),
        data:
          selectorOf(balanceOf) +
          encodeValues(balanceOf.inputs, ['0x' + TronWeb.address.toHex(alice.address).slice(2)]),
      });
    const head = (await call('wallet')).body;
    expect(BigInt('0x' + (head.constant_result as string[])[0]!)).toBeGreaterThan(0n);
    const missing = (await call('walletsolidity')).body.result as { code: string; message: string };
    expect(missing.code).toBe('CONTRACT_VALIDATE_ERROR');
    expect(Buffer.from(missing.message, 'hex').toString()).toBe('No contract or not a valid smart contract');
    await blocks(SOLID_AFTER);
    expect((await call('walletsolidity')).body.constant_result).toEqual(head.constant_result);
    // a later buy changes the head's balance, not the solid one
    const before = head.constant_result;
    await routerBuy(alice, token, 50);
    expect((await call('wallet')).body.constant_result).not.toEqual(before);
    expect((await call('walletsolidity')).body.constant_result).toEqual(before);
  });
});

describe('unconfirmed events', () => {
  it('are served with `_unconfirmed: true`; only_confirmed and only_unconfirmed filter them', async () => {
    const bob = await wallet(1_000);
    const alice = await wallet(2_000);
    const token = await createToken(alice, 'Events', 'EVT', 30);
    await blocks(SOLID_AFTER);
    const txid = await routerBuy(bob, token, 10);
    const block = (await tw.trx.getUnconfirmedTransactionInfo(txid)).blockNumber;

    const page = async (path: string) => (await get(path)).body.data as Array<Json & { transaction_id: string }>;
    for (const path of [`/v1/transactions/${txid}/events`, `/v1/blocks/${block}/events`]) {
      const all = await page(path);
      expect(all.length, path).toBeGreaterThan(2);
      expect(all.every((e) => e._unconfirmed === true)).toBe(true);
      expect(await page(`${path}?only_unconfirmed=true`)).toEqual(all);
      expect(await page(`${path}?only_confirmed=true`)).toEqual([]);
    }
    const ofToken = await page(`/v1/contracts/${token}/events?order_by=block_timestamp,asc`);
    expect(ofToken.filter((e) => e._unconfirmed).map((e) => e.transaction_id)).toEqual(
      ofToken.filter((e) => e.transaction_id === txid).map((e) => e.transaction_id),
    );
    expect(ofToken.some((e) => !('_unconfirmed' in e))).toBe(true);
    const confirmed = await page(`/v1/contracts/${token}/events?only_confirmed=true&order_by=block_timestamp,asc`);
    expect(confirmed).toEqual(ofToken.filter((e) => !e._unconfirmed));
    // TronWeb's own filter names
    const viaTronWeb = await tw.event.getEventsByTransactionID(txid, { only_confirmed: true });
    expect(viaTronWeb.data).toEqual([]);
    const both = await get(`/v1/transactions/${txid}/events?only_confirmed=true&only_unconfirmed=true`);
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/cannot be used together/);

    await blocks(SOLID_AFTER);
    const solid = await page(`/v1/transactions/${txid}/events`);
    expect(solid.some((e) => '_unconfirmed' in e)).toBe(false);
    expect(await page(`/v1/transactions/${txid}/events?only_unconfirmed=true`)).toEqual([]);
    expect(await page(`/v1/transactions/${txid}/events?only_confirmed=true`)).toEqual(solid);
  });
});

describe('timed blocks', () => {
  it('make a transfer solid `solidAfter` blocks after its own, with no broadcast in between', async () => {
    const timed = await startTestDevnet({ blockMs: 50, solidAfter: 3 });
    try {
      const t = tronWebFor(timed.url);
      const acc = await TronWeb.createAccount();
      const txid = await faucet(timed.url, acc.address.base58, 4);
      const pause = () => new Promise((r) => setTimeout(r, 10));
      let info: { blockNumber?: number } = {};
      while (info.blockNumber === undefined) {
        await pause();
        info = await t.trx.getUnconfirmedTransactionInfo(txid);
      }
      expect(await t.trx.getBalance(acc.address.base58)).toBe(0);
      while ((await t.trx.getTransactionInfo(txid)).blockNumber === undefined) await pause();
      expect(numberOf(await t.trx.getCurrentBlock())).toBeGreaterThanOrEqual(info.blockNumber + 3);
      expect(await t.trx.getBalance(acc.address.base58)).toBe(4_000_000);
    } finally {
      await timed.close();
    }
  });
});

describe('the demo seed', () => {
  it('is solid from the start: the solidity node is at the head, no fork reaches into it', async () => {
    const seeded = await startTestDevnet({ seed: true, solidAfter: SOLID_AFTER });
    try {
      const t = tronWebFor(seeded.url);
      const head = numberOf(await t.trx.getCurrentBlock());
      expect(head).toBeGreaterThan(SOLID_AFTER);
      expect(numberOf(await t.trx.getConfirmedCurrentBlock())).toBe(head);
      const res = await fetch(`${seeded.url}/devnet/fork`, {
        method: 'POST',
        body: JSON.stringify({ blocks: 1, drop: true }),
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).error).toMatch(/solid/);
      const tokens = (await (await fetch(`${seeded.url}/devnet/tokens`)).json()) as {
        data: Array<{ contractAddress: string }>;
      };
      const events = await t.event.getEventsByContractAddress(tokens.data[0]!.contractAddress, { limit: 200 });
      expect(events.data!.some((e) => '_unconfirmed' in e)).toBe(false);
    } finally {
      await seeded.close();
    }
  });
});
