// Prices, levels and progress as production computes them. Every expected value is worked out by
// hand from the curve's numbers (35,000 TRX and 1,070,000,000 tokens virtual at the start, 103,703.703704
// TRX to fill), never by calling the code under test.
import { describe, expect, it } from 'vitest';
import {
  E18,
  compareToLevel,
  initialPool,
  marketCapToE18,
  minOutAtLevel,
  moveBps,
  priceE18,
  priceSunE18,
  priceTrx,
  progressBps,
  progressPct,
  VIRTUAL_TRX_START,
  VIRTUAL_TOKEN_START,
} from '../../../src/tron/market/index.js';

const pool = (trxSun: bigint, tokenUnits: bigint) => ({ trxReserve: trxSun, tokenReserve: tokenUnits });

describe('price', () => {
  it('at the start: 35,000 TRX over 1.07 billion tokens', () => {
    // 35,000 / 1,070,000,000 = 0.0000327102803738317757...
    expect(priceTrx(initialPool())).toBe(0.000032710280373831774); // the closest double
    // x 1e18, rounded down: 32,710,280,373,831.77... -> 32,710,280,373,831
    expect(priceE18(initialPool())).toBe(32_710_280_373_831n);
    // the launchpad's getPrice is sun per token: a million times more, with its own floor
    expect(priceSunE18(initialPool())).toBe(32_710_280_373_831_775_700n);
  });

  it('of a trade: 99 TRX reached the curve for 3,018,034.701843357360608564 tokens', () => {
    // 99 / 3,018,034.701843357360608564 = 0.00003280280373831776...
    expect(priceTrx(pool(99_000_000n, 3_018_034_701_843_357_360_608_564n))).toBe(0.00003280280373831776);
  });

  it('with fewer decimals: 1 TRX for 2 whole tokens of 6 decimals is 0.5 TRX each', () => {
    expect(priceTrx(pool(1_000_000n, 2_000_000n), 6)).toBe(0.5);
    expect(priceE18(pool(1_000_000n, 2_000_000n), 6)).toBe(500_000_000_000_000_000n);
  });

  it('of an empty pool is 0, not a division by zero', () => {
    expect(priceE18(pool(5n, 0n))).toBe(0n);
  });
});

describe('levels', () => {
  const oneTrx = pool(1_000_000n, 10n ** 18n); // 1 TRX for 1 token

  it('compares exactly, with no rounding before the comparison', () => {
    expect(compareToLevel(oneTrx, E18)).toBe(0);
    expect(compareToLevel(oneTrx, E18 - 1n)).toBe(1);
    expect(compareToLevel(oneTrx, E18 + 1n)).toBe(-1);
    // the start price is 32,710,280,373,831.77 in E18: above the floored level, below the next one
    expect(compareToLevel(initialPool(), 32_710_280_373_831n)).toBe(1);
    expect(compareToLevel(initialPool(), 32_710_280_373_832n)).toBe(-1);
  });

  it('moves a level by basis points, rounding down', () => {
    expect(moveBps(E18, 10_000n)).toBe(2n * E18); // +100 %
    expect(moveBps(E18, -3_000n)).toBe(700_000_000_000_000_000n); // -30 %
    expect(moveBps(3n, -5_000n)).toBe(1n); // 1.5 -> 1
  });

  it('turns a market cap into a price: $50,000 over a billion tokens at $0.25 a TRX is 0.0002 TRX', () => {
    // 50,000 / (1,000,000,000 x 0.25) = 0.0002 TRX = 200,000,000,000,000 in E18
    expect(marketCapToE18(50_000, 1_000_000_000n * 10n ** 18n, 18, 0.25)).toBe(200_000_000_000_000n);
    expect(() => marketCapToE18(50_000, 10n ** 27n, 18, 0)).toThrow('no TRX price');
  });

  it('gives the fewest tokens a buy must get to pay at most a level, rounded up', () => {
    // 50 TRX at 0.0002 TRX a token: 250,000 tokens exactly
    expect(minOutAtLevel(50_000_000n, 200_000_000_000_000n)).toBe(250_000n * 10n ** 18n);
    // 1 TRX at 0.000003 TRX a token: 333,333.333... tokens, rounded up to the base unit
    expect(minOutAtLevel(1_000_000n, 3_000_000_000_000n)).toBe(333_333_333_333_333_333_333_334n);
    // 1 TRX at 0.5 TRX a token of 6 decimals: 2 tokens
    expect(minOutAtLevel(1_000_000n, E18 / 2n, 6)).toBe(2_000_000n);
    expect(() => minOutAtLevel(1n, 0n)).toThrow('above 0');
  });
});

describe('curve progress', () => {
  const raised = (sun: bigint) => pool(VIRTUAL_TRX_START + sun, VIRTUAL_TOKEN_START);

  it('is TRX raised over the 103,703.703704 TRX that fill the curve, rounded down', () => {
    expect(progressBps(initialPool())).toBe(0n);
    expect(progressPct(initialPool())).toBe(0);
    // 2,277 / 103,703.703704 = 2.1956... %
    expect(progressBps(raised(2_277_000_000n))).toBe(219n);
    expect(progressPct(raised(2_277_000_000n))).toBe(2);
    // half: 51,851.851852 TRX
    expect(progressBps(raised(51_851_851_852n))).toBe(5_000n);
    // one sun short of full is not full
    expect(progressBps(raised(103_703_703_703n))).toBe(9_999n);
    expect(progressPct(raised(103_703_703_703n))).toBe(99);
    expect(progressBps(raised(103_703_703_704n))).toBe(10_000n);
    expect(progressPct(raised(103_703_703_704n))).toBe(100);
    // never past 100 %
    expect(progressBps(raised(200_000_000_000n))).toBe(10_000n);
  });
});
