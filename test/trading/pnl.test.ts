// Cost basis, positions and fill prices with hand-worked numbers.
import { describe, expect, it } from 'vitest';
import type { UserTrade, WalletView } from '../../src/client/index.js';
import { costBasis, fillPriceTrx, firstBuyAt, perToken, positions } from '../../src/trading/pnl.js';

const TOKEN = 'TTokenTokenTokenTokenTokenTokenTok';
const OTHER = 'TOtherOtherOtherOtherOtherOtherOt';
const UNIT = 10n ** 18n; // one whole token in base units

/** A trade of `tokens` whole tokens for `sun` (plus the router's fee), at `timestamp`. */
function trade(type: 'BUY' | 'SELL', tokens: bigint, sun: bigint, timestamp: number, feeSun = 0n, token = TOKEN) {
  return {
    type,
    signature: `${type}-${timestamp}`,
    tokenAddress: token,
    symbol: 'CAT',
    trxAmount: Number(sun) / 1e6,
    trxAmountSun: sun.toString(),
    routerFeeSun: feeSun.toString(),
    tokenAmount: Number(tokens),
    tokenAmountExact: (tokens * UNIT).toString(),
    timestamp,
    blockNumber: timestamp,
    confirmed: true,
  } satisfies UserTrade;
}

// buy 1000 for 100 TRX + 1 fee, buy 500 for 60 TRX + 0.6 fee: 1500 tokens for 161.6 TRX;
// sell 600 (two fifths): 161.6 × 3/5 = 96.96 TRX left on 900 tokens
const history = [
  trade('SELL', 600n, 80_000_000n, 3),
  trade('BUY', 500n, 60_000_000n, 2, 600_000n),
  trade('BUY', 1000n, 100_000_000n, 1, 1_000_000n),
];

describe('costBasis', () => {
  it('averages the cost over the buys, fees included, and takes a sale out at the average', () => {
    // given newest first: it goes oldest first by timestamp
    expect(costBasis(history)).toEqual({ units: 900n * UNIT, costSun: 96_960_000n });
  });

  it('a sale of more than was bought here ends at nothing; a later buy starts afresh', () => {
    const all = [...history, trade('SELL', 2000n, 1n, 4), trade('BUY', 100n, 10_000_000n, 5)];
    expect(costBasis(all)).toEqual({ units: 100n * UNIT, costSun: 10_000_000n });
    expect(costBasis([trade('SELL', 5n, 1n, 1)])).toEqual({ units: 0n, costSun: 0n });
  });

  it('rounds a sale’s share of the cost down to the sun', () => {
    // 3 tokens for 10 sun, sell 1: 10 × 1/3 = 3.33 -> 3 taken out, 7 left
    expect(costBasis([trade('BUY', 3n, 10n, 1), trade('SELL', 1n, 5n, 2)])).toEqual({ units: 2n * UNIT, costSun: 7n });
  });
});

function wallet(...held: Array<{ token: string; tokens: bigint; valueInTrx: number }>): WalletView {
  return {
    address: 'TWalletWalletWalletWalletWalletWa',
    trxBalance: 0,
    trxBalanceSun: '0',
    positions: held.map((h) => ({
      token: h.token,
      family: 'launchpad',
      name: 'Cat',
      symbol: 'CAT',
      balance: Number(h.tokens),
      balanceExact: (h.tokens * UNIT).toString(),
      priceInTrx: h.valueInTrx / Number(h.tokens),
      valueInTrx: h.valueInTrx,
      currentStatus: 'TRADING',
    })),
  };
}

describe('positions', () => {
  it('a holding bought here: cost 96.96 TRX, worth 120, up 23.04 TRX (23.7624 %)', () => {
    const [p] = positions(wallet({ token: TOKEN, tokens: 900n, valueInTrx: 120 }), history);
    expect(p).toMatchObject({ token: TOKEN, balance: 900, valueTrx: 120, costTrx: 96.96 });
    expect(p!.pnlTrx).toBeCloseTo(23.04, 10);
    expect(p!.pnlPct).toBeCloseTo(23.762376, 5); // 23.04 / 96.96
    expect(perToken(p!)).toEqual({ entryTrx: 96.96 / 900, nowTrx: 120 / 900 });
  });

  it('scales the cost to what is held: half sent away costs half; tokens from elsewhere cost nothing', () => {
    const [half] = positions(wallet({ token: TOKEN, tokens: 450n, valueInTrx: 60 }), history);
    expect(half!.costTrx).toBe(48.48);
    const [more] = positions(wallet({ token: TOKEN, tokens: 1800n, valueInTrx: 240 }), history);
    expect(more!.costTrx).toBe(96.96);
    const [gift] = positions(wallet({ token: OTHER, tokens: 10n, valueInTrx: 5 }), history);
    expect(gift).toMatchObject({ costTrx: 0, pnlTrx: 5, pnlPct: null });
  });
});

describe('firstBuyAt', () => {
  it('is the earliest buy, undefined without one', () => {
    expect(firstBuyAt(history)).toBe(1);
    expect(firstBuyAt([trade('SELL', 1n, 1n, 7)])).toBeUndefined();
  });
});

describe('fillPriceTrx', () => {
  it('a buy: 100 TRX in for 2000 tokens is 0.05 TRX per token', () => {
    expect(fillPriceTrx('buy', 100_000_000n, 2000)).toBe(0.05);
  });
  it('a sell: 1.5 tokens in for 0.03 TRX is 0.02 TRX per token', () => {
    expect(fillPriceTrx('sell', 1_500_000_000_000_000_000n, 0.03)).toBeCloseTo(0.02, 15);
  });
  it('nothing received, or not known: no price', () => {
    expect(fillPriceTrx('buy', 100_000_000n, 0)).toBeUndefined();
    expect(fillPriceTrx('sell', 1n, undefined)).toBeUndefined();
  });
});
