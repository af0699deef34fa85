// The referral programme's terms: what share of a referee's fees the referrer earns by the referee's
// age (defaults 30 % for the first 30 days, 20 % for the next 30, 10 % after), the referee's fee
// discount (10 % off the plan's fee) and the least a payout sends (10 TRX). Kept in the bot's
// database (bot_meta), set with `cli referrals set` or the admins' /referrals command.
import { z } from 'zod';
import { trxToSun } from '../../tron/units.js';

export interface ReferralSettings {
  /** Percent of each fee, by period: one more than `days` (the last lasts for ever). */
  sharesPct: number[];
  /** Length of each period but the last, in days. */
  days: number[];
  /** Percent off the plan's router fee for a referred user (basis points rounded down). */
  discountPct: number;
  /** The least a payout sends (sun). */
  thresholdSun: bigint;
}

export const DEFAULT_REFERRAL_SETTINGS: ReferralSettings = {
  sharesPct: [30, 20, 10],
  days: [30, 30],
  discountPct: 10,
  thresholdSun: 10_000_000n,
};

const DAY_MS = 86_400_000;
const META_KEY = 'referral_settings';

const pct = z.number().int().min(0).max(100);
const stored = z.object({
  sharesPct: z.array(pct).min(1).max(10),
  days: z.array(z.number().int().min(1).max(3650)).max(9),
  discountPct: pct,
  thresholdSun: z.string().regex(/^\d{1,20}$/),
});

/** Why these terms cannot be used (undefined: they can). */
export function refusal(s: ReferralSettings): string | undefined {
  if (s.sharesPct.length !== s.days.length + 1)
    return `give one share more than periods: ${s.sharesPct.length} shares for ${s.days.length} periods of days`;
  if (s.sharesPct.some((p) => !Number.isInteger(p) || p < 0 || p > 100)) return 'shares are whole percents, 0 to 100';
  if (s.days.some((d) => !Number.isInteger(d) || d < 1)) return 'periods are whole days, at least 1';
  if (!Number.isInteger(s.discountPct) || s.discountPct < 0 || s.discountPct > 100)
    return 'the discount is a whole percent, 0 to 100';
  if (s.thresholdSun < 0n) return 'the threshold cannot be negative';
  return undefined;
}

/**
 * Parses the operator's words: shares "30,20,10", days "30,30", a discount percent, a threshold in
 * TRX (up to 6 decimals). Throws an Error saying what is wrong.
 */
export function parseSettings(
  words: { shares?: string; days?: string; discountPct?: string; thresholdTrx?: string },
  base: ReferralSettings,
): ReferralSettings {
  const list = (v: string, what: string) =>
    v === ''
      ? []
      : v.split(',').map((x) => {
          if (!/^\s*\d{1,4}\s*$/.test(x)) throw new Error(`${what} must be whole numbers separated by commas`);
          return Number(x);
        });
  const next: ReferralSettings = {
    sharesPct: words.shares !== undefined ? list(words.shares, 'shares') : base.sharesPct,
    days: words.days !== undefined ? list(words.days, 'days') : base.days,
    discountPct: base.discountPct,
    thresholdSun: base.thresholdSun,
  };
  if (words.discountPct !== undefined) {
    if (!/^\d{1,3}$/.test(words.discountPct)) throw new Error('the discount must be a whole percent, 0 to 100');
    next.discountPct = Number(words.discountPct);
  }
  if (words.thresholdTrx !== undefined) {
    if (!/^\d{1,9}(\.\d{1,6})?$/.test(words.thresholdTrx))
      throw new Error('the threshold must be TRX with up to 6 decimals');
    next.thresholdSun = trxToSun(words.thresholdTrx);
  }
  const why = refusal(next);
  if (why) throw new Error(why);
  return next;
}

/** The referrer's percent of a fee paid `ageMs` after the referee was bound. */
export function sharePctAt(s: ReferralSettings, ageMs: number): number {
  let end = 0;
  for (let i = 0; i < s.days.length; i++) {
    end += s.days[i]! * DAY_MS;
    if (ageMs < end) return s.sharesPct[i]!;
  }
  return s.sharesPct[s.sharesPct.length - 1]!;
}

/** The terms as words (the /referral card, `referrals list`). */
export function describeSettings(s: ReferralSettings): string {
  const parts: string[] = [];
  let from = 0;
  s.days.forEach((d, i) => {
    parts.push(`${s.sharesPct[i]}% for days ${from + 1}–${from + d}`);
    from += d;
  });
  parts.push(`${s.sharesPct[s.sharesPct.length - 1]}% after`);
  return parts.join(', ');
}

interface Meta {
  meta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;
}

export async function loadReferralSettings(store: Meta): Promise<ReferralSettings> {
  const raw = await store.meta(META_KEY);
  if (raw === undefined) return DEFAULT_REFERRAL_SETTINGS;
  const p = stored.safeParse(JSON.parse(raw));
  if (!p.success) return DEFAULT_REFERRAL_SETTINGS;
  return { ...p.data, thresholdSun: BigInt(p.data.thresholdSun) };
}

export async function saveReferralSettings(store: Meta, s: ReferralSettings): Promise<void> {
  const why = refusal(s);
  if (why) throw new Error(why);
  await store.setMeta(META_KEY, JSON.stringify({ ...s, thresholdSun: s.thresholdSun.toString() }));
}
