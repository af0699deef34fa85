// Forks on demand (POST /devnet/fork), through real TronWeb and plain HTTP: the newest blocks are
// replaced by as many new ones (new ids, same head number); their transactions are dropped (balances
// back to the sun, events gone, the same bytes may be sent again) or run again in the new blocks;
// solid blocks never change; a restart keeps the forked chain. That the whole state comes back
// exactly is checked by comparing every state table of the devnet's file before and after.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { TRC20_ABI, V2_FACTORY_ABI } from '../../src/tron/abi.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { MAX_UINT256, SUN_PER_TRX } from '../../src/tron/units.js';
import { DEX, FAMILIES } from '../../src/devnet/genesis.js';
import type { Devnet } from '../../src/devnet/index.js';
import { faucet, startTestDevnet, tempDir, tronWebFor } from '../helpers/devnet.js';

const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);
const FACTORY = TronWeb.address.fromHex(DEX.factory);
const WTRX = TronWeb.address.fromHex(DEX.wtrx);
const SOLID_AFTER = 19;
const ZERO = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

interface Wallet {
  address: string;
  tw: TronWeb;
  signed?: unknown;
}
type Json = Record<string, unknown>;
interface ForkAnswer {
  replaced: Array<{ number: number; blockId: string }>;
  blocks: Array<{ number: number; blockId: string }>;
  transactions: string[];
}

let devnet: Devnet & { dir: string };
let url: string;
let tw: TronWeb;

beforeEach(async () => {
  devnet = await startTestDevnet({ solidAfter: SOLID_AFTER });
  url = devnet.url;
  tw = tronWebFor(url);
});
afterEach(async () => {
  await devnet?.close();
});

