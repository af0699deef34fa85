import { describe, expect, it } from 'vitest';
import {
  FULL_WINDOW_V2,
  type CallParties,
  bandwidthBytes,
  callEnergyLimit,
  callerEnergyLimit,
  canDelegateMax,
  energyLimit,
  energyPrice,
  increase,
  increaseAccount,
  javaLong,
  leftEnergy,
  netLimit,
  ownerAfterUnDelegate,
  payBandwidth,
  payEnergyBill,
  recovered,
  recoveredAccount,
  slotOf,
  stakeInUse,
  unDelegateTransfer,
  weightOf,
  windowSlotsOf,
} from '../../../src/tron/resources.js';

// Every figure below was worked out by hand from java-tron's rule, written out in the comment beside
// it: W = 28,800 slots, P = 1,000,000, ceil() is divideCeil, round() is Math.round (halves up).
const TRX = 1_000_000n;

describe('slots and the fixed-window increase', () => {
  it('counts whole 3-s slots from genesis, truncated', () => {
    expect(slotOf(1_700_000_004_500, 1_700_000_000_000)).toBe(1); // 4,500 ms / 3,000 = 1.5 -> 1
    expect(slotOf(86_400_000, 0)).toBe(28_800); // a day of 3-s slots
  });

  it('adds usage through the rounded-up average', () => {
    // avg = ceil(100e6 / 28,800) = ceil(3,472.2) = 3,473; usage = 3,473 * 28,800 / 1e6 = 100.02 -> 100
    expect(increase(0, 100, 5, 5)).toBe(100);
  });

  it('recovers half the usage after half a day', () => {
    // avg = ceil(1,000e6 / 28,800) = ceil(34,722.2) = 34,723; decay = 14,400 / 28,800 = 0.5;
    // round(17,361.5) = 17,362; 17,362 * 28,800 / 1e6 = 500.0256 -> 500
    expect(recovered(1_000, 0, 14_400)).toBe(500);
    // the same, plus 200 more: ceil(200e6 / 28,800) = ceil(6,944.4) = 6,945;
    // (17,362 + 6,945) * 28,800 / 1e6 = 24,307 * 0.0288 = 700.04 -> 700
    expect(increase(1_000, 200, 0, 14_400)).toBe(700);
  });

  it('lets small usage vanish early and all usage after a window', () => {
    // avg = ceil(1e6 / 28,800) = 35; half a day: round(17.5) = 18; 18 * 28,800 / 1e6 = 0.52 -> 0
    expect(recovered(1, 0, 14_400)).toBe(0);
    // one slot: 35 * 28,799 / 28,800 = 34.9988 -> 35; 35 * 28,800 / 1e6 = 1.008 -> 1
    expect(recovered(1, 0, 1)).toBe(1);
    expect(recovered(1_000, 0, 28_800)).toBe(0); // lastSlot + W > now fails: the average is 0
    expect(recovered(1_000, 0, 28_799)).toBe(0); // 34,723 / 28,800 = 1.2 -> 1; 1 * 28,800 / 1e6 -> 0
  });

  it("decays over a shorter window when given the account's", () => {
    // W' = 24,000: avg = 1,500e6 / 24,000 = 62,500; decay 12,000 / 24,000 = 0.5 -> 31,250;
    // 31,250 * 24,000 / 1e6 = 750
    expect(recovered(1_500, 0, 12_000, 24_000)).toBe(750);
  });
});

describe('limits and left energy', () => {
  it('shares the network limit by stake, fractions of a TRX included', () => {
    // 90e9 / 9e9 = 10 energy a TRX: 1,000 TRX -> 10,000
    expect(energyLimit(1_000n * TRX, 90_000_000_000, 9_000_000_000n)).toBe(10_000);
    // 0.5 TRX -> 0.5 * 10 = 5 (Stake 2.0 has no 1-TRX floor)
    expect(energyLimit(500_000n, 90_000_000_000, 9_000_000_000n)).toBe(5);
    // 100 / 3 = 33.33 a TRX: 1 TRX -> 33.33 -> 33; 1.5 TRX -> 50.0000… -> 50; 0.999999 TRX -> 33.33 -> 33
    expect(energyLimit(TRX, 100, 3)).toBe(33);
    expect(energyLimit(1_500_000n, 100, 3)).toBe(50);
    expect(energyLimit(999_999n, 100, 3)).toBe(33);
    expect(energyLimit(TRX, 100, 0n)).toBe(0); // nobody stakes: 0, not a division by zero
    // bandwidth: 43.2e9 / 10.8e9 = 4 bytes a TRX: 2.5 TRX -> 10
    expect(netLimit(2_500_000n, 43_200_000_000, 10_800_000_000n)).toBe(10);
  });

  it('leaves the limit less the recovered usage, never below 0', () => {
    expect(leftEnergy(10_000, 1_000, 0, 14_400)).toBe(9_500); // usage recovered to 500 (above)
    expect(leftEnergy(100, 1_000, 0, 0)).toBe(0); // 100 - 1,000 < 0 -> 0
  });

  it('weighs stake in whole TRX, rounded down', () => {
    expect(weightOf(1_500_000n)).toBe(1n);
    expect(weightOf(2_000_000n) - weightOf(1_500_000n)).toBe(1n); // staking 0.5 TRX more adds 1 to the total
  });

  it("casts doubles as Java's (long) does", () => {
    expect(javaLong(-2.7)).toBe(-2n);
    expect(javaLong(Number.NaN)).toBe(0n);
    expect(javaLong(1e300)).toBe((1n << 63n) - 1n);
  });
});

