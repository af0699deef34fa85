// The energy pool's arithmetic, against figures worked by hand: the share of a call's energy a
// contract's origin pays (java-tron's ReceiptCapsule: (100 − percent) % rounded down, capped by
// origin_energy_limit, 0 standing for 10,000,000), the trades a pool's energy covers, its energy an hour
// at the last day's pace and when that runs low, and an account's stake as getaccount answers it.
import { describe, expect, it } from 'vitest';
import {
  energyPerHour,
  originShare,
  poolEnergyPerTrade,
  poolLow,
  stakeOf,
  tradesCovered,
} from '../../src/tron/energy-pool.js';

const terms = (userPaysPercent: number, originEnergyLimit = 10_000_000) => ({ userPaysPercent, originEnergyLimit });

describe("the origin's share of a call's energy", () => {
  it('is all of it at 0 %, none at 100 %, the rest rounded down in between', () => {
    expect(originShare(terms(0), 88_555)).toBe(88_555);
    expect(originShare(terms(100), 88_555)).toBe(0);
    // 88,555 × 70 ÷ 100 = 61,988.5
    expect(originShare(terms(30), 88_555)).toBe(61_988);
  });

  it('is capped by origin_energy_limit, 0 standing for 10,000,000', () => {
    expect(originShare(terms(0, 50_000), 88_555)).toBe(50_000);
    expect(originShare(terms(0, 0), 12_000_000)).toBe(10_000_000);
  });

  it('of a typical trade: 100,000 on the curve and 110,000 on the DEX when sponsored', () => {
    expect(poolEnergyPerTrade(terms(0), 'curve')).toBe(100_000);
    expect(poolEnergyPerTrade(terms(0), 'dex')).toBe(110_000);
    expect(poolEnergyPerTrade(terms(60), 'curve')).toBe(40_000);
  });
});

describe('what a pool covers', () => {
  it('counts whole trades, none when a trade takes nothing from it', () => {
    expect(tradesCovered(99_944_475, 100_000)).toBe(999);
    expect(tradesCovered(99_999, 100_000)).toBe(0);
    expect(tradesCovered(5_000, 0)).toBe(0);
  });

  it("takes the last day's trades over 24 hours, rounded up", () => {
    // (3 × 100,000 + 2 × 110,000) ÷ 24 = 21,666.7
    expect(energyPerHour({ curve: 3, dex: 2 }, terms(0))).toBe(21_667);
    // at 50 %: (3 × 50,000 + 2 × 55,000) ÷ 24 = 10,833.3
    expect(energyPerHour({ curve: 3, dex: 2 }, terms(50))).toBe(10_834);
    expect(energyPerHour({ curve: 0, dex: 0 }, terms(0))).toBe(0);
  });

  it('runs low under an hour of them, never when no trade drew on it', () => {
    expect(poolLow(4_166, 4_167)).toBe(true);
    expect(poolLow(4_167, 4_167)).toBe(false);
    expect(poolLow(0, 0)).toBe(false);
  });
});

describe("an account's stake", () => {
  it('reads getaccount as java-tron writes it: bandwidth without its type, zero fields left out', () => {
    expect(
      stakeOf({
        frozenV2: [{ amount: 5_000_000 }, { type: 'ENERGY', amount: 10_000_000 }, { type: 'TRON_POWER' }],
        unfrozenV2: [
          { type: 'ENERGY', unfreeze_amount: 2_000_000, unfreeze_expire_time: 1_700_000_000_000 },
          { unfreeze_amount: 1_000_000, unfreeze_expire_time: 1_700_000_100_000 },
        ],
        account_resource: { delegated_frozenV2_balance_for_energy: 3_000_000 },
      }),
    ).toEqual({
      energySun: 10_000_000n,
      bandwidthSun: 5_000_000n,
      lentEnergySun: 3_000_000n,
      unstaking: [
        { resource: 'ENERGY', amountSun: 2_000_000n, withdrawableAt: 1_700_000_000_000 },
        { resource: 'BANDWIDTH', amountSun: 1_000_000n, withdrawableAt: 1_700_000_100_000 },
      ],
    });
    expect(stakeOf({ account_resource: {} })).toEqual({
      energySun: 0n,
      bandwidthSun: 0n,
      lentEnergySun: 0n,
      unstaking: [],
    });
  });
});