const blocks = async (n: number) => {
  for (let i = 0; i < n; i++) await devnet.chain.produceBlock();
};
async function fork(body: unknown): Promise<{ status: number; body: ForkAnswer & { error?: string } }> {
  const res = await fetch(`${url}/devnet/fork`, { method: 'POST', body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as ForkAnswer & { error?: string } };
}
const head = async () => {
  const b = await tw.trx.getCurrentBlock();
  return { number: b.block_header.raw_data.number ?? 0, blockId: b.blockID };
};
const trx = async (a: string) => BigInt(await tw.trx.getUnconfirmedBalance(a));
const tokens = async (token: string, a: string) =>
  big(await contractMethods(tw, TRC20_ABI, token).balanceOf!(a).call({ from: a }));

async function wallet(amountTrx: number): Promise<Wallet> {
  const acc = await TronWeb.createAccount();
  await faucet(url, acc.address.base58, amountTrx);
  return { address: acc.address.base58, tw: tronWebFor(url, acc.privateKey) };
}

/** Signs and sends a contract call (one block per broadcast); the txid and the signed transaction. */
async function send(who: Wallet, contract: string, selector: string, params: Json[], callValue = 0n) {
  const sent = await queue(who, contract, selector, params, callValue);
  const info = await tw.trx.getUnconfirmedTransactionInfo(sent.txid);
  expect(info.receipt?.result).toBe('SUCCESS');
  return sent;
}

/** Signs and sends a contract call without waiting for its block; the txid and the signed transaction. */
async function queue(who: Wallet, contract: string, selector: string, params: Json[], callValue = 0n) {
  const built = await who.tw.transactionBuilder.triggerSmartContract(
    contract,
    selector,
    { feeLimit: 300e6, callValue: Number(callValue) },
    params as Array<{ type: string; value: unknown }>,
    who.address,
  );
  const signed = await who.tw.trx.sign(built.transaction);
  const sent = await who.tw.trx.sendRawTransaction(signed);
  expect(sent.result).toBe(true);
  return { txid: sent.txid, signed };
}

async function createToken(who: Wallet, symbol: string, trxIn: bigint): Promise<string> {
  const { txid } = await send(
    who,
    LP,
    'createAndInitPurchase(string,string)',
    [
      { type: 'string', value: symbol },
      { type: 'string', value: symbol },
    ],
    trxIn,
  );
  const ev = await tw.event.getEventsByTransactionID(txid);
  return TronWeb.address.fromHex(
    '41' + String(ev.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress).slice(2),
  );
}

const routerBuy = (who: Wallet, token: string, trxIn: number) =>
  send(
    who,
    ROUTER,
    'buy(address,uint256,uint256,uint256)',
    [
      { type: 'address', value: token },
      { type: 'uint256', value: 0 },
      { type: 'uint256', value: 100 },
      { type: 'uint256', value: '4102444800' },
    ],
    BigInt(trxIn) * SUN_PER_TRX,
  );

const buyParams = (token: string, amountMin: bigint): Json[] => [
  { type: 'address', value: token },
  { type: 'uint256', value: amountMin.toString() },
  { type: 'uint256', value: 100 },
  { type: 'uint256', value: '4102444800' },
];

/** Every state table of the devnet's file, row by row (what the journal must restore exactly). */
function stateDump(): Record<string, unknown[]> {
  const c = devnet.chain.db.$client;
  const chainRecords = new Set(['meta', 'blocks', 'transactions', 'events', 'journal']);
  const tables = c
    .prepare<[], { name: string }>(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'",
    )
    .all()
    .map((t) => t.name)
    .filter((t) => !chainRecords.has(t));
  return Object.fromEntries(tables.map((t) => [t, c.prepare(`select rowid, * from "${t}" order by rowid`).all()]));
}

describe('a fork of a block that changes the same rows many times', () => {
  it('puts back every state table exactly: a balance changed, emptied and refilled, many router buys, a failed one', async () => {
    // blocks only when the test makes them: every transaction below lands in one block
    await devnet.close();
    devnet = await startTestDevnet({ solidAfter: SOLID_AFTER, blockMs: 3_600_000 });
    url = devnet.url;
    tw = tronWebFor(url);
    const traders = await Promise.all(Array.from({ length: 6 }, () => wallet(5_000)));
    await blocks(1);
    const [alice, bob] = traders as [Wallet, Wallet];
    const { txid: create } = await queue(
      alice,
      LP,
      'createAndInitPurchase(string,string)',
      [
        { type: 'string', value: 'MANY' },
        { type: 'string', value: 'MANY' },
      ],
      100n * SUN_PER_TRX,
    );
    await blocks(1);
    const ev = await tw.event.getEventsByTransactionID(create);
    const token = TronWeb.address.fromHex(
      '41' + String(ev.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress).slice(2),
    );
    await queue(bob, token, 'approve(address,uint256)', [
      { type: 'address', value: ROUTER },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ]);
    await queue(bob, ROUTER, 'buy(address,uint256,uint256,uint256)', buyParams(token, 0n), 40n * SUN_PER_TRX);
    await blocks(1);
    const bobHas = await tokens(token, bob.address);
    const before = { state: stateDump(), head: await head() };

    // one block: bob sends half his tokens to alice and sells the rest (his balance row changed,
    // then deleted), every trader buys through the router twice (bob's row inserted again; the
    // router's, the launchpad's, the treasury's and the pool's rows change dozens of times), and a
    // buy asking for more tokens than it can get reverts
    const sent = [
      await queue(bob, token, 'transfer(address,uint256)', [
        { type: 'address', value: alice.address },
        { type: 'uint256', value: (bobHas / 2n).toString() },
      ]),
      await queue(bob, ROUTER, 'sell(address,uint256,uint256,uint256,uint256)', [
        { type: 'address', value: token },
        { type: 'uint256', value: (bobHas - bobHas / 2n).toString() },
        { type: 'uint256', value: 0 },
        { type: 'uint256', value: 100 },
        { type: 'uint256', value: '4102444800' },
      ]),
    ];
    for (const trxIn of [20n, 10n]) {
      for (const w of traders)
        sent.push(
          await queue(w, ROUTER, 'buy(address,uint256,uint256,uint256)', buyParams(token, 0n), trxIn * SUN_PER_TRX),
        );
    }
    const failed = await queue(
      alice,
      ROUTER,
      'buy(address,uint256,uint256,uint256)',
      buyParams(token, MAX_UINT256),
      10n * SUN_PER_TRX,
    );
    await blocks(1);
    const made = await head();
    expect(made.number).toBe(before.head.number + 1);
    for (const { txid } of sent) {
      const info = await tw.trx.getUnconfirmedTransactionInfo(txid);
      expect([txid, info.blockNumber, info.receipt?.result]).toEqual([txid, made.number, 'SUCCESS']);
    }
    expect((await tw.trx.getUnconfirmedTransactionInfo(failed.txid)).receipt?.result).toBe('REVERT');
    expect(await tokens(token, bob.address)).toBeGreaterThan(0n);
    expect(stateDump()).not.toEqual(before.state);

    const res = await fork({ blocks: 1, drop: true });
    expect(res.status).toBe(200);
    expect(res.body.replaced).toEqual([made]);
    expect(stateDump()).toEqual(before.state);
    expect(await tokens(token, bob.address)).toBe(bobHas);
  });
});

describe('a fork that drops transactions', () => {
  it('removes a buy: balances back to the sun, events gone, new block ids, head number unchanged', async () => {
    const alice = await wallet(5_000);
    const bob = await wallet(1_000);
    const token = await createToken(alice, 'FORK', 100n * SUN_PER_TRX);
    const before = { bob: await trx(bob.address), tokens: await tokens(token, bob.address), state: stateDump() };
    const top = await head();
    const buy = await routerBuy(bob, token, 50);
    const buyBlock = await head();
    expect(buyBlock.number).toBe(top.number + 1);
    expect(await trx(bob.address)).toBeLessThanOrEqual(before.bob - 50n * SUN_PER_TRX);
    expect((await tw.event.getEventsByTransactionID(buy.txid)).data!.length).toBeGreaterThan(0);

    const res = await fork({ blocks: 1, drop: true });
    expect(res.status).toBe(200);
    expect(res.body.replaced).toEqual([buyBlock]);
    expect(res.body.blocks).toHaveLength(1);
    expect(res.body.blocks[0]!.number).toBe(buyBlock.number);
    expect(res.body.blocks[0]!.blockId).not.toBe(buyBlock.blockId);
    expect(res.body.transactions).toEqual([buy.txid]);
    expect(await head()).toEqual(res.body.blocks[0]);

    expect(await trx(bob.address)).toBe(before.bob);
    expect(await tokens(token, bob.address)).toBe(before.tokens);
    expect(stateDump()).toEqual(before.state);
    await expect(tw.trx.getTransaction(buy.txid)).rejects.toThrow(/Transaction not found/);
    expect(await tw.trx.getUnconfirmedTransactionInfo(buy.txid)).toEqual({});
    expect((await tw.event.getEventsByTransactionID(buy.txid)).data).toEqual([]);
    const blockEvents = await fetch(`${url}/v1/blocks/${buyBlock.number}/events`);
    expect(((await blockEvents.json()) as { data: unknown[] }).data).toEqual([]);

    // the same bytes may be sent again (its reference block was not replaced): the buy happens again
    const again = await bob.tw.trx.sendRawTransaction(buy.signed);
    expect(again.result).toBe(true);
    expect((await tw.trx.getUnconfirmedTransactionInfo(buy.txid)).blockNumber).toBe(buyBlock.number + 1);
    expect(await tokens(token, bob.address)).toBeGreaterThan(0n);
  });

  it('restores every state table exactly after a token is created, filled, launched and traded on SunSwap V2', async () => {
    const alice = await wallet(400_000);
    const bob = await wallet(10_000);
    const before = stateDump();
    const from = (await head()).number + 1;
    // a creation whose first buy fills the curve, the launch (a pair, LP tokens, WTRX), an approval, a swap
    const token = await createToken(alice, 'FULL', 150_020n * SUN_PER_TRX);
    await send(bob, LP, 'launchToDEX(address)', [{ type: 'address', value: token }]);
    const pair = TronWeb.address.fromHex(
      String(await contractMethods(tw, V2_FACTORY_ABI, FACTORY).getPair!(token, WTRX).call({ from: LP })),
    );
    expect(pair).not.toBe(ZERO);
    await send(alice, token, 'approve(address,uint256)', [
      { type: 'address', value: ROUTER },
      { type: 'uint256', value: MAX_UINT256.toString() },
    ]);
    await send(
      bob,
      TronWeb.address.fromHex(DEX.router),
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      [
        { type: 'uint256', value: 0 },
        { type: 'address[]', value: [WTRX, token] },
        { type: 'address', value: bob.address },
        { type: 'uint256', value: Math.floor(Date.now() / 1000) + 60 },
      ],
      100n * SUN_PER_TRX,
    );
    const after = stateDump();
    const top = await head();

    // run again in the new blocks, the same transactions give the same state
    const kept = await fork({ from, drop: false });
    expect(kept.status).toBe(200);
    expect(kept.body.blocks.map((b) => b.number)).toEqual(kept.body.replaced.map((b) => b.number));
    expect(kept.body.transactions).toHaveLength(4);
    expect(stateDump()).toEqual(after);
    expect((await head()).number).toBe(top.number);

    const dropped = await fork({ from, drop: true });
    expect(dropped.status).toBe(200);
    expect(stateDump()).toEqual(before);
    expect(
      TronWeb.address.fromHex(
        String(await contractMethods(tw, V2_FACTORY_ABI, FACTORY).getPair!(token, WTRX).call({ from: LP })),
      ),
    ).toBe(ZERO);
    expect(await trx(alice.address)).toBe(400_000n * SUN_PER_TRX);
  });
});

describe('a fork that keeps transactions', () => {
  it('includes each replaced transaction again, in the new block at its height, with new events', async () => {
    const alice = await wallet(5_000);
    const token = await createToken(alice, 'KEEP', 100n * SUN_PER_TRX);
    const buy = await routerBuy(alice, token, 20);
    const buyBlock = (await tw.trx.getUnconfirmedTransactionInfo(buy.txid)).blockNumber;
    const oldEvents = (await tw.event.getEventsByTransactionID(buy.txid)).data!;
    await blocks(2);
    const top = await head();
    const balance = await tokens(token, alice.address);

    const res = await fork({ from: buyBlock, drop: false });
    expect(res.status).toBe(200);
    expect(res.body.replaced.map((b) => b.number)).toEqual([buyBlock, buyBlock + 1, buyBlock + 2]);
    expect(res.body.blocks.map((b) => b.number)).toEqual([buyBlock, buyBlock + 1, buyBlock + 2]);
    for (const [i, b] of res.body.blocks.entries()) expect(b.blockId).not.toBe(res.body.replaced[i]!.blockId);
    expect((await head()).number).toBe(top.number);
    // the parent chain changes with the replaced blocks
    const next = (await tw.trx.getBlockByNumber(buyBlock + 1)) as {
      block_header: { raw_data: { parentHash: string } };
    };
    expect(next.block_header.raw_data.parentHash).toBe(res.body.blocks[0]!.blockId);

    const info = await tw.trx.getUnconfirmedTransactionInfo(buy.txid);
    expect(info.blockNumber).toBe(buyBlock);
    expect(info.receipt?.result).toBe('SUCCESS');
    const inBlock = (await tw.trx.getBlockByNumber(buyBlock)) as { transactions?: Array<{ txID: string }> };
    expect(inBlock.transactions?.map((t) => t.txID)).toEqual([buy.txid]);
    expect(await tokens(token, alice.address)).toBe(balance);
    const events = (await tw.event.getEventsByTransactionID(buy.txid)).data!;
    expect(events.map((e) => e.result)).toEqual(oldEvents.map((e) => e.result));
    // a transaction still in the chain is a duplicate
    const dup = await alice.tw.trx.sendRawTransaction(buy.signed);
    expect(dup.code).toBe('DUP_TRANSACTION_ERROR');
  });
});

describe('transactions waiting for a block', () => {
  it('stay queued through a fork and go into the next block', async () => {
    const alice = await wallet(100);
    await wallet(100);
    const queued = await devnet.chain.faucet(TronWeb.address.toHex(alice.address), 7n * SUN_PER_TRX);
    expect('result' in queued && queued.result).toBe(true);
    const top = await head();
    expect((await fork({ blocks: 1, drop: true })).status).toBe(200);
    expect(await tw.trx.getUnconfirmedTransactionInfo(queued.txid)).toEqual({});
    expect((await tw.trx.getTransaction(queued.txid)).txID).toBe(queued.txid);
    await blocks(1);
    expect((await tw.trx.getUnconfirmedTransactionInfo(queued.txid)).blockNumber).toBe(top.number + 1);
    expect(await trx(alice.address)).toBe(107n * SUN_PER_TRX);
  });
});

describe('what a fork refuses', () => {
  it('never changes a solid block, and answers a bad request with a plain 400', async () => {
    await wallet(10);
    await blocks(SOLID_AFTER + 5);
    const top = (await head()).number;
    const solid = top - SOLID_AFTER;
    for (const body of [
      { blocks: SOLID_AFTER + 1, drop: true },
      { from: solid, drop: false },
      { from: 0, drop: true },
    ]) {
      const res = await fork(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/solid blocks never change/);
    }
    expect((await fork({ blocks: 0, drop: true })).body.error).toMatch(/blocks must be 1 or more/);
    expect((await fork({ from: top + 1, drop: true })).body.error).toMatch(/beyond the head/);
    for (const body of [{}, { blocks: 1 }, { blocks: '1', drop: true }, { blocks: 1, from: 2, drop: true }, 'x']) {
      const res = await fork(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatch(/the body must be/);
    }
    // the newest block that is not solid may be replaced
    expect((await fork({ blocks: SOLID_AFTER, drop: true })).status).toBe(200);
    expect((await head()).number).toBe(top);
  });
});

describe('a restart after a fork', () => {
  it('keeps the forked chain, and a later fork still restores the state', async () => {
    const dir = tempDir();
    await devnet.close();
    devnet = await startTestDevnet({ dir, solidAfter: SOLID_AFTER });
    url = devnet.url;
    tw = tronWebFor(url);
    const alice = await wallet(5_000);
    const token = await createToken(alice, 'BOOT', 100n * SUN_PER_TRX);
    const beforeBuy = stateDump();
    await routerBuy(alice, token, 30);
    const forked = await fork({ blocks: 1, drop: false });
    const state = stateDump();
    const top = await head();
    expect(top).toEqual(forked.body.blocks[0]);

    await devnet.close();
    devnet = await startTestDevnet({ dir, solidAfter: SOLID_AFTER });
    url = devnet.url;
    tw = tronWebFor(url);
    expect(await head()).toEqual(top);
    expect(stateDump()).toEqual(state);
    expect((await fork({ blocks: 1, drop: true })).status).toBe(200);
    expect(stateDump()).toEqual(beforeBuy);
  });
});
