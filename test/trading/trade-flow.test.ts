// The trade flow's bookkeeping without a chain (a fake node shows a pair, a fake API quotes it): a
// quote becomes a row, one tap claims it, a trade refused before signing fails with nothing sent, a
// restart fails what was never sent. The flow
// against the devnet (sign, store, broadcast, receipt) is test/bot's and test/crash's.
import { describe, expect, it } from 'vitest';
import { ApiError, type LaunchpadClient, type Quote } from '../../src/client/index.js';
import type { Accounts } from '../../src/trading/accounts.js';
import {
  createTradeFlow,
  failureKindOf,
  friendly,
  TradeError,
  type TradeOutcome,
} from '../../src/trading/trade-flow.js';
import type { NodeMarket } from '../../src/trading/market.js';
import { newTradeRow, quoteOfTrade } from '../../src/trading/trade-row.js';
import { networkFeeOf } from '../../src/tron/network-fee.js';
import { formatUnits } from '../../src/tron/units.js';
import { addUser, memoryStore, QUOTED_NETWORK_FEE } from './helpers.js';

const TOKEN = 'TTokenTokenTokenTokenTokenTokenTok';
/** The token's SunSwap V2 pair as the (fake) node shows it: 1,000,000 TRX against 1,000,000,000 tokens. */
const PAIR = { trxReserve: 10n ** 12n, tokenReserve: 10n ** 27n };
/** A buy of 100 TRX at the router's 1 %: 99 TRX into the pair, Uniswap V2's amount out, worked here. */
const TRX_IN = 99_000_000n;
const OUT = (TRX_IN * 997n * PAIR.tokenReserve) / (PAIR.trxReserve * 1000n + TRX_IN * 997n);
/** The minimum at the default 5 % slippage, rounded down. */
const MIN = (OUT * 9_500n) / 10_000n;

/** The API's quote of that buy (its display fields as the JSON edge writes the exact ones). */
function buyQuote(symbol?: string): Quote {
  const tokens = (v: bigint) => Number(formatUnits(v, 18));
  return {
    type: 'buy',
    tokenAddress: TOKEN,
    ...(symbol ? { symbol } : {}),
    family: 'launchpad',
    venue: 'dex',
    amountIn: 100,
    expectedOut: tokens(OUT),
    minOut: tokens(MIN),
    launchpadFee: 0,
    routerFee: 1,
    refund: 0,
    fillsCurve: false,
    priceImpact: 0.1,
    slippage: 5,
    priceBefore: 0.001,
    priceAfter: 0.001,
    feeLimit: 50,
    networkFee: QUOTED_NETWORK_FEE,
    exact: {
      amountIn: '100000000',
      expectedOut: OUT.toString(),
      minOut: MIN.toString(),
      launchpadFee: '0',
      routerFee: '1000000',
      routerFeeBps: '100',
    },
    wallet: { trxBalanceSun: '0', tokenBalance: '0', allowance: '0' },
  };
}

/**
 * The network fee the node estimates for these trades: 80,000 energy burnt at 100 sun (the router not
 * sponsored), the bytes from the free allowance; fee limit 96,000 energy.
 */
