// Launched tokens keep trading: quote, localTrade, trade, approve and the data reads of a token on
// its SunSwap V2 pair, through the facade over HTTP, signed with real TronWeb; a curve that fills and
// launches with an immediate DEX buy (the index equal to a fresh re-index); and a curve trade that
// lands after the launch, failing cleanly.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { LaunchpadClient, type TxStatus } from '../../src/client/index.js';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import { Indexer } from '../../src/indexer/indexer.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { LAUNCHPAD_ABI, V2_FACTORY_ABI, V2_PAIR_ABI, V2_ROUTER_ABI } from '../../src/tron/abi.js';
import { big, contractMethods, createTronWeb } from '../../src/tron/client.js';
import { SUN_PER_TRX, formatUnits } from '../../src/tron/units.js';
import { FAMILIES, TREASURY } from '../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../helpers/devnet.js';
import { demoTokens, startStack, waitFor, type Stack } from '../helpers/facade.js';

let stack: Stack;
let client: LaunchpadClient;
let tokens: Record<string, string>;
let tw: TronWeb;
const LP = TronWeb.address.fromHex(FAMILIES[0]!.launchpad);
const ROUTER = TronWeb.address.fromHex(FAMILIES[0]!.router);
const TREASURY_B58 = TronWeb.address.fromHex(TREASURY.address);
/** the "trader" plan's router fee */
const FEE_BPS = 50n;

/** Uniswap V2's getAmountOut, worked out here. */
const outFor = (x: bigint, rIn: bigint, rOut: bigint) => (x * 997n * rOut) / (rIn * 1000n + x * 997n);

const view = (abi: typeof LAUNCHPAD_ABI, at: string, method: string, ...args: unknown[]) =>
  contractMethods(tw, abi, at)[method]!(...args).call({ from: LP });
const b58 = (v: unknown) => TronWeb.address.fromHex(String(v));

/** The token's pair as a mainnet client finds it, and its (trx, token) reserves. */
async function pairOf(token: string) {
  const v2 = b58(await view(LAUNCHPAD_ABI, LP, 'v2Router'));
  const wtrx = b58(await view(V2_ROUTER_ABI, v2, 'WETH'));
  const factory = b58(await view(V2_ROUTER_ABI, v2, 'factory'));
  const pair = b58(await view(V2_FACTORY_ABI, factory, 'getPair', token, wtrx));
  const r = (await view(V2_PAIR_ABI, pair, 'getReserves')) as unknown[];
  const wtrxIs0 = b58(await view(V2_PAIR_ABI, pair, 'token0')) === wtrx;
  return {
    pair,
    v2,
    wtrx,
    trxR: big(wtrxIs0 ? r[0] : r[1]),
    tokR: big(wtrxIs0 ? r[1] : r[0]),
  };
}

async function newWallet(trx: number) {
  const [w] = await client.createWallet(1);
  await faucet(stack.devnet.url, w!.publicKey, trx);
  return { address: w!.publicKey, privateKey: w!.privateKey, tw: tronWebFor(stack.devnet.url, w!.privateKey) };
}

async function final(signature: string, userAddress?: string, tokenAddress?: string): Promise<TxStatus> {
  return waitFor(async () => {
    const s = await client.txStatus(
      signature,
      userAddress ? { userAddress, ...(tokenAddress ? { tokenAddress } : {}) } : undefined,
    );
    return s.state === 'pending' || s.state === 'unknown' ? undefined : s;
  });
}

const synced = () => stack.facade.indexer.syncOnce();

beforeAll(async () => {
  stack = await startStack({ pollMs: 0 });
  client = new LaunchpadClient({
    baseUrl: stack.url,
    apiKey: (await stack.facade.keys.create('trader', 'dex test')).key,
  });
  tokens = await demoTokens(stack.devnet.url);
  tw = tronWebFor(stack.devnet.url);
});
afterAll(async () => stack?.close());

