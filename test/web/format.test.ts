// The page's number formats (web/src/format.ts): TRX and token amounts exact from their base units,
// with the locale's separators only.
import { describe, expect, it } from 'vitest';
import { formatUnits, numbersFor, toBigInt, tokenPlaces } from '../../web/src/format.js';

describe('formatUnits', () => {
  it('writes base units as an exact decimal', () => {
    expect(formatUnits(1509240000n, 6)).toBe('1509.24');
    expect(formatUnits(1n, 6)).toBe('0.000001');
    expect(formatUnits(0n, 6)).toBe('0');
    expect(formatUnits(-2500000n, 6)).toBe('-2.5');
    expect(formatUnits(810372771474878444084n, 18)).toBe('810.372771474878444084');
    expect(formatUnits(12345678901234567890123456789n, 18)).toBe('12345678901.234567890123456789');
  });

  it('rounds toward zero, never up, when asked for fewer places', () => {
    expect(formatUnits(1999999n, 6, 2)).toBe('1.99');
    expect(formatUnits(-1999999n, 6, 2)).toBe('-1.99');
    expect(formatUnits(4999n, 6, 2)).toBe('0');
    expect(formatUnits(123456789000000000000n, 18, 2)).toBe('123.45');
  });

  it('reads only integers', () => {
    expect(toBigInt('123')).toBe(123n);
    expect(toBigInt('-5')).toBe(-5n);
    expect(toBigInt('1.5')).toBeUndefined();
    expect(toBigInt('1e6')).toBeUndefined();
  });
});

describe('numbersFor', () => {
  it('writes TRX from sun with the locale separators', () => {
    expect(numbersFor('en').trx('1509240000')).toBe('1,509.24 TRX');
    expect(numbersFor('ru').trx('1509240000')).toBe('1\u00a0509,24 TRX');
    expect(numbersFor('zh').trx(123456789012345n)).toBe('123,456,789.012345 TRX');
    expect(numbersFor('en').trx('-2000000', 2)).toBe('-2 TRX');
  });

  it('writes tokens from base units, rounded down', () => {
    expect(numbersFor('en').tokens('810372771474878444084', 18, 18)).toBe('810.372771474878444084');
    expect(numbersFor('en').tokens('810372771474878444084', 18)).toBe('810.37');
    expect(numbersFor('ru').tokens('1234567000000000000000000', 18, 2)).toBe('1\u00a0234\u00a0567');
  });

  it('writes small prices in full, never in exponent form', () => {
    expect(numbersFor('en').price(0.000012345678)).toBe('0.00001235');
    expect(numbersFor('en').price(1234.56789)).toBe('1,234.57');
    expect(numbersFor('en').signedPct(12.5)).toBe('+12.5%');
    expect(numbersFor('en').signedPct(-3.1)).toBe('-3.1%');
  });
});

describe('a token amount on the confirmation sheet', () => {
  it('shows two decimals from one whole token up and eight below, rounded down', () => {
    const units = '1259958863101841548506863'; // 1,259,958.863101841548506863 tokens
    expect(tokenPlaces(units, 18)).toBe(2);
    expect(numbersFor('en').tokens(units, 18, tokenPlaces(units, 18))).toBe('1,259,958.86');
    expect(numbersFor('ru').tokens(units, 18, tokenPlaces(units, 18))).toBe('1\u00a0259\u00a0958,86');
    const small = '123456789012345678'; // 0.123456789012345678
    expect(tokenPlaces(small, 18)).toBe(8);
    expect(numbersFor('en').tokens(small, 18, tokenPlaces(small, 18))).toBe('0.12345678');
  });
});
