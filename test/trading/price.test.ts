// Prices as a trader types and reads them, worked by hand.
import { describe, expect, it } from 'vitest';
import { formatPrice, parsePriceE18, parseUsdAmount } from '../../src/trading/price.js';

describe('parsePriceE18', () => {
  it('reads TRX per token into 18-decimal fixed point', () => {
    expect(parsePriceE18('0.00005')).toBe(50_000_000_000_000n);
    expect(parsePriceE18('2')).toBe(2_000_000_000_000_000_000n);
    expect(parsePriceE18('0.000000000000000001')).toBe(1n);
  });
  it('refuses what is not a plain decimal, or finer than 18 places', () => {
    expect(() => parsePriceE18('-1')).toThrow();
    expect(() => parsePriceE18('1e-5')).toThrow();
    expect(() => parsePriceE18('0.0000000000000000001')).toThrow();
  });
});

describe('formatPrice', () => {
  it('keeps six significant digits below 1, leading zeros kept and trailing ones dropped', () => {
    expect(formatPrice(50_000_000_000_000n)).toBe('0.00005');
    expect(formatPrice(1_234_567n)).toBe('0.00000000000123456'); // 1.234567e-12: the 7th digit goes
    expect(formatPrice(1_234_567n, 12)).toBe('0.000000000001234567');
    expect(formatPrice(0n)).toBe('0');
  });
  it('groups a price of 1 TRX or more, to six significant digits', () => {
    expect(formatPrice(123_456_789_000_000_000_000_000n)).toBe('123,457'); // 123456.789
    expect(formatPrice(1_500_000_000_000_000_000n)).toBe('1.5');
  });
});

describe('parseUsdAmount', () => {
  it('reads k, m and b, with or without a dollar sign', () => {
    expect(parseUsdAmount('50k')).toBe(50_000);
    expect(parseUsdAmount('$1.2m')).toBe(1_200_000);
    expect(parseUsdAmount('3B')).toBe(3_000_000_000);
    expect(parseUsdAmount(' 750 ')).toBe(750);
  });
  it('refuses nothing, negatives and words', () => {
    expect(parseUsdAmount('0')).toBeUndefined();
    expect(parseUsdAmount('-5k')).toBeUndefined();
    expect(parseUsdAmount('lots')).toBeUndefined();
  });
});
