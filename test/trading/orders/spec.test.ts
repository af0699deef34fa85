// What a user may ask of the order engine, and the order each request becomes, worked by hand.
import { describe, expect, it } from 'vitest';
import { UserError } from '../../../src/trading/accounts.js';
import { checkSpec, fieldsFor, levelE18, parseInterval, type MarketNow } from '../../../src/trading/orders/spec.js';

const TOKEN = 'TTokenTokenTokenTokenTokenTokenTok';
// 30,000 TRX against 1e9 tokens: 0.00003 TRX per token (3e13 as E18)
const MARKET: MarketNow = {
  reserves: { trxReserve: 30_000_000_000n, tokenReserve: 10n ** 27n, decimals: 18 },
  supply: 10n ** 27n,
  trxUsd: 0.25,
  now: 5_000,
};

describe('levelE18', () => {
  it('takes a price as it is, and a market cap over the supply: $30,000 / 1e9 tokens / $0.25 = 0.00012 TRX', () => {
    expect(levelE18({ e18: 7n }, MARKET.supply, 0.25)).toBe(7n);
    expect(levelE18({ mcUsd: 30_000 }, MARKET.supply, 0.25)).toBe(120_000_000_000_000n);
    expect(() => levelE18({ e18: 0n }, MARKET.supply, 0.25)).toThrow('The price must be above 0.');
  });
});

describe('checkSpec', () => {
  const refused = (spec: Parameters<typeof checkSpec>[0], message: string) => {
    expect(() => checkSpec(spec)).toThrow(UserError);
    expect(() => checkSpec(spec)).toThrow(message);
  };
  it('refuses amounts, shares, moves, rounds and intervals out of range', () => {
    refused({ kind: 'limit', side: 'buy', token: TOKEN, trx: '0', at: { e18: 1n } }, 'more than 0 TRX');
    refused({ kind: 'limit', side: 'buy', token: TOKEN, trx: '0', at: { e18: 0n } }, 'The price must be above 0.');
    refused({ kind: 'limit', side: 'sell', token: TOKEN, pct: 101, at: { e18: 1n } }, 'The share to sell must be');
    refused(
      { kind: 'tp', token: TOKEN, gainPct: 100_001, pct: 50 },
      'The gain must be above 0 % and at most 100000 %.',
    );
    refused({ kind: 'sl', token: TOKEN, lossPct: 100, pct: 50 }, 'The loss must be above 0 % and at most 99.99 %.');
    refused({ kind: 'sl', token: TOKEN, lossPct: 30, pct: 50, holdBlocks: 0 }, 'The hold must be 1 to 100 blocks.');
    refused({ kind: 'sl', token: TOKEN, lossPct: 30, pct: 50, holdBlocks: 101 }, 'The hold must be 1 to 100 blocks.');
    refused({ kind: 'sl', token: TOKEN, lossPct: 30, pct: 50, holdBlocks: 2.5 }, 'The hold must be 1 to 100 blocks.');
    refused({ kind: 'trail', token: TOKEN, dropPct: 0, pct: 50 }, 'The drop must be');
    refused({ kind: 'dca', token: TOKEN, trx: '1', intervalMs: 60_000, count: 1.5 }, 'rounds must be 1 to 1000');
    refused({ kind: 'dca', token: TOKEN, trx: '1', intervalMs: 59_999, count: 2 }, 'at least 1 minute');
  });

  it('lets a sound request through', () => {
    expect(() => checkSpec({ kind: 'sl', token: TOKEN, lossPct: 99.99, pct: 100 })).not.toThrow();
    expect(() => checkSpec({ kind: 'sl', token: TOKEN, lossPct: 30, pct: 100, holdBlocks: 100 })).not.toThrow();
    expect(() => checkSpec({ kind: 'dca', token: TOKEN, trx: '0.5', intervalMs: 60_000, count: 1000 })).not.toThrow();
  });
});

describe('fieldsFor', () => {
  it('a limit buy of 100 TRX in sun; a limit sell of 50 % in basis points', () => {
    expect(fieldsFor({ kind: 'limit', side: 'buy', token: TOKEN, trx: '100', at: { e18: 9n } }, MARKET)).toEqual({
      kind: 'limit',
      side: 'buy',
      amount: '100000000',
      triggerE18: '9',
    });
    expect(fieldsFor({ kind: 'limit', side: 'sell', token: TOKEN, pct: 50, at: { mcUsd: 30_000 } }, MARKET)).toEqual({
      kind: 'limit',
      side: 'sell',
      amount: '5000',
      triggerE18: '120000000000000',
    });
  });

  it('a TP 15 % above an entry of 0.00002 fires at 0.000023', () => {
    const f = fieldsFor({ kind: 'tp', token: TOKEN, gainPct: 15, pct: 25 }, { ...MARKET, entry: 20_000_000_000_000n });
    expect(f).toEqual({
      kind: 'tp',
      side: 'sell',
      amount: '2500',
      triggerE18: '23000000000000',
      entryE18: '20000000000000',
    });
  });

  it('an SL 20 % below an entry of 0.00002 fires at 0.000016, holding the blocks asked (1 without)', () => {
    const market = { ...MARKET, entry: 20_000_000_000_000n };
    expect(fieldsFor({ kind: 'sl', token: TOKEN, lossPct: 20, pct: 100, holdBlocks: 3 }, market)).toEqual({
      kind: 'sl',
      side: 'sell',
      amount: '10000',
      triggerE18: '16000000000000',
      entryE18: '20000000000000',
      holdBlocks: 3,
    });
    expect(fieldsFor({ kind: 'sl', token: TOKEN, lossPct: 20, pct: 100 }, market).holdBlocks).toBe(1);
  });

  it('a trailing stop starts its high at the price now; a DCA is due now', () => {
    expect(fieldsFor({ kind: 'trail', token: TOKEN, dropPct: 10, pct: 100 }, MARKET)).toEqual({
      kind: 'trail',
      side: 'sell',
      amount: '10000',
      trailBps: 1000,
      highE18: '30000000000000',
    });
    const dca = { kind: 'dca' as const, token: TOKEN, trx: '20', intervalMs: 3_600_000, count: 3 };
    expect(fieldsFor({ ...dca, max: { e18: 4n } }, MARKET)).toEqual({
      kind: 'dca',
      side: 'buy',
      amount: '20000000',
      triggerE18: '4',
      intervalMs: 3_600_000,
      rounds: 3,
      nextAt: 5_000,
    });
    expect(fieldsFor(dca, MARKET).triggerE18).toBeNull();
  });
});

describe('parseInterval', () => {
  it('reads seconds, minutes, hours and days', () => {
    expect(parseInterval('90s')).toBe(90_000);
    expect(parseInterval('15m')).toBe(900_000);
    expect(parseInterval(' 1.5H ')).toBe(5_400_000);
    expect(parseInterval('1d')).toBe(86_400_000);
    expect(parseInterval('0s')).toBeUndefined();
    expect(parseInterval('soon')).toBeUndefined();
  });
});