describe('the seeded launched token', () => {
  it('reads as LAUNCHED on its pair: price, market cap, reserves and the pair address from the chain', async () => {
    const token = tokens.PKING!;
    const p = await pairOf(token);
    const d = await client.getTokenDetails(token);
    expect(d.data.currentStatus).toBe('LAUNCHED');
    expect(d.data.launchTxHash).toMatch(/^[0-9a-f]{64}$/);
    expect(d.data.venue).toBe('dex');
    expect(d.data.dex).toEqual({
      pairAddress: p.pair,
      trxReserve: Number(formatUnits(p.trxR, 6)),
      tokenReserve: Number(formatUnits(p.tokR, 18)),
      liquidityInTrx: Number(formatUnits(2n * p.trxR, 6)),
      exact: { trxReserveSun: p.trxR.toString(), tokenReserve: p.tokR.toString() },
    });
    const price = Number(p.trxR) / 1e6 / (Number(p.tokR) / 1e18);
    expect(d.data.priceInTrx).toBeCloseTo(price, 12);
    expect(d.data.marketCap).toBeCloseTo(price * 1e9 * 0.25, 0);
    expect(d.data.volume24Hr).toBeGreaterThan(0);
  });

  it('has a history of DEX trades at the pair and the pair as a holder of type pool', async () => {
    const token = tokens.PKING!;
    const { pair } = await pairOf(token);
    const trades = await client.getRecentTrades(token, 1, 100);
    const onDex = trades.filter((t) => t.poolAddress === pair);
    expect(onDex.length).toBeGreaterThan(3);
    expect(new Set(onDex.map((t) => t.type))).toEqual(new Set(['BUY', 'SELL']));
    // the curve trades before the launch are still there, at the launchpad
    expect(trades.some((t) => t.poolAddress === LP)).toBe(true);
    const holders = await client.getTokenHolders(token, { limit: 50 });
    const pool = holders.find((h) => h.address === pair)!;
    expect(pool.type).toBe('pool');
    expect(holders.some((h) => h.type === 'curve')).toBe(false);
  });
});

