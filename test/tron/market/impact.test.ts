// Price impact, worked by hand on small reserves (1000 TRX against 1000 tokens: a price of 1).
import { describe, expect, it } from 'vitest';
import { getAmountOut } from '../../../src/tron/market/index.js';
import { curveImpactBps, dexImpactBps } from '../../../src/tron/market/impact.js';

const even = { trxReserve: 1000n, tokenReserve: 1000n };

describe('curveImpactBps', () => {
  it('a buy paying 100 for 80 tokens pays 1.25 a token: 25 %', () => {
    // 100 * 1000 * 10000 / (80 * 1000) = 12500; 12500 - 10000
    expect(curveImpactBps('buy', even, 100n, 80n)).toBe(2500n);
  });

  it('rounds the ratio down: 100 for 30 tokens', () => {
    // 1e9 / 30000 = 33333.3 -> 33333; minus 10000
    expect(curveImpactBps('buy', even, 100n, 30n)).toBe(23333n);
  });

  it('a sell getting 90 for 100 tokens gets 0.9 a token: 10 %', () => {
    // 90 * 1000 * 10000 / (100 * 1000) = 9000; 10000 - 9000
    expect(curveImpactBps('sell', even, 90n, 100n)).toBe(1000n);
  });

  it('a trade at the pool price has none', () => {
    expect(curveImpactBps('buy', { trxReserve: 2000n, tokenReserve: 1000n }, 20n, 10n)).toBe(0n);
  });
});

describe('dexImpactBps', () => {
  it('a buy of 1000 TRX: 499 tokens, the 0.3 % pool fee aside', () => {
    // getAmountOut(1000, 1000, 1000) = 997000000 / 1997000 = 499
    const out = getAmountOut(1000n, 1000n, 1000n);
    expect(out).toBe(499n);
    // 1000 * 997 * 1000 * 10000 / (1000 * 499 * 1000) = 9970000 / 499 = 19979.9 -> 19979; minus 10000
    expect(dexImpactBps('buy', even, 1000n, out)).toBe(9979n);
  });

  it('a sell of 1000 tokens for 499 TRX gross', () => {
    // 499 * 1000 * 1000 * 10000 / (1000 * 997 * 1000) = 4990000 / 997 = 5005.0 -> 5005; 10000 - 5005
    expect(dexImpactBps('sell', even, 499n, 1000n)).toBe(4995n);
  });

  it('the pool fee alone is no impact: a buy that gets the spot price less 0.3 %', () => {
    // 1000 TRX, 997 of them at the price 1: 997 tokens
    expect(dexImpactBps('buy', even, 1000n, 997n)).toBe(0n);
  });
});