describe("an account's own window (increaseV2)", () => {
  const fresh = { usage: 0, lastSlot: 0, windowV2: FULL_WINDOW_V2 };

  it('keeps a full day when nothing is left of the old usage', () => {
    // avg = ceil(1,000e6 / 28,800) = 34,723; 34,723 * 28,800 / 1e6 = 1,000.02 -> 1,000; remain 0 -> full window
    expect(increaseAccount(fresh, 1_000, 10)).toEqual({ usage: 1_000, lastSlot: 10, windowV2: 28_800_000 });
    expect(increaseAccount({ ...fresh, windowV2: 0 }, 1_000, 10).windowV2).toBe(28_800_000); // 0 = never set
  });

  it('blends the window when usage is added half-way', () => {
    // old: 34,723 decayed by 0.5 -> 17,362; new: 34,723; usage = (17,362 + 34,723) * 28,800 / 1e6 = 1,500.05 -> 1,500
    // remain = 17,362 * 28,800 / 1e6 = 500; remaining window = 28,800,000 - 14,400 * 1,000 = 14,400,000
    // window = ceil((500 * 14,400,000 + 1,000 * 28,800,000) / 1,500) = 36e9 / 1,500 = 24,000,000 (24,000 slots)
    const after = increaseAccount({ usage: 1_000, lastSlot: 10, windowV2: FULL_WINDOW_V2 }, 1_000, 14_410);
    expect(after).toEqual({ usage: 1_500, lastSlot: 14_410, windowV2: 24_000_000 });
    expect(windowSlotsOf(after.windowV2)).toBe(24_000);
    // 12,000 slots on it recovers over 24,000 slots: 62,500 * 0.5 = 31,250 -> 750 (the fixed window would give:
    // ceil(1,500e6 / 28,800) = 52,084; * 16,800 / 28,800 = 30,382.3 -> 30,382; * 0.0288 = 875.0 -> 875)
    // and the window left is ceil(750 * (24,000,000 - 12,000,000) / 750) = 12,000,000
    expect(recoveredAccount(after, 26_410)).toEqual({ usage: 750, lastSlot: 26_410, windowV2: 12_000_000 });
    expect(recovered(1_500, 14_410, 26_410)).toBe(875);
    // 14,410 + 24,000 > 38,410 fails: all recovered, the window is a full day again
    expect(recoveredAccount(after, 38_410)).toEqual({ usage: 0, lastSlot: 38_410, windowV2: FULL_WINDOW_V2 });
  });

  it('reads a window under one slot as a full day when decaying', () => {
    expect(windowSlotsOf(999)).toBe(28_800);
    expect(windowSlotsOf(24_000_999)).toBe(24_000); // thousandths truncated
  });
});