describe('trading a launched token through the facade', () => {
  let w: Awaited<ReturnType<typeof newWallet>>;

  it('quotes a DEX buy with Uniswap V2 amounts and the plan fee, to the unit', async () => {
    w = await newWallet(20_000);
    const token = tokens.PKING!;
    const { trxR, tokR, pair } = await pairOf(token);
    const paid = 1_000n * SUN_PER_TRX;
    const routerFee = (paid * FEE_BPS) / 10_000n;
    const out = outFor(paid - routerFee, trxR, tokR);
    const q = await client.quote({ type: 'buy', tokenAddress: token, amount: 1000, userAddress: w.address });
    expect(q.venue).toBe('dex');
    expect(q.pairAddress).toBe(pair);
    expect(q.exact).toMatchObject({
      amountIn: paid.toString(),
      expectedOut: out.toString(),
      minOut: ((out * 9500n) / 10_000n).toString(),
      routerFee: routerFee.toString(),
      launchpadFee: '0',
    });
    expect(q.priceImpact).toBeGreaterThan(0);
    expect(q.wallet?.allowance).toBe('0');
  });

  it('buys with localTrade signed by TronWeb: the tokens, the fee and the index all agree', async () => {
    const token = tokens.PKING!;
    const { trxR, tokR, pair } = await pairOf(token);
    const [treasuryBefore, routerBefore] = [
      BigInt(await tw.trx.getBalance(TREASURY_B58)),
      BigInt(await tw.trx.getBalance(ROUTER)),
    ];
    const { unsignedTx, quote } = await client.localTrade({
      type: 'buy',
      tokenAddress: token,
      amount: 1000,
      userAddress: w.address,
    });
    expect(quote.venue).toBe('dex');
    const signed = await w.tw.trx.sign(unsignedTx as never);
    const sig = await client.broadcast(signed);
    const s = await final(sig, w.address, token);
    expect(s.state).toBe('confirmed');
    const out = outFor(1_000n * SUN_PER_TRX - 5n * SUN_PER_TRX, trxR, tokR);
    expect(s.trade).toMatchObject({ type: 'buy', tokenAmountExact: out.toString(), trxAmountSun: '1000000000' });
    expect(s.balances?.tokenBalance).toBe(out.toString());
    // the fee stays in the router (version 2) until withdrawFees pays it to the treasury
    expect(BigInt(await tw.trx.getBalance(ROUTER))).toBe(routerBefore + 5n * SUN_PER_TRX);
    expect(BigInt(await tw.trx.getBalance(TREASURY_B58))).toBe(treasuryBefore);
    await synced();
    const [last] = await client.getRecentTrades(token, 1, 1);
    expect(last).toMatchObject({ type: 'BUY', signature: sig, user: w.address, poolAddress: pair, trxAmount: 995 });
    expect(last!.tokenAmount).toBeCloseTo(Number(out) / 1e18, 6);
    const holders = await client.getTokenHolders(token, { limit: 100 });
    expect(holders.find((h) => h.address === w.address)?.balance).toBeCloseTo(Number(out) / 1e18, 6);
    const d = await client.getTokenDetails(token);
    expect(d.data.dex?.exact).toEqual({
      trxReserveSun: (trxR + 995n * SUN_PER_TRX).toString(),
      tokenReserve: (tokR - out).toString(),
    });
  });

  it('needs the fee router approved to sell, then sells 50 % and 100 % with trade (approval made on the way)', async () => {
    const token = tokens.PKING!;
    const before = BigInt(
      (await client.quote({ type: 'sell', tokenAddress: token, amount: '100%', userAddress: w.address })).wallet!
        .tokenBalance,
    );
    await expect(
      client.localTrade({ type: 'sell', tokenAddress: token, amount: '50%', userAddress: w.address }),
    ).rejects.toThrow(/approv/i);
    expect(await client.allowance(token, w.address)).toBe(0n);

    const { trxR, tokR } = await pairOf(token);
    const half = before / 2n;
    const gross = outFor(half, tokR, trxR);
    const net = gross - (gross * FEE_BPS) / 10_000n;
    const q = await client.quote({ type: 'sell', tokenAddress: token, amount: '50%', userAddress: w.address });
    expect(q.exact.expectedOut).toBe(net.toString());
    const first = await client.trade({ action: 'sell', tokenAddress: token, amount: '50%', privateKey: w.privateKey });
    const s1 = await final(first, w.address, token);
    expect(s1.state).toBe('confirmed');
    expect(s1.trade).toMatchObject({ type: 'sell', tokenAmountExact: half.toString(), trxAmountSun: net.toString() });
    expect(s1.balances?.tokenBalance).toBe((before - half).toString());
    // the trade approved the fee router (the spender for both venues) on the way
    expect(await client.allowance(token, w.address)).toBeGreaterThan(0n);

    const second = await client.trade({
      action: 'sell',
      tokenAddress: token,
      amount: '100%',
      privateKey: w.privateKey,
    });
    const s2 = await final(second, w.address, token);
    expect(s2.state).toBe('confirmed');
    expect(s2.balances?.tokenBalance).toBe('0');
    await synced();
    const mine = (await client.getRecentTrades(token, 1, 10)).filter((t) => t.user === w.address);
    expect(mine.map((t) => t.type)).toEqual(['SELL', 'SELL', 'BUY']);
    const holders = await client.getTokenHolders(token, { limit: 100 });
    expect(holders.some((h) => h.address === w.address)).toBe(false);
  });

  it('approve builds an approval of the fee router, the spender for DEX trades too', async () => {
    const token = tokens.PKING!;
    const tx = await client.approve(token, w.address);
    const value = (tx.raw_data as { contract: Array<{ parameter: { value: { data: string } } }> }).contract[0]!
      .parameter.value;
    expect(value.data.slice(0, 8)).toBe('095ea7b3');
    expect(TronWeb.address.fromHex('41' + value.data.slice(32, 72))).toBe(ROUTER);
  });
});

