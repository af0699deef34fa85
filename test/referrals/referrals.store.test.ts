// The referral programme's rules on both engines: who binds to whom (first link wins, no self, no
// cycle), and what a referrer earns from the fees their referees really paid, by the referee's age
// on a clock the test moves across the schedule's day boundaries.
import { afterAll, describe, expect, it } from 'vitest';
import { createStore, type BotDatabase } from '../../src/bot/store.js';
import {
  createReferrals,
  DEFAULT_REFERRAL_SETTINGS,
  parseSettings,
  sharePctAt,
  type BookedFee,
} from '../../src/trading/referrals/index.js';
import { botEngines } from '../helpers/services.js';

const DAY = 86_400_000;
const { engines, dropAll } = await botEngines();
afterAll(dropAll);

/** Users with facade keys 100 + id, a clock the test sets, and the fees the API would hand back. */
async function programme(db: BotDatabase) {
  const store = createStore(db);
  const clock = { now: 1_700_000_000_000 };
  const fees: BookedFee[] = [];
  for (const id of [1, 2, 3, 4, 5])
    await store.createUser({
      telegramId: id,
      username: `u${id}`,
      apiKeyEnc: 'sealed',
      apiKeyId: 100 + id,
      settings: '{}',
      createdAt: 1,
    });
  const referrals = createReferrals({
    db,
    meta: store,
    now: () => clock.now,
    fees: { adminFees: async (keyIds) => fees.filter((f) => keyIds.includes(f.apiKeyId)) },
  });
  return { store, clock, fees, referrals };
}

describe.each(engines)('referrals on $engine', ({ open }) => {
  it('binds the first link only, never to oneself, never in a cycle, and an unknown code to no one', async () => {
    const { referrals } = await programme(await open());
    const [c1, c2, c3] = [await referrals.codeOf(1), await referrals.codeOf(2), await referrals.codeOf(3)];
    expect(c1).toMatch(/^[a-z2-9]{8}$/);
    expect(await referrals.codeOf(1)).toBe(c1);
    expect(await referrals.bind(2, c1, 'link')).toBe('bound');
    // a second link later changes nothing
    expect(await referrals.bind(2, c3, 'share')).toBe('already');
    expect((await referrals.store.referrerOf(2))?.referrer).toBe(1);
    expect(await referrals.bind(1, c1, 'link')).toBe('self');
    // 1 brought 2, 2 brought 3: 1 cannot be brought by 3
    expect(await referrals.bind(3, c2, 'link')).toBe('bound');
    expect(await referrals.bind(1, c3, 'link')).toBe('cycle');
    expect(await referrals.bind(4, 'nosuchcd', 'link')).toBe('unknown-code');
    expect(await referrals.store.referrerOf(4)).toBeUndefined();
    // two links opened at once: one wins
    const c4 = await referrals.codeOf(4);
    const both = await Promise.all([referrals.bind(5, c1, 'link'), referrals.bind(5, c4, 'share')]);
    expect(both.sort()).toEqual(['already', 'bound']);
  });

  it('earns 30 % of fees paid in the first 30 days, 20 % in the next 30, 10 % after, to the sun', async () => {
    const { referrals, clock, fees } = await programme(await open());
    const bound = clock.now;
    expect(await referrals.bind(2, await referrals.codeOf(1), 'link')).toBe('bound');
    const fee = (txid: string, at: number, feeSun: string) =>
      fees.push({ txid, apiKeyId: 102, feeSun, confirmedAt: at });
    fee('before', bound - 1, '1000000'); // paid before the referee was bound: not the referrer's
    fee('d0', bound, '1000001'); // 30 % of 1,000,001 = 300,000.3 → 300,000
    fee('d30-', bound + 30 * DAY - 1, '1000000'); // the last ms of the first period: 300,000
    fee('d30', bound + 30 * DAY, '1000000'); // the second period begins: 200,000
    fee('d60-', bound + 60 * DAY - 1, '7'); // 20 % of 7 = 1.4 → 1
    fee('d60', bound + 60 * DAY, '1000000'); // for ever after: 100,000
    fee('d400', bound + 400 * DAY, '999'); // 99.9 → 99
    fees.push({ txid: 'other', apiKeyId: 103, feeSun: '5000000', confirmedAt: bound }); // not a referee's
    clock.now = bound + 500 * DAY;
    const f = await referrals.figuresOf(1);
    expect(f).toMatchObject({ joined: 1, paidSun: 0n, pendingSun: 0n });
    expect(f.earnedSun).toBe(300_000n + 300_000n + 200_000n + 1n + 100_000n + 99n);
    expect(f.owedSun).toBe(f.earnedSun);
    // someone who brought no one
    expect(await referrals.figuresOf(3)).toMatchObject({ joined: 0, earnedSun: 0n, owedSun: 0n });
  });

  it('counts only the fees paid on the network payouts are paid on, with two networks', async () => {
    const db = await open();
    const { referrals, clock, fees } = await programme(db);
    const bound = clock.now;
    expect(await referrals.bind(2, await referrals.codeOf(1), 'link')).toBe('bound');
    fees.push({ txid: 'main', apiKeyId: 102, feeSun: '1000000', confirmedAt: bound, family: 'launchpad' });
    fees.push({ txid: 'test', apiKeyId: 102, feeSun: '9000000', confirmedAt: bound, family: 'launchpad2' });
    fees.push({ txid: 'gone', apiKeyId: 102, feeSun: '5000000', confirmedAt: bound, family: null });
    // one network: every fee earns (30 % in the first days)
    expect((await referrals.figuresOf(1)).earnedSun).toBe(4_500_000n);
    // two networks, payouts on the first (launchpad's): only its fees earn
    const two = createReferrals({
      db,
      meta: createStore(db),
      now: () => clock.now,
      fees: { adminFees: async (keyIds) => fees.filter((f) => keyIds.includes(f.apiKeyId)) },
      payingFamilies: ['launchpad'],
    });
    expect((await two.figuresOf(1)).earnedSun).toBe(300_000n);
  });

  it('keeps the terms the operator sets, refusing what does not add up', async () => {
    const { referrals } = await programme(await open());
    expect(await referrals.settings()).toEqual(DEFAULT_REFERRAL_SETTINGS);
    const next = await referrals.setSettings({
      shares: '40,25,5',
      days: '7,14',
      discountPct: '15',
      thresholdTrx: '2.5',
    });
    expect(next).toEqual({ sharesPct: [40, 25, 5], days: [7, 14], discountPct: 15, thresholdSun: 2_500_000n });
    expect(await referrals.settings()).toEqual(next);
    await expect(referrals.setSettings({ shares: '30,20' })).rejects.toThrow(/one share more than periods/);
    await expect(referrals.setSettings({ discountPct: '101' })).rejects.toThrow(/0 to 100/);
    await expect(referrals.setSettings({ thresholdTrx: '1.1234567' })).rejects.toThrow(/6 decimals/);
    expect(await referrals.settings()).toEqual(next);
  });
});

describe('the schedule', () => {
  it('moves from one share to the next exactly at each day boundary', () => {
    const s = parseSettings({ shares: '30,20,10', days: '30,30' }, DEFAULT_REFERRAL_SETTINGS);
    expect([0, 30 * DAY - 1, 30 * DAY, 60 * DAY - 1, 60 * DAY, 3650 * DAY].map((a) => sharePctAt(s, a))).toEqual([
      30, 30, 20, 20, 10, 10,
    ]);
  });
});
