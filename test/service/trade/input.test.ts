// Reading the caller's amounts, slippage, fee limit and key; each bad value is the spec's error.
import { describe, expect, it } from 'vitest';
import { Errors, ServiceError } from '../../../src/service/errors.js';
import { feeLimitOf, positiveSun, signerOf, slippageBpsOf, tokenAmountOf } from '../../../src/service/trade/input.js';

const E18 = 10n ** 18n;
const failure = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ServiceError) return { error: e.error, message: e.message };
    throw e;
  }
  throw new Error('did not throw');
};

describe('positiveSun', () => {
  it('TRX with up to 6 decimals as sun', () => {
    expect(positiveSun('1.5', Errors.badTradeAmount)).toBe(1_500_000n);
    expect(positiveSun(0.000001, Errors.badTradeAmount)).toBe(1n);
  });

  it('refuses zero, too many decimals and negatives with the error it is given', () => {
    expect(failure(() => positiveSun(0, Errors.invalidParams)).message).toBe('amount must be more than 0 TRX');
    expect(failure(() => positiveSun('0.0000001', Errors.badTradeAmount)).message).toMatch(/at most 6 decimals/);
    expect(failure(() => positiveSun(-1, Errors.invalidParams)).error).toBe('Invalid parameters');
  });
});

describe('tokenAmountOf', () => {
  const holding = 1000n * E18;

  it('whole tokens, or a percent of the holding rounded down', () => {
    expect(tokenAmountOf('12.5', holding, 18)).toBe(12_500_000_000_000_000_000n);
    expect(tokenAmountOf('50%', holding, 18)).toBe(500n * E18);
    expect(tokenAmountOf('33.33%', 10n, 18)).toBe(3n); // 10 * 3333 / 10000 = 3.333
    expect(tokenAmountOf('100%', holding, 18)).toBe(holding);
  });

  it('refuses more than held, 0 %, over 100 % and an empty holding', () => {
    expect(failure(() => tokenAmountOf('1001', holding, 18)).message).toMatch(/holding is 1000 tokens/);
    expect(failure(() => tokenAmountOf('0%', holding, 18)).message).toMatch(/above 0% and at most 100%/);
    expect(failure(() => tokenAmountOf('101%', holding, 18)).message).toMatch(/above 0% and at most 100%/);
    expect(failure(() => tokenAmountOf('50%', 0n, 18)).message).toMatch(/no tokens to sell/);
    expect(failure(() => tokenAmountOf('abc', holding, 18)).message).toMatch(/percent string like "50%"/);
  });
});

describe('slippage and fee limit', () => {
  it('slippage in percent as bps, 5 % by default', () => {
    expect(slippageBpsOf(undefined)).toBe(500n);
    expect(slippageBpsOf(0.5)).toBe(50n);
    expect(failure(() => slippageBpsOf(101)).message).toMatch(/between 0 and 100/);
  });

  it('a priority fee raises the fee limit', () => {
    expect(feeLimitOf(100_000_000n, undefined)).toBe(100_000_000n);
    expect(feeLimitOf(100_000_000n, 2.5)).toBe(102_500_000n);
    expect(failure(() => feeLimitOf(1n, -1)).message).toMatch(/priorityFee/);
  });
});

describe('signerOf', () => {
  it('accepts 64 hex with or without 0x and gives the address it signs for', () => {
    const key = '1'.repeat(64);
    const a = signerOf(key);
    expect(a.key).toBe(key);
    expect(a.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(signerOf('0x' + key)).toEqual(a);
  });

  it('refuses anything else', () => {
    expect(failure(() => signerOf('xyz')).message).toBe('privateKey must be 64 hex characters');
  });
});