describe('a wallet trading on the V2 router directly, as on mainnet', () => {
  it('buys and sells without the facade, and the index lists both under the wallet', async () => {
    const token = tokens.PKING!;
    const w = await newWallet(5_000);
    const { v2, wtrx, pair } = await pairOf(token);
    const deadline = String(Math.floor(Date.now() / 1000) + 120);
    const swap = async (selector: string, params: Array<{ type: string; value: unknown }>, callValue = 0) => {
      const built = await w.tw.transactionBuilder.triggerSmartContract(
        v2,
        selector,
        { feeLimit: 300e6, callValue },
        params,
        w.address,
      );
      const sent = await w.tw.trx.sendRawTransaction(await w.tw.trx.sign(built.transaction));
      expect(sent.result).toBe(true);
      return sent.txid;
    };
    const buy = await swap(
      'swapExactETHForTokens(uint256,address[],address,uint256)',
      [
        { type: 'uint256', value: '0' },
        { type: 'address[]', value: [wtrx, token] },
        { type: 'address', value: w.address },
        { type: 'uint256', value: deadline },
      ],
      200e6,
    );
    expect((await final(buy)).state).toBe('confirmed');
    const held = (await client.quote({ type: 'sell', tokenAddress: token, amount: '100%', userAddress: w.address }))
      .wallet!.tokenBalance;
    const approve = await w.tw.transactionBuilder.triggerSmartContract(
      token,
      'approve(address,uint256)',
      { feeLimit: 100e6 },
      [
        { type: 'address', value: v2 },
        { type: 'uint256', value: held },
      ],
      w.address,
    );
    await w.tw.trx.sendRawTransaction(await w.tw.trx.sign(approve.transaction));
    // the sale pays out to the router (it unwraps WTRX), so the trader is the transaction's owner
    const sell = await swap('swapExactTokensForETH(uint256,uint256,address[],address,uint256)', [
      { type: 'uint256', value: held },
      { type: 'uint256', value: '0' },
      { type: 'address[]', value: [token, wtrx] },
      { type: 'address', value: w.address },
      { type: 'uint256', value: deadline },
    ]);
    expect((await final(sell)).state).toBe('confirmed');
    await synced();
    const mine = (await client.getRecentTrades(token, 1, 10)).filter((t) => t.user === w.address);
    expect(mine.map((t) => [t.type, t.signature, t.poolAddress])).toEqual([
      ['SELL', sell, pair],
      ['BUY', buy, pair],
    ]);
    expect(mine[1]!.trxAmount).toBe(200);
    const own = await client.getUserTrades(w.address);
    expect(own.map((t) => t.routerFeeSun)).toEqual(['0', '0']);
  });
});

