// getCandles against OHLCV worked out here from known trades: blocks are made by the test at chosen
// times, so the candles' boundaries, a gap and the volumes are known; and candles across a launch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb, utils } from 'tronweb';
import { LaunchpadClient } from '../../src/client/index.js';
import { formatUnits } from '../../src/tron/units.js';
import { V2_PAIR_ABI } from '../../src/tron/abi.js';
import { big, contractMethods } from '../../src/tron/client.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { buyByHand, FRESH_CURVE, sellByHand, type Reserves } from '../helpers/curve.js';
import { startStack, type Stack } from '../helpers/facade.js';

let stack: Stack;
let client: LaunchpadClient;
const MIN = 60_000;
/** A five-minute start well ahead of now: the test's own timeline. */
const T0 = Math.ceil((Date.now() + 5 * MIN) / (5 * MIN)) * 5 * MIN;
const FEE_BPS = 10n; // the developer plan's router fee

beforeAll(async () => {
  // blocks only when the test makes them
  stack = await startStack({ seed: false, pollMs: 0, blockMs: 600_000 });
  client = new LaunchpadClient({ baseUrl: stack.url, apiKey: await stack.key('developer') });
});
afterAll(async () => stack?.close());

const block = (at: number) => stack.devnet.chain.produceBlock(at);
/** A price as the service's reserves give it, TRX per whole token. */
const price = (p: Reserves) => Number(p.trxReserve) / 1e6 / (Number(p.tokenReserve) / 1e18);
const close = (a: number, b: number) => expect(Math.abs(a - b) / b).toBeLessThan(1e-12);

async function wallet(trx: number, at: number) {
  const [w] = await client.createWallet(1);
  await faucet(stack.devnet.url, w!.publicKey, trx);
  await block(at);
  return w!;
}
const sign = (tx: unknown, key: string) => utils.crypto.signTransaction(key, tx) as object;

