import { describe, expect, it } from 'vitest';
import {
  CurveError,
  DEFAULT_FEES,
  TOTAL_SALE,
  TRX_TO_FILL,
  VIRTUAL_TOKEN_END,
  initialPool,
  priceSunE18,
  priceTrx,
  progressBps,
  quoteBuy,
  quoteSell,
  realTrxOf,
  soldOf,
} from '../../../src/tron/market/index.js';
import { formatUnits, parseUnits, sunToTrx, trxToSun } from '../../../src/tron/units.js';

// Expected values below were worked out by hand with exact integers:
// V0 = 35,000,000,000 sun, T0 = 1,070,000,000e18, k = V0*T0.
describe('bonding curve', () => {
  it('buys 100 TRX at the start: 1 TRX fee, tokens rounded down', () => {
    const q = quoteBuy(initialPool(), 100_000_000n, DEFAULT_FEES);
    expect(q.fee).toBe(1_000_000n);
    expect(q.trxIn).toBe(99_000_000n);
    // ceil(k / (V0 + 99e6)) = 1066981965298156642639391436
    expect(q.after.tokenReserve).toBe(1066981965298156642639391436n);
    expect(q.tokenOut).toBe(3018034701843357360608564n);
    expect(q.refund).toBe(0n);
    expect(q.fills).toBe(false);
  });

  it('selling the same tokens back returns 1 sun less before the fee (rounding favours the curve)', () => {
    const buy = quoteBuy(initialPool(), 100_000_000n, DEFAULT_FEES);
    const sell = quoteSell(buy.after, buy.tokenOut, DEFAULT_FEES);
    expect(sell.after.trxReserve).toBe(35_000_000_001n);
    expect(sell.gross).toBe(98_999_999n);
    expect(sell.fee).toBe(990_000n); // 1% of 98,999,999 = 989,999.99, rounded up
    expect(sell.trxOut).toBe(98_009_999n);
    // k never shrinks
    expect(sell.after.trxReserve * sell.after.tokenReserve >= buy.after.trxReserve * buy.after.tokenReserve).toBe(true);
  });

  it('needs 103,703.703704 TRX to fill the curve', () => {
    expect(TRX_TO_FILL).toBe(103_703_703_704n);
  });

  it('caps a buy that overfills the curve and refunds the rest', () => {
    const q = quoteBuy(initialPool(), 200_000_000_000n, DEFAULT_FEES);
    expect(q.fills).toBe(true);
    expect(q.tokenOut).toBe(TOTAL_SALE);
    expect(q.trxIn).toBe(103_703_703_704n);
    expect(q.fee).toBe(1_047_512_159n); // ceil(trxIn * 100 / 9900)
    expect(q.refund).toBe(95_248_784_137n);
    expect(q.trxIn + q.fee + q.refund).toBe(200_000_000_000n);
    expect(q.after.tokenReserve).toBe(VIRTUAL_TOKEN_END);
    expect(progressBps(q.after)).toBe(10_000n);
    expect(() => quoteBuy(q.after, 1_000_000n, DEFAULT_FEES)).toThrow(CurveError);
  });

  it('refuses dust and oversells', () => {
    expect(() => quoteBuy(initialPool(), 1n, DEFAULT_FEES)).toThrow('amount too small'); // fee 1 sun eats it
    expect(quoteBuy(initialPool(), 2n, DEFAULT_FEES).fee).toBe(1n);
    expect(() => quoteSell(initialPool(), 1n, DEFAULT_FEES)).toThrow('exceeds');
    expect(() => quoteSell(initialPool(), 0n, DEFAULT_FEES)).toThrow('amount too small');
  });

  it('respects a minimum fee', () => {
    const q = quoteBuy(initialPool(), 10_000_000n, { ...DEFAULT_FEES, minTxFee: 500_000n });
    expect(q.fee).toBe(500_000n); // 1% would be 100,000
  });

  it('reports price and progress like the public API example', () => {
    // The worked example in launchpad-facts: 65,359,068.59 tokens sold, 2,277 TRX raised.
    const pool = { trxReserve: 37_277_000_000n, tokenReserve: 1_004_640_931_410_000_000_000_000_000n };
    expect(priceTrx(pool)).toBeCloseTo(0.00003710479917223, 15);
    expect(realTrxOf(pool)).toBe(2_277_000_000n);
    expect(progressBps(pool) / 100n).toBe(2n);
    expect(soldOf(pool)).toBe(65_359_068_590_000_000_000_000_000n);
    expect(priceSunE18(initialPool())).toBe(32_710_280_373_831_775_700n); // 35e9*1e36/1.07e27, floored
  });
});

describe('units', () => {
  it('parses and formats exactly', () => {
    expect(trxToSun('1.5')).toBe(1_500_000n);
    expect(trxToSun(0.1)).toBe(100_000n);
    expect(trxToSun('100')).toBe(100_000_000n);
    expect(() => trxToSun('0.0000001')).toThrow('decimal places');
    expect(() => trxToSun('-1')).toThrow();
    expect(sunToTrx(1_500_001n)).toBe('1.500001');
    expect(formatUnits(3018034701843357360608564n, 18)).toBe('3018034.701843357360608564');
    expect(parseUnits('3018034.701843357360608564', 18)).toBe(3018034701843357360608564n);
  });
});
