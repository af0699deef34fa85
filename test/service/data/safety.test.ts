// The safety verdict from its facts alone: thresholds, wording and the order of reasons.
import { describe, expect, it } from 'vitest';
import { verdictOf, type SafetyFacts } from '../../../src/service/data/safety.js';

const calm: SafetyFacts = {
  creatorSharePct: 5,
  creatorFirstBuy: 0,
  creatorFirstBuyPct: 0,
  creatorSoldPct: 0,
  top10SharePct: 30,
  holderCount: 40,
  bundleBuys: 0,
  bundleSharePct: 0,
  creatorTokens: 0,
  creatorDumps: 0,
  ageSeconds: 60,
};

describe('verdictOf', () => {
  it('ok with no reasons for a spread of holders', () => {
    expect(verdictOf(calm)).toEqual({ verdict: 'ok', reasons: [] });
  });

  it('caution at the lower thresholds (just above 15 % and 60 %), a sold first buy and one bundled buy', () => {
    const v = verdictOf({
      ...calm,
      creatorSharePct: 15.01,
      top10SharePct: 60.5,
      creatorFirstBuy: 1000,
      creatorSoldPct: 50,
      bundleBuys: 1,
      bundleSharePct: 2.5,
    });
    expect(v).toEqual({
      verdict: 'caution',
      reasons: [
        'the creator holds 15.01% of the supply',
        'the top 10 holders have 60.5%',
        'the creator sold 50% of their first buy',
        '1 bundled buy in the creation block (2.5%)',
      ],
    });
  });

  it('15 % and 60 % exactly are still ok; a sale without a first buy says nothing', () => {
    expect(verdictOf({ ...calm, creatorSharePct: 15, top10SharePct: 60, creatorSoldPct: 100 }).verdict).toBe('ok');
  });

  it('danger reasons come first, then cautions', () => {
    const v = verdictOf({
      ...calm,
      creatorSharePct: 51,
      creatorTokens: 1,
      creatorDumps: 1,
      top10SharePct: 95,
      bundleBuys: 2,
      bundleSharePct: 10,
    });
    expect(v).toEqual({
      verdict: 'danger',
      reasons: [
        'the creator holds 51% of the supply',
        'the creator dumped 1 of 1 earlier token',
        'the top 10 holders have 95%',
        '2 bundled buys in the creation block (10%)',
      ],
    });
  });

  it('counts earlier tokens in the plural', () => {
    expect(verdictOf({ ...calm, creatorTokens: 3, creatorDumps: 2 }).reasons).toEqual([
      'the creator dumped 2 of 3 earlier tokens',
    ]);
  });
});