describe('across the launch', () => {
  it('a buy that fills the curve, launchToDEX, then an immediate DEX buy: all indexed once, equal to a fresh re-index', async () => {
    const token = tokens.MOON!;
    const w = await newWallet(40_000);
    // what it takes to fill the curve, with room to spare (the excess is refunded, and with it its
    // share of the router's fee: the fee is on what the curve used)
    const q = await client.quote({ type: 'buy', tokenAddress: token, amount: 30_000, userAddress: w.address });
    expect(q.fillsCurve).toBe(true);
    const bps = BigInt(q.exact.routerFeeBps);
    expect(bps).toBeGreaterThan(0n);
    expect(BigInt(q.exact.routerFee)).toBeLessThan((30_000n * SUN_PER_TRX * bps) / 10_000n);
    const fill = await client.trade({
      action: 'buy',
      tokenAddress: token,
      amount: 30_000,
      privateKey: w.privateKey,
      slippage: 100,
    });
    expect((await final(fill)).state).toBe('confirmed');
    const routerBuy = (await tw.event.getEventsByTransactionID(fill)).data!.find((e) => e.event_name === 'RouterBuy');
    expect(routerBuy?.result.fee).toBe(q.exact.routerFee);
    expect((await client.getTokenDetails(token)).data.currentStatus).not.toBe('LAUNCHED');
    await expect(client.quote({ type: 'buy', tokenAddress: token, amount: 10 })).rejects.toThrow(
      /waiting for its launch/,
    );

    // anyone may launch a full curve on the devnet
    const built = await w.tw.transactionBuilder.triggerSmartContract(
      LP,
      'launchToDEX(address)',
      { feeLimit: 500e6 },
      [{ type: 'address', value: token }],
      w.address,
    );
    const launched = await w.tw.trx.sendRawTransaction(await w.tw.trx.sign(built.transaction));
    expect(launched.result).toBe(true);
    const buy = await client.trade({ action: 'buy', tokenAddress: token, amount: 100, privateKey: w.privateKey });
    expect((await final(buy)).state).toBe('confirmed');

    await synced();
    const d = await client.getTokenDetails(token);
    expect(d.data.currentStatus).toBe('LAUNCHED');
    expect(d.data.launchTxHash).toBe(launched.txid);
    const p = await pairOf(token);
    expect(d.data.dex?.exact).toEqual({ trxReserveSun: p.trxR.toString(), tokenReserve: p.tokR.toString() });
    // the launch put the 200,000,000 tokens the curve did not sell in the pair; the DEX buy took some
    expect(p.tokR).toBeLessThan(200_000_000n * 10n ** 18n);
    const trades = await client.getRecentTrades(token, 1, 3);
    expect(trades[0]).toMatchObject({ signature: buy, poolAddress: p.pair, type: 'BUY' });
    expect(trades[1]).toMatchObject({ signature: fill, poolAddress: LP, type: 'BUY' });

    // a fresh index of the whole chain says the same
    const fresh = openDb(':memory:');
    const config = loadConfig({ DEVNET_PORT: new URL(stack.devnet.url).port });
    await new Indexer({
      db: await openAppDatabase({ sqlite: fresh }),
      tronWeb: createTronWeb({ host: stack.devnet.url }),
      families: config.families,
      logger: createLogger('silent'),
    }).syncOnce();
    const rows = (db: typeof fresh, sql: string) => db.$client.prepare(sql).all();
    const TRADE_COLS =
      'txid, event_index, token, type, user, pool, trx_amount, token_amount, fee, router_fee, trx_reserve_after, token_reserve_after, block_number, timestamp';
    for (const sql of [
      'select address, status, trx_reserve, token_reserve, launch_tx, pair, last_trade_at from tokens order by address',
      `select ${TRADE_COLS} from trades order by txid, event_index`,
      'select * from holders order by token, address',
    ]) {
      expect(rows(fresh, sql)).toEqual(rows(stack.db, sql));
    }
  });

  it('a curve trade built before the launch and landing after it fails cleanly, and a fresh quote goes to the DEX', async () => {
    // a fresh token filled almost to the top by its creator
    const creator = await newWallet(120_000);
    const createTx = await client.createToken({
      userAddress: creator.address,
      name: 'Late Bus',
      symbol: 'LATE',
      initialBuy: 95_000,
    });
    const sig = await client.broadcast(await creator.tw.trx.sign(createTx as never));
    expect((await final(sig)).state).toBe('confirmed');
    await synced();
    const events = await tw.event.getEventsByTransactionID(sig);
    const token = b58(events.data!.find((e) => e.event_name === 'TokenCreate')!.result.tokenAddress);

    const late = await newWallet(1_000);
    const { unsignedTx } = await client.localTrade({
      type: 'buy',
      tokenAddress: token,
      amount: 100,
      userAddress: late.address,
    });
    const lateSigned = await late.tw.trx.sign(unsignedTx as never);

    // meanwhile someone fills the curve and launches it
    const filler = await newWallet(20_000);
    expect(
      (
        await final(
          await client.trade({
            action: 'buy',
            tokenAddress: token,
            amount: 15_000,
            privateKey: filler.privateKey,
            slippage: 100,
          }),
        )
      ).state,
    ).toBe('confirmed');
    const built = await filler.tw.transactionBuilder.triggerSmartContract(
      LP,
      'launchToDEX(address)',
      { feeLimit: 500e6 },
      [{ type: 'address', value: token }],
      filler.address,
    );
    expect((await filler.tw.trx.sendRawTransaction(await filler.tw.trx.sign(built.transaction))).result).toBe(true);

    const trxBefore = BigInt(await tw.trx.getBalance(late.address));
    const s = await final(await client.broadcast(lateSigned), late.address, token);
    expect(s.state).toBe('failed');
    expect(s.failureCode).toBe('TOKEN_LAUNCHED');
    expect(s.reason).toMatch(/launched/);
    // only the network fee was spent; the 100 TRX stayed
    expect(BigInt(s.balances!.trxBalanceSun)).toBe(trxBefore - BigInt(Math.round(s.fee! * 1e6)));
    const again = await client.quote({ type: 'buy', tokenAddress: token, amount: 100, userAddress: late.address });
    expect(again.venue).toBe('dex');
  });
});
