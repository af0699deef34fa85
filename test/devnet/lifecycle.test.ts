// Devnet lifecycle: a restart keeps every balance; timed blocks; the demo seed.
import { afterEach, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LAUNCHPAD_ABI, TRC20_ABI } from '../../src/tron/abi.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { TRX_TO_FILL, realTrxOf } from '../../src/tron/market/index.js';
import { FAMILIES, TREASURY } from '../../src/devnet/genesis.js';
import { DEMO_TOKENS, DEMO_WALLETS } from '../../src/devnet/demo/index.js';
import type { Devnet } from '../../src/devnet/index.js';
import { faucet, startTestDevnet, tempDir, tronWebFor } from '../helpers/devnet.js';

const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const LP2 = TronWeb.address.fromHex(FAMILIES[1]!.launchpad);
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);

const running: Devnet[] = [];
afterEach(async () => {
  while (running.length) await running.pop()!.close();
});

async function start(opts: Parameters<typeof startTestDevnet>[0]) {
  const d = await startTestDevnet(opts);
  running.push(d);
  return d;
}

async function stop(d: Devnet) {
  running.splice(running.indexOf(d), 1);
  await d.close();
}

describe('restart', () => {
  it('keeps every TRX and token balance, the head block and the events across a restart', async () => {
    const dir = tempDir();
    const first = await start({ dir });
    const tw = tronWebFor(first.url);
    const users = await Promise.all([1, 2, 3].map(() => TronWeb.createAccount()));
    for (const u of users) await faucet(first.url, u.address.base58, 5_000);
    // one user creates a token and buys; another buys through the router
    const creator = tronWebFor(first.url, users[0]!.privateKey);
    const create = await creator.transactionBuilder.triggerSmartContract(
      LP,
      'createAndInitPurchase(string,string)',
      { feeLimit: 200e6, callValue: 520e6 },
      [
        { type: 'string', value: 'Keep' },
        { type: 'string', value: 'KEEP' },
      ],
      users[0]!.address.base58,
    );
    await creator.trx.sendRawTransaction(await creator.trx.sign(create.transaction));
    const ev = await tw.event.getEventsByContractAddress(LP, { eventName: 'TokenCreate', limit: 1 });
    const token = TronWeb.address.fromHex('41' + String(ev.data![0]!.result.tokenAddress).slice(2));
    const buyer = tronWebFor(first.url, users[1]!.privateKey);
    const buy = await buyer.transactionBuilder.triggerSmartContract(
      ROUTER,
      'buy(address,uint256,uint256,uint256)',
      { feeLimit: 200e6, callValue: 300e6 },
      [
        { type: 'address', value: token },
        { type: 'uint256', value: 0 },
        { type: 'uint256', value: 100 },
        { type: 'uint256', value: '4102444800' },
      ],
      users[1]!.address.base58,
    );
    await buyer.trx.sendRawTransaction(await buyer.trx.sign(buy.transaction));

    const watched = [...users.map((u) => u.address.base58), LP, ROUTER, TronWeb.address.fromHex(TREASURY.address)];
    const snapshot = async (url: string) => {
      const t = tronWebFor(url);
      const c = contractMethods(t, TRC20_ABI, token);
      const out: Record<string, string> = {};
      for (const a of watched) {
        out[`trx:${a}`] = String(await t.trx.getBalance(a));
        out[`tok:${a}`] = String(await c.balanceOf!(a).call({ from: a }));
      }
      out.head = String((await t.trx.getCurrentBlock()).block_header.raw_data.number);
      out.events = String((await t.event.getEventsByContractAddress(token, { limit: 200 })).data!.length);
      return out;
    };
    const before = await snapshot(first.url);
    expect(BigInt(before[`tok:${users[1]!.address.base58}`]!)).toBeGreaterThan(0n);
    await stop(first);

    const second = await start({ dir });
    expect(await snapshot(second.url)).toEqual(before);
    // and the chain goes on: a new transfer on the restored head works
    const sender = tronWebFor(second.url, users[2]!.privateKey);
    const res = await sender.trx.sendTransaction(users[0]!.address.base58, 1_000_000);
    expect(res.result).toBe(true);
  });
});