describe('getCandles', () => {
  it('builds 1-minute OHLCV from the trades, a gap carrying the close with no volume', async () => {
    const dev = await wallet(2_000, T0 + 1_000);
    const trader = await wallet(5_000, T0 + 2_000);
    // the creation with a first buy of 100 TRX, at 0:05
    const createTx = await client.createToken({
      userAddress: dev.publicKey,
      name: 'Candle',
      symbol: 'CNDL',
      initialBuy: 100,
    });
    await client.broadcast(sign(createTx, dev.privateKey));
    await block(T0 + 5_000);
    await stack.facade.indexer.syncOnce();
    const token = (await client.listTokens({ sort: 'new' }))[0]!.address;
    // the curve's moves worked by hand (test/helpers/curve.ts), from a new token's
    let pool = FRESH_CURVE;
    const p0 = price(pool);
    const q1 = buyByHand(pool, 100_000_000n);
    pool = q1.after;
    const p1 = price(pool);
    // a buy of 500 TRX at 0:20 (the router keeps its fee, the rest reaches the curve)
    await client.trade({ action: 'buy', tokenAddress: token, amount: 500, privateKey: trader.privateKey });
    await block(T0 + 20_000);
    const q2 = buyByHand(pool, 500_000_000n - (500_000_000n * FEE_BPS) / 10_000n);
    pool = q2.after;
    const p2 = price(pool);
    // the trader sells half of it at 1:10 (approved first)
    await client.broadcast(sign(await client.approve(token, trader.publicKey), trader.privateKey));
    await block(T0 + 65_000);
    const half = q2.tokenOut / 2n;
    await client.trade({
      action: 'sell',
      tokenAddress: token,
      amount: formatUnits(half, 18),
      privateKey: trader.privateKey,
    });
    await block(T0 + 70_000);
    const q3 = sellByHand(pool, half);
    pool = q3.after;
    const p3 = price(pool);
    // nothing in minute 2; a buy of 1,000 TRX at 3:10
    await block(T0 + 185_000);
    await client.trade({ action: 'buy', tokenAddress: token, amount: 1000, privateKey: trader.privateKey });
    await block(T0 + 190_000);
    const q4 = buyByHand(pool, 1_000_000_000n - (1_000_000_000n * FEE_BPS) / 10_000n);
    pool = q4.after;
    const p4 = price(pool);
    await stack.facade.indexer.syncOnce();

    const c = await client.getCandles(token, '1m', { from: T0, to: T0 + 3 * MIN, limit: 10 });
    expect(c.candles.map((x) => x.time)).toEqual([T0, T0 + MIN, T0 + 2 * MIN, T0 + 3 * MIN]);
    const [m0, m1, m2, m3] = c.candles;
    // minute 0: from the starting price up through two buys
    close(m0!.open, p0);
    close(m0!.low, p0);
    close(m0!.high, p2);
    close(m0!.close, p2);
    expect(m0!.volume).toBe(100 + 499.5);
    expect(m0!.trades).toBe(2);
    expect(p1).toBeGreaterThan(p0);
    // minute 1: the sale
    close(m1!.open, p2);
    close(m1!.high, p2);
    close(m1!.low, p3);
    close(m1!.close, p3);
    expect(m1!.volume).toBe(Number(formatUnits(q3.trxOut, 6)));
    // minute 2: no trade, flat at the close
    expect(m2).toMatchObject({
      open: m1!.close,
      high: m1!.close,
      low: m1!.close,
      close: m1!.close,
      volume: 0,
      trades: 0,
    });
    // minute 3: the last buy, and USD at the configured TRX price
    close(m3!.close, p4);
    expect(m3!.volume).toBe(999);
    close(m3!.usd.close, p4 * c.trxUsd);
    // 5-minute candles hold all of it, newest last
    const five = await client.getCandles(token, '5m', { from: T0, to: T0 + 4 * MIN });
    expect(five.candles).toHaveLength(1);
    close(five.candles[0]!.open, p0);
    close(five.candles[0]!.high, p4);
    close(five.candles[0]!.close, p4);
    expect(five.candles[0]!.trades).toBe(4);
  });

  it('carries on across a launch: the first DEX candle opens at the curve’s last price and closes at the pair’s', async () => {
    const t = T0 + 10 * MIN;
    const dev = await wallet(120_000, t);
    const createTx = await client.createToken({
      userAddress: dev.publicKey,
      name: 'Launcher',
      symbol: 'LNCH',
      initialBuy: 103_000,
    });
    await client.broadcast(sign(createTx, dev.privateKey));
    await block(t + 1_000);
    await stack.facade.indexer.syncOnce();
    const token = (await client.listTokens({ sort: 'new' }))[0]!.address;
    // fill the curve, launch, then buy on the DEX a minute later
    await client.trade({
      action: 'buy',
      tokenAddress: token,
      amount: 5_000,
      privateKey: dev.privateKey,
      slippage: 100,
    });
    await block(t + 2_000);
    const tw = tronWebFor(stack.devnet.url, dev.privateKey);
    const lp = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
    const built = await tw.transactionBuilder.triggerSmartContract(
      lp,
      'launchToDEX(address)',
      { feeLimit: 500e6 },
      [{ type: 'address', value: token }],
      dev.publicKey,
    );
    await tw.trx.sendRawTransaction(await tw.trx.sign(built.transaction));
    await block(t + 3_000);
    await stack.facade.indexer.syncOnce();
    const before = (await client.getCandles(token, '1m', { from: t, to: t })).candles[0]!.close;
    await block(t + MIN + 5_000);
    await client.trade({
      action: 'buy',
      tokenAddress: token,
      amount: 2_000,
      privateKey: dev.privateKey,
      slippage: 100,
    });
    await block(t + MIN + 10_000);
    await stack.facade.indexer.syncOnce();
    const pair = (await client.getTokenDetails(token)).data.dex!.pairAddress;
    const r = (await contractMethods(tw, V2_PAIR_ABI, pair).getReserves!().call({ from: dev.publicKey })) as unknown[];
    const t0 = String(await contractMethods(tw, V2_PAIR_ABI, pair).token0!().call({ from: dev.publicKey }));
    const tokenIs0 = TronWeb.address.fromHex(t0) === token;
    const after = price({ trxReserve: big(tokenIs0 ? r[1] : r[0]), tokenReserve: big(tokenIs0 ? r[0] : r[1]) });
    const c = await client.getCandles(token, '1m', { from: t, to: t + MIN });
    expect(c.candles).toHaveLength(2);
    expect(c.candles[1]!.open).toBe(before);
    close(c.candles[1]!.close, after);
    expect(c.candles[1]!.trades).toBe(1);
  });

  it('refuses a bad interval or limit with the spec’s envelope', async () => {
    const res = await fetch(`${stack.url}/launchpad/getCandles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': await stack.key() },
      body: JSON.stringify({ address: (await client.listTokens())[0]!.address, interval: '2m' }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { status: string; error: string };
    expect(body.status).toBe('error');
  });
});
