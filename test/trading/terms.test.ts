// A trade's terms made on the trading side (from the user's amount and the node's market), and the
// API's quote held to them, on numbers worked out here by hand.
import { QUOTED_NETWORK_FEE } from './helpers.js';
import { describe, expect, it } from 'vitest';
import type { Quote } from '../../src/client/index.js';
import type { MarketNow } from '../../src/trading/market.js';
import { checkQuote, feeBpsOf, ownTerms } from '../../src/trading/terms.js';
import { TradeError } from '../../src/trading/trade-errors.js';
import type { Family } from '../../src/tron/families.js';

const FAMILY = { family: 'launchpad' } as Family;
/** A fresh curve: 35,000 TRX (virtual) against 1,070,000,000 tokens; 1 % launchpad fees, no minimum fee. */
const CURVE: MarketNow = {
  family: FAMILY,
  venue: 'curve',
  reserves: { trxReserve: 35_000_000_000n, tokenReserve: 1_070_000_000n * 10n ** 18n },
  fees: { purchaseFeeBps: 100n, saleFeeBps: 100n, minTxFee: 0n },
};
// A buy of 10 TRX at the router's 1 %: 0.1 TRX to the router, 1 % of the 9.9 left (0.099 TRX) to the
// launchpad, 9.801 TRX into the curve; tokens out = T - ceil(k / (R + 9.801 TRX)).
const K = 35_000_000_000n * 1_070_000_000n * 10n ** 18n;
const R_AFTER = 35_009_801_000n;
const OUT = 1_070_000_000n * 10n ** 18n - (K + R_AFTER - 1n) / R_AFTER;

describe('ownTerms', () => {
  it('makes a curve buy from the amount, the reserves and the rate; the minimum from the slippage', () => {
    const t = ownTerms('buy', 10_000_000n, CURVE, 100n, 500n);
    expect(t).toMatchObject({
      side: 'buy',
      venue: 'curve',
      family: 'launchpad',
      amountIn: 10_000_000n,
      routerFee: 100_000n,
      launchpadFee: 99_000n,
      expectedOut: OUT,
      minOut: (OUT * 9_500n) / 10_000n,
      feeBps: 100n,
      refund: 0n,
      fills: false,
    });
  });

  it('raises the minimum to a floor, and refuses a floor above what the market gives', () => {
    expect(ownTerms('buy', 10_000_000n, CURVE, 100n, 500n, OUT - 1n).minOut).toBe(OUT - 1n);
    expect(() => ownTerms('buy', 10_000_000n, CURVE, 100n, 500n, OUT + 1n)).toThrow('the price is above the limit');
  });

  it('refuses what the venue cannot fill', () => {
    const e = (() => {
      try {
        ownTerms('sell', 10n ** 18n, CURVE, 100n, 500n);
      } catch (err) {
        return err;
      }
    })();
    expect(e).toBeInstanceOf(TradeError);
    expect((e as TradeError).kind).toBe('market');
  });
});

/** The API's quote of exactly that buy, its display fields as the JSON edge writes its exact ones. */
function quote(): Quote {
  const min = (OUT * 9_500n) / 10_000n;
  return {
    type: 'buy',
    tokenAddress: 'T',
    family: 'launchpad',
    venue: 'curve',
    amountIn: 10,
    expectedOut: Number(OUT) / 1e18,
    minOut: Number(min) / 1e18,
    launchpadFee: 0.099,
    routerFee: 0.1,
    refund: 0,
    fillsCurve: false,
    priceImpact: 0,
    slippage: 5,
    priceBefore: 0,
    priceAfter: 0,
    feeLimit: 100,
    networkFee: QUOTED_NETWORK_FEE,
    exact: {
      amountIn: '10000000',
      expectedOut: OUT.toString(),
      minOut: min.toString(),
      launchpadFee: '99000',
      routerFee: '100000',
      routerFeeBps: '100',
    },
  };
}

describe('checkQuote', () => {
  const own = ownTerms('buy', 10_000_000n, CURVE, 100n, 500n);
  const exactly = (q: Quote) => ({ ...q, expectedOut: Number(q.exact.expectedOut) / 1e18 });

  it('takes a quote that says what the terms say (or better)', () => {
    expect(() => checkQuote(quote(), own)).not.toThrow();
    const better = quote();
    better.exact.expectedOut = (OUT + 10n ** 18n).toString();
    expect(() => checkQuote(exactly(better), own)).not.toThrow();
  });

  it('refuses each way a quote departs from them', () => {
    const cases: Array<[Partial<Quote> | ((q: Quote) => Quote), RegExp]> = [
      [{ type: 'sell' }, /other side/],
      [{ venue: 'dex' }, /trades on the dex, the node shows the curve/],
      [{ family: 'launchpad2' }, /another launchpad/],
      [{ amountIn: 1500 }, /shows one amountIn and pins another/],
      [(q) => ({ ...q, amountIn: 1500, exact: { ...q.exact, amountIn: '1500000000' } }), /another amount/],
      [(q) => ({ ...q, exact: { ...q.exact, routerFee: '1.5' } }), /not whole numbers/],
      // 1.01 % less than the terms' output
      [(q) => exactly({ ...q, exact: { ...q.exact, expectedOut: ((OUT * 9_899n) / 10_000n).toString() } }), /1 % less/],
    ];
    for (const [change, why] of cases) {
      const q = typeof change === 'function' ? change(quote()) : { ...quote(), ...change };
      expect(() => checkQuote(q, own), String(why)).toThrow(why);
    }
    // exactly 1 % less is within the tolerance
    const edge = exactly({
      ...quote(),
      exact: { ...quote().exact, expectedOut: ((OUT * 9_900n + 9_999n) / 10_000n).toString() },
    });
    expect(() => checkQuote(edge, own)).not.toThrow();
  });

  it('refuses a holding above the one the trading side knows', () => {
    const q = { ...quote(), wallet: { trxBalanceSun: '0', tokenBalance: '1001', allowance: '0' } };
    expect(() => checkQuote(q, own, 1000n)).toThrow(/holding above/);
    expect(() => checkQuote(q, own, 1001n)).not.toThrow();
  });

  it("reads the router's rate, and refuses one above the cap or none at all", () => {
    expect(feeBpsOf(quote(), 1000n)).toBe(100n);
    expect(() => feeBpsOf(quote(), 99n)).toThrow(/1 % is above this bot's cap/);
    const { routerFeeBps: _gone, ...exact } = quote().exact;
    expect(() => feeBpsOf({ exact } as unknown as Quote, 1000n)).toThrow(/names no router fee rate/);
  });
});