describe('timed blocks', () => {
  it('keeps a broadcast pending (empty info) until the next block, then confirms it', async () => {
    const d = await start({ blockMs: 300 });
    const acc = await TronWeb.createAccount();
    const res = await fetch(`${d.url}/devnet/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: acc.address.base58, amountTrx: 3 }),
    });
    const { txid } = (await res.json()) as { txid: string };
    const tw = tronWebFor(d.url);
    expect(await tw.trx.getTransactionInfo(txid)).toEqual({});
    let info: { blockNumber?: number } = {};
    for (let i = 0; i < 50 && info.blockNumber === undefined; i++) {
      await new Promise((r) => setTimeout(r, 50));
      info = await tw.trx.getTransactionInfo(txid);
    }
    expect(Number.isInteger(info.blockNumber)).toBe(true);
    expect(await tw.trx.getBalance(acc.address.base58)).toBe(3_000_000);
  });
});

describe('demo seed', () => {
  it('creates demo tokens with a day of trades: one near its threshold, one launched, some on launchpad2', async () => {
    const d = await start({ seed: true });
    const tw = tronWebFor(d.url);
    const res = await fetch(`${d.url}/devnet/tokens`);
    const { data } = (await res.json()) as {
      data: Array<{ symbol: string; contractAddress: string; twitter: string | null }>;
    };
    expect(data.map((t) => t.symbol)).toEqual(DEMO_TOKENS.map((t) => t.metadata.symbol));
    const bySymbol = Object.fromEntries(data.map((t) => [t.symbol, t.contractAddress]));
    const state = async (lp: string, token: string) =>
      Number(big(await contractMethods(tw, LAUNCHPAD_ABI, lp).getTokenState!(token).call({ from: lp })));

    const moon = d.chain.ledger.pool(TronWeb.address.toHex(bySymbol.MOON!).toLowerCase())!;
    const progress = Number((realTrxOf(moon) * 10_000n) / TRX_TO_FILL) / 100;
    expect(progress).toBeGreaterThanOrEqual(90);
    expect(progress).toBeLessThan(100);
    expect(await state(LP, bySymbol.MOON!)).toBe(1);
    expect(await state(LP, bySymbol.PKING!)).toBe(3);
    expect(await state(LP2, bySymbol.WAVE!)).toBe(1);
    expect(await state(LP, bySymbol.WAVE!)).toBe(0);

    // trades from several wallets spread over the last day
    const trades = await tw.event.getEventsByContractAddress(LP, {
      eventName: 'TokenPurchased',
      limit: 200,
      orderBy: 'block_timestamp,asc',
    });
    expect(trades.data!.length).toBeGreaterThan(50);
    const first = trades.data![0]!.block_timestamp;
    const last = trades.data![trades.data!.length - 1]!.block_timestamp;
    expect(last - first).toBeGreaterThan(20 * 3600_000);
    expect(Date.now() - last).toBeLessThan(10 * 60_000);
    const sells = await tw.event.getEventsByContractAddress(LP, { eventName: 'TokenSold', limit: 200 });
    expect(sells.data!.length).toBeGreaterThan(5);
    const walletHex = new Set(DEMO_WALLETS.map((w) => '0x' + w.address.slice(2)));
    const routerHex = '0x' + FAMILIES[0]!.router.slice(2);
    const buyers = new Set(trades.data!.map((e) => String(e.result.buyer)).filter((b) => b !== routerHex));
    expect([...buyers].every((b) => walletHex.has(b))).toBe(true);
    expect(buyers.size).toBeGreaterThanOrEqual(3);

    // a restart does not seed twice
    const dir = d.dir;
    await stop(d);
    const again = await start({ dir, seed: true });
    const count = (
      await tronWebFor(again.url).event.getEventsByContractAddress(LP, { eventName: 'TokenCreate', limit: 200 })
    ).data!.length;
    expect(count).toBe(DEMO_TOKENS.filter((t) => t.family === 'launchpad').length);
  });
});