describe("a contract call's energy", () => {
  const terms = (over: Partial<CallParties>): CallParties => ({
    origin: 'other',
    consumeUserResourcePercent: 30,
    originEnergyLimit: 0,
    originLeftEnergy: 50_000,
    callerLeftEnergy: 1_000,
    ...over,
  });

  it("caps the caller's side by what the fee limit buys, staked energy included", () => {
    // 10 TRX / 100 sun = 100,000 from balance + 5,000 staked = 105,000; fee limit 100 TRX buys 1,000,000
    expect(callerEnergyLimit(5_000, 10n * TRX, 0n, 100n * TRX, 100n)).toBe(105_000);
    expect(callerEnergyLimit(5_000, 10n * TRX, 0n, TRX, 100n)).toBe(10_000); // 1 TRX / 100 sun
    expect(callerEnergyLimit(5_000, 10n * TRX, 0n, 300_000n, 100n)).toBe(3_000); // less than the 5,000 staked
    expect(callerEnergyLimit(5_000, TRX, 2n * TRX, 100n * TRX, 100n)).toBe(5_000); // call value > balance: 0 from it
    expect(energyPrice(0n)).toBe(100n);
    expect(energyPrice(210n)).toBe(210n);
  });

  it('adds what the origin backs to the call limit', () => {
    // caller pays 30 %: origin backs min(105,000 * 70 / 30 = 245,000, min(50,000 left, 10,000 limit)) = 10,000
    expect(callEnergyLimit(terms({ originEnergyLimit: 10_000 }), 105_000)).toEqual({
      caller: 105_000,
      origin: 10_000,
      total: 115_000,
    });
    // origin_energy_limit 0 means 10,000,000: min(245,000, 50,000) = 50,000
    expect(callEnergyLimit(terms({}), 105_000).origin).toBe(50_000);
    // 10 * 70 / 30 = 23.3 -> 23
    expect(callEnergyLimit(terms({}), 10).origin).toBe(23);
    // caller pays 0 %: min(left, limit) whatever the caller has
    expect(callEnergyLimit(terms({ consumeUserResourcePercent: 0 }), 10).origin).toBe(50_000);
    // caller pays 100 %, or is the origin, or the origin is gone: the origin backs nothing
    expect(callEnergyLimit(terms({ consumeUserResourcePercent: 100 }), 10).origin).toBe(0);
    expect(callEnergyLimit(terms({ origin: 'self' }), 10).total).toBe(10);
    expect(callEnergyLimit(terms({ origin: 'none' }), 10).total).toBe(10);
    expect(() => callEnergyLimit(terms({ originEnergyLimit: -1 }), 10)).toThrow(RangeError);
  });

  it("splits the energy used between origin, caller's stake and burnt TRX", () => {
    // origin: 10,000 * 70 / 100 = 7,000 (within 50,000 left); caller: 3,000, 1,000 staked, 2,000 * 100 sun burnt
    expect(payEnergyBill(terms({}), 10_000, 100n)).toEqual({
      energyUsageTotal: 10_000,
      originEnergyUsage: 7_000,
      energyUsage: 1_000,
      energyFeeSun: 200_000n,
    });
    // origin has 2,000 left: it pays 2,000, the caller 8,000: 1,000 staked, 7,000 * 100 = 700,000 burnt
    expect(payEnergyBill(terms({ originLeftEnergy: 2_000 }), 10_000, 100n).energyFeeSun).toBe(700_000n);
    // origin_energy_limit 500 caps the origin's part
    expect(payEnergyBill(terms({ originEnergyLimit: 500 }), 10_000, 100n).originEnergyUsage).toBe(500);
    // 333 * 50 / 100 = 166.5 -> 166 for the origin, 167 for the caller
    const half = payEnergyBill(terms({ consumeUserResourcePercent: 50, callerLeftEnergy: 1_000 }), 333, 100n);
    expect([half.originEnergyUsage, half.energyUsage]).toEqual([166, 167]);
  });

  it('bills the caller alone at 100 %, when it is the origin, or when the origin is gone', () => {
    const all = { energyUsageTotal: 10_000, originEnergyUsage: 0, energyUsage: 1_000, energyFeeSun: 900_000n };
    expect(payEnergyBill(terms({ consumeUserResourcePercent: 100 }), 10_000, 100n)).toEqual(all);
    expect(payEnergyBill(terms({ origin: 'self', consumeUserResourcePercent: 0 }), 10_000, 100n)).toEqual(all);
    expect(payEnergyBill(terms({ origin: 'none' }), 10_000, 100n)).toEqual(all);
    // percent stored out of range is clamped: 150 -> 100 (caller pays all), -5 -> 0 (origin pays all it can)
    expect(payEnergyBill(terms({ consumeUserResourcePercent: 150 }), 10_000, 100n)).toEqual(all);
    expect(payEnergyBill(terms({ consumeUserResourcePercent: -5 }), 10_000, 100n).originEnergyUsage).toBe(10_000);
  });
});

