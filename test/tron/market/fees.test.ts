// The router's fee, the slippage floor and the launchpad's fee inversions, with hand-worked numbers.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEES,
  buyFee,
  getAmountIn,
  getAmountOut,
  grossForSaleNet,
  minOutFor,
  paymentForCurveIn,
  routerFeeOf,
  routerFeeOnUsed,
  saleFee,
} from '../../../src/tron/market/index.js';

describe('router fee', () => {
  it('takes feeBps of the TRX side, rounded down', () => {
    expect(routerFeeOf(100_000_000n, 100n)).toBe(1_000_000n); // 1 % of 100 TRX
    expect(routerFeeOf(199n, 100n)).toBe(1n); // 1.99 sun -> 1
    expect(routerFeeOf(99n, 100n)).toBe(0n);
    expect(routerFeeOf(123_456_789n, 0n)).toBe(0n);
  });
});

describe('router fee on a buy that fills the curve (version 2)', () => {
  it('is the fee on what the curve used: the refund takes its share back, rounded down', () => {
    // 1,000 TRX sent at 1 %: 10 TRX fee, 990 TRX to the curve, which uses 100 and refunds 890:
    // 10 * 100 / 990 = 1.010101 TRX kept; 8.989899 TRX go back with the refund
    expect(routerFeeOnUsed(10_000_000n, 990_000_000n, 890_000_000n)).toBe(1_010_101n);
    // nothing refunded: the whole fee, as version 1
    expect(routerFeeOnUsed(10_000_000n, 990_000_000n, 0n)).toBe(10_000_000n);
    // all refunded: no fee
    expect(routerFeeOnUsed(10_000_000n, 990_000_000n, 990_000_000n)).toBe(0n);
  });
});

describe('slippage floor', () => {
  it('accepts no less than the expected output less the slippage, rounded down', () => {
    expect(minOutFor(1_000n, 50n)).toBe(995n); // 0.5 %
    expect(minOutFor(999n, 50n)).toBe(994n); // 994.005 -> 994
    expect(minOutFor(1_000n, 0n)).toBe(1_000n);
  });
});

describe('launchpad fees', () => {
  it('round up on both sides', () => {
    expect(buyFee(100_000_000n, DEFAULT_FEES)).toBe(1_000_000n);
    expect(buyFee(101n, DEFAULT_FEES)).toBe(2n); // 1.01 -> 2
    expect(saleFee(98_999_999n, DEFAULT_FEES)).toBe(990_000n); // 989,999.99 -> 990,000
  });

  it('find the smallest payment that leaves a given TRX for the curve', () => {
    // 100 TRX pays a 1 TRX fee and leaves 99 TRX; 99.999999 would pay 1 TRX too and leave less
    expect(paymentForCurveIn(99_000_000n, DEFAULT_FEES)).toBe(100_000_000n);
    // with a 0.5 TRX minimum fee: 10.5 TRX leaves 10 TRX (1 % would be only 0.105 TRX)
    expect(paymentForCurveIn(10_000_000n, { ...DEFAULT_FEES, minTxFee: 500_000n })).toBe(10_500_000n);
  });

  it('find the smallest gross a sale takes from the curve for a given net', () => {
    // 98.999999 TRX less its 0.99 TRX fee is 98.009999
    expect(grossForSaleNet(98_009_999n, DEFAULT_FEES)).toBe(98_999_999n);
    // 1 sun net needs 2 sun gross: the fee on 1 sun rounds up to 1
    expect(grossForSaleNet(1n, DEFAULT_FEES)).toBe(2n);
  });
});

describe('SunSwap V2 amounts', () => {
  it('match UniswapV2Library to the unit', () => {
    // 1e6 * 997 * 1e9 / (1e9 * 1000 + 1e6 * 997) = 996,006.98 -> 996,006
    expect(getAmountOut(1_000_000n, 1_000_000_000n, 1_000_000_000n)).toBe(996_006n);
    // 1e9 * 996,006 * 1000 / ((1e9 - 996,006) * 997) + 1 = 999,999.x + 1 -> 1,000,000
    expect(getAmountIn(996_006n, 1_000_000_000n, 1_000_000_000n)).toBe(1_000_000n);
    expect(() => getAmountIn(1_000_000_000n, 1_000_000_000n, 1_000_000_000n)).toThrow('INSUFFICIENT_LIQUIDITY');
  });
});