const NODE_FEE = networkFeeOf({
  energy: 80_000,
  estimatedBy: 'node',
  contract: { origin: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', userPaysPercent: 100, originEnergyLimit: 0 },
  caller: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
  callerLeft: { energy: 0, energyLimit: 0, net: 0, freeNet: 600 },
  originLeft: { energy: 0, energyLimit: 0, net: 0, freeNet: 0 },
  prices: { energySun: 100n, byteSun: 1000n },
  rawBytes: 282,
  capSun: 50_000_000n,
});

/** A node that shows the pair, and the wallet holding `trxSun`. */
const fakeNode = (trxSun: bigint) =>
  ({
    marketOf: async () => ({ family: { family: 'launchpad' }, venue: 'dex', reserves: PAIR }),
    networkFee: async () => NODE_FEE,
    trxBalance: async () => trxSun,
    tokenBalance: async () => 0n,
    allowance: async () => 0n,
    fillOf: async () => undefined,
  }) as unknown as NodeMarket;

/** A claimed buy of `amount` TRX (default 1) of TOKEN by the user's active wallet. */
function claimedBuy(
  user: { telegramId: number; activeWalletId: number | null },
  id: string,
  extra: { orderId?: string; ruleId?: string; amount?: string; at?: number } = {},
) {
  const { amount = '1', at = 0, ...links } = extra;
  return newTradeRow({
    id,
    userId: user.telegramId,
    chatId: 1,
    walletId: user.activeWalletId!,
    token: TOKEN,
    side: 'buy',
    amount,
    slippagePct: 5,
    quote: { symbol: 'CAT', venue: 'curve', amountIn: String(BigInt(amount) * 1_000_000n), allowance: null },
    status: 'claimed',
    at,
    expiresAt: 0,
    ...links,
  });
}

async function setup(client: Partial<LaunchpadClient>, trxSun = 10n ** 12n) {
  const store = memoryStore();
  const { user, wallet } = await addUser(store, 1);
  let clock = 1_000_000;
  const accounts = {
    clientFor: () => client as LaunchpadClient,
    activeWallet: () => wallet,
    withKey: () => {
      throw new Error('nothing is signed in these tests');
    },
  } as unknown as Accounts;
  const signing = { routers: { launchpad: TOKEN }, feeLimitSun: 50_000_000n, maxFeeBps: 1000n };
  const flow = createTradeFlow({
    store,
    accounts,
    signing,
    market: fakeNode(trxSun),
    now: () => clock,
    sleep: async () => undefined,
  });
  return { store, user, wallet, flow, tick: (ms: number) => (clock += ms) };
}

describe('a quote', () => {
  it('becomes a quoted row for 30 s, with the terms made from the node, the API quote checked', async () => {
    const { store, user, flow } = await setup({ quote: async () => buyQuote() });
    const { trade, symbol } = await flow.quote(user, 42, TOKEN, 'buy', '100', 'CAT');
    expect(symbol).toBe('CAT'); // the index had no symbol: the one the caller knew
    expect(trade).toMatchObject({ status: 'quoted', chatId: 42, amount: '100', slippageBps: 500 });
    expect(trade.expiresAt - trade.createdAt).toBe(30_000);
    expect(quoteOfTrade((await store.trade(trade.id))!)).toMatchObject({
      symbol: 'CAT',
      venue: 'dex',
      amountIn: '100000000',
      allowance: null,
      family: 'launchpad',
      minOut: MIN.toString(),
      expectedOut: OUT.toString(),
      routerFee: '1000000',
      feeBps: '100',
      launchpadFee: '0',
      refund: '0',
      fills: false,
    });
  });

  it('is refused at once when the TRX on chain is short: 107.99 TRX held, 100 + 8 TRX of network fee needed', async () => {
    expect(NODE_FEE.totalSun).toBe(8_000_000n);
    const { user, wallet, flow } = await setup({ quote: async () => buyQuote() }, 107_990_000n);
    const refused = flow.termsFor(user, wallet, TOKEN, 'buy', '100');
    await expect(refused).rejects.toThrow(TradeError);
    await expect(refused).rejects.toThrow(
      'you have 107.99 TRX; this needs 108 TRX (the amount and 8 TRX of network fee): 0.01 TRX missing',
    );
  });
});

describe('a tap', () => {
  it('claims a quote once; another tap, another user or a late tap is told why not', async () => {
    const { flow, user, tick } = await setup({ quote: async () => buyQuote('CAT') });
    const { trade } = await flow.quote(user, 1, TOKEN, 'buy', '100');
    expect(await flow.claim(trade.id, 2)).toBe('not-yours');
    expect(await flow.claim(trade.id, 1)).toBe('ok');
    expect(await flow.claim(trade.id, 1)).toBe('taken');
    expect(await flow.claim('nope', 1)).toBe('missing');
    const late = (await flow.quote(user, 1, TOKEN, 'buy', '100')).trade;
    tick(30_001);
    expect(await flow.claim(late.id, 1)).toBe('expired');
    const kept = (await flow.quote(user, 1, TOKEN, 'buy', '100')).trade;
    expect(await flow.cancel(kept.id, 2)).toBe(false);
    expect(await flow.cancel(kept.id, 1)).toBe(true);
    expect(await flow.claim(kept.id, 1)).toBe('taken');
  });
});

describe('execute', () => {
  it('a build refused for funds fails the trade with nothing signed, and says why once', async () => {
    const { store, flow, user } = await setup({
      quote: async () => buyQuote('CAT'),
      localTrade: () =>
        Promise.reject(
          new ApiError(400, 'Insufficient funds', 'The account lacks funds for this transaction: 5 TRX short', '400'),
        ),
    });
    const { trade } = await flow.quote(user, 1, TOKEN, 'buy', '100');
    expect(await flow.claim(trade.id, 1)).toBe('ok');
    const done: TradeOutcome[] = [];
    await flow.execute(trade.id, { pending: () => undefined, done: (_t, o) => void done.push(o) });
    expect(done).toEqual([
      {
        state: 'failed',
        reason: 'Not enough funds: 5 TRX short.',
        why: { key: 'err-api-funds' },
        failureKind: 'funds',
      },
    ]);
    expect(await store.trade(trade.id)).toMatchObject({ status: 'failed', txid: null, signedTx: null });
  });

  it('a restart fails a trade by hand that was claimed but never sent; automated ones are their engines’', async () => {
    const { store, flow, user } = await setup({});
    const row = (id: string, extra: { orderId?: string; ruleId?: string } = {}) => claimedBuy(user, id, extra);
    await store.insertTrade(row('hand'));
    await store.insertTrade(row('o:x:0', { orderId: 'x' }));
    await store.insertTrade(row('s:r:T', { ruleId: 'r' }));
    const done: string[] = [];
    expect(await flow.resume({ pending: () => undefined, done: (t) => void done.push(t.id) })).toBe(1);
    expect(done).toEqual(['hand']);
    expect((await store.trade('hand'))!.status).toBe('failed');
    expect((await store.trade('o:x:0'))!.status).toBe('claimed');
    expect((await store.trade('s:r:T'))!.status).toBe('claimed');
  });
});

describe('a trade of a rule that expired without being included', () => {
  it("leaves the rule's budget when the node says it never saw it, and counts when the node cannot be asked", async () => {
    let down = false;
    let tick = (_ms: number) => 0;
    const client = {
      broadcast: async () => 'sent',
      // each look at the node takes 10 s of the flow's clock
      txStatus: async () => {
        tick(10_000);
        if (down) throw new ApiError(502, 'Bad gateway', 'the node is away', '502');
        return { state: 'unknown' };
      },
    };
    const { store, flow, user, tick: advance } = await setup(client as unknown as Partial<LaunchpadClient>);
    tick = advance;
    const sent = async (id: string) => {
      await store.insertTrade({
        ...claimedBuy(user, id, { ruleId: 'r', amount: '50', at: 1_000_000 }),
        status: 'broadcast',
        txid: `tx-${id}`,
        signedTx: JSON.stringify({ txID: `tx-${id}`, raw_data: { expiration: 1_060_000 } }),
      });
      const done: TradeOutcome[] = [];
      await flow.execute(id, { pending: () => undefined, done: (_t, o) => void done.push(o) });
      return done;
    };
    const never = await sent('s:r:A');
    expect(never).toEqual([expect.objectContaining({ state: 'failed', txid: 'tx-s:r:A', offChain: true })]);
    expect(await store.ruleSpentSun('r', 0)).toBe(0n);
    down = true;
    const unknown = await sent('s:r:B');
    expect(unknown).toEqual([expect.objectContaining({ state: 'failed', txid: 'tx-s:r:B' })]);
    expect(unknown[0]!.offChain).toBeUndefined();
    expect(await store.ruleSpentSun('r', 0)).toBe(50_000_000n);
  });
});

describe('failures in words', () => {
  it('tells funds from a holding that is gone, and says each plainly', () => {
    const funds = new ApiError(
      400,
      'Insufficient funds',
      'The account lacks funds for this transaction: 2 TRX short',
      '400',
    );
    const noTokens = new ApiError(400, 'Insufficient funds', 'no tokens to sell', '400');
    expect(failureKindOf(funds)).toBe('funds');
    expect(failureKindOf(noTokens)).toBe('no-holding');
    expect(failureKindOf(new TradeError('short', 'funds'))).toBe('funds');
    expect(failureKindOf(new Error('x'))).toBeUndefined();
    expect(friendly(funds)).toBe('Not enough funds: 2 TRX short.');
    expect(friendly(new ApiError(429, 'Rate limit exceeded', '', '429', 7))).toBe(
      'Too many requests right now; try again in 7 s.',
    );
    expect(friendly(new ApiError(502, 'Bad gateway', 'x', '502'))).toBe(
      'The service had a problem; please try again in a moment.',
    );
    expect(friendly(new TradeError('the transaction is not from your wallet'))).toBe(
      'Stopped for your safety: the transaction is not from your wallet.',
    );
    expect(friendly(new Error('secret detail'))).toBe('Something went wrong; please try again.');
  });
});