describe("a transaction's bandwidth", () => {
  it('bills the size without ret plus 64 bytes', () => {
    expect(bandwidthBytes(200)).toBe(264);
  });

  it('takes staked, else free, else burns every byte: never a mix', () => {
    expect(payBandwidth(264, 300, 600, 1_000n)).toEqual({ source: 'staked', netUsage: 264, netFeeSun: 0n });
    expect(payBandwidth(264, 263, 600, 1_000n)).toEqual({ source: 'free', netUsage: 264, netFeeSun: 0n });
    // 263 staked + 263 free would cover 264 bytes together, but neither alone: 264 * 1,000 sun burnt
    expect(payBandwidth(264, 263, 263, 1_000n)).toEqual({ source: 'burn', netUsage: 0, netFeeSun: 264_000n });
    // the network's public free pool short: burn
    expect(payBandwidth(264, 0, 600, 1_000n, 100).source).toBe('burn');
  });
});

describe('delegation', () => {
  const owner = { ownV2Sun: 1_000n * TRX, usage: 2_000 };
  // weight 9e9 / limit 90e9 = 0.1 TRX an energy

  it('answers getcandelegatedmaxsize: own stake not taken up by usage', () => {
    // 2,000 * 1e6 * 0.1 = 200,000,000 sun (200 TRX) in use: 1,000 - 200 = 800 TRX
    expect(stakeInUse(owner, 9_000_000_000n, 90_000_000_000)).toBe(200n * TRX);
    expect(canDelegateMax(owner, 9_000_000_000n, 90_000_000_000)).toBe(800n * TRX);
    // 100 TRX received covers 100 of the 200 in use: 900 TRX
    expect(canDelegateMax({ ...owner, acquiredV2Sun: 100n * TRX }, 9_000_000_000n, 90_000_000_000)).toBe(900n * TRX);
    // 300 TRX received covers it all (200 - 300 < 0 -> 0 in use): the whole 1,000 TRX
    expect(canDelegateMax({ ...owner, acquiredV2Sun: 300n * TRX }, 9_000_000_000n, 90_000_000_000)).toBe(1_000n * TRX);
    // 20,000 energy used = 2,000 TRX > 1,000 staked: 0
    expect(canDelegateMax({ ...owner, usage: 20_000 }, 9_000_000_000n, 90_000_000_000)).toBe(0n);
    // 1.5 TRX staked, 10 energy used = 1 TRX: 0.5 TRX left, under 1 TRX -> 0
    expect(canDelegateMax({ ownV2Sun: 1_500_000n, usage: 10 }, 9_000_000_000n, 90_000_000_000)).toBe(0n);
  });

  it("moves the receiver's usage back in proportion on UnDelegateResource", () => {
    const receiver = { amountSun: 500n * TRX, receiverUsage: 3_000, receiverStakedSun: 2_000n * TRX };
    // 3,000 * 500 / 2,000 = 750, under the cap 500 TRX * 10 = 5,000
    expect(unDelegateTransfer({ ...receiver, receiverAcquiredV2Sun: 1_000n * TRX }, 90e9, 9e9)).toBe(750);
    // 600 TRX staked, 5,000 used: 5,000 * 500 / 600 = 4,166.7 -> 4,166; cap at 4 a TRX: 500 * 4 = 2,000
    const heavy = { amountSun: 500n * TRX, receiverUsage: 5_000, receiverStakedSun: 600n * TRX };
    expect(unDelegateTransfer({ ...heavy, receiverAcquiredV2Sun: 600n * TRX }, 36e9, 9e9)).toBe(2_000);
    // the receiver holds less than the amount (a re-created contract): nothing moves
    expect(unDelegateTransfer({ ...receiver, receiverAcquiredV2Sun: 100n * TRX }, 90e9, 9e9)).toBe(0);
  });

  it("blends the owner's window with the receiver's", () => {
    // idle owner: 0 + 750; window = ceil(750 * 14,400,000 / 750) = 14,400,000
    const idle = { usage: 0, lastSlot: 0, windowV2: FULL_WINDOW_V2 };
    expect(ownerAfterUnDelegate(idle, 750, 14_400_000, 100)).toEqual({
      usage: 750,
      lastSlot: 100,
      windowV2: 14_400_000,
    });
    // owner used 1,000 at slot 0: at 14,400 it is 500 with 14,400,000 left (as above); + 500 moved with a full day:
    // ceil((500 * 14,400,000 + 500 * 28,800,000) / 1,000) = 21,600,000
    const busy = { usage: 1_000, lastSlot: 0, windowV2: FULL_WINDOW_V2 };
    expect(ownerAfterUnDelegate(busy, 500, FULL_WINDOW_V2, 14_400)).toEqual({
      usage: 1_000,
      lastSlot: 14_400,
      windowV2: 21_600_000,
    });
  });
});
