// The referral programme on Telegram's side: the start links (a referral link, a token's share link)
// and reading them back, Telegram's share URL, and the texts of /referral, the admins' totals and a
// payout's message.
import type { ReferralSettings, ReferrerFigures } from '../trading/referrals/index.js';
import { describeSettings } from '../trading/referrals/index.js';
import { sunToTrx } from '../tron/units.js';
import { isBase58Address } from '../tron/address.js';
import { esc } from './format.js';

/** What a /start carried: a token (an alert's link), a referral code, or both (a share link). */
export interface StartLink {
  token?: string;
  code?: string;
  via?: 'link' | 'share';
}

const CODE = '[a-z0-9]{4,32}';
const REFERRAL = new RegExp(`^r_(${CODE})$`);
const SHARE = new RegExp(`^t_(T[1-9A-HJ-NP-Za-km-z]{33})(?:_(${CODE}))?$`);
/** Telegram's start parameter: at most 64 of A-Za-z0-9_- */
const START_PARAM = /^[A-Za-z0-9_-]{1,64}$/;

/** Reads a /start payload: `r_CODE`, `t_TOKEN_CODE` (or `t_TOKEN`), or a bare token address. */
export function parseStart(payload: string): StartLink {
  const p = payload.trim();
  const r = REFERRAL.exec(p);
  if (r) return { code: r[1]!, via: 'link' };
  const t = SHARE.exec(p);
  if (t && isBase58Address(t[1]!)) return { token: t[1], ...(t[2] ? { code: t[2], via: 'share' as const } : {}) };
  return isBase58Address(p) ? { token: p } : {};
}

/** t.me/<bot>?start=<param>, or undefined when Telegram would not take the parameter. */
function startLink(bot: string, param: string): string | undefined {
  return START_PARAM.test(param) ? `https://t.me/${bot}?start=${param}` : undefined;
}

export const referralLink = (bot: string, code: string) => startLink(bot, `r_${code}`);
export const tokenShareLink = (bot: string, token: string, code: string) => startLink(bot, `t_${token}_${code}`);

/** Telegram's "share to a chat" URL for a link and a line of text. */
export const shareUrl = (url: string, text: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;

/** Sun as exact TRX. */
export const trxOf = (sun: bigint) => `${sunToTrx(sun)} TRX`;

/** The terms in a few lines: the schedule, the referee's discount, the payout threshold. */
export function termsText(s: ReferralSettings): string[] {
  return [
    `You earn a share of the fees each friend pays, from the day they join: ${esc(describeSettings(s))}.`,
    s.discountPct > 0 ? `Friends who join through your link pay ${s.discountPct}% less fee.` : '',
    `Payouts go to your active wallet once you are owed at least ${trxOf(s.thresholdSun)}.`,
  ].filter(Boolean);
}

/** /referral: the user's link, their figures and the terms. */
export function referralText(link: string, f: ReferrerFigures, s: ReferralSettings): string {
  return [
    '🤝 <b>Invite friends, earn from their trades</b>',
    '',
    'Your link:',
    esc(link),
    '',
    `Joined through it: <b>${f.joined}</b>`,
    `Their volume: ${trxOf(f.volumeSun)}`,
    `Earned: ${trxOf(f.earnedSun)}`,
    `Paid: ${trxOf(f.paidSun)}${f.pendingSun > 0n ? ` (+${trxOf(f.pendingSun)} on its way)` : ''}`,
    `Owed: <b>${trxOf(f.owedSun)}</b>`,
    '',
    ...termsText(s),
  ].join('\n');
}

export interface ReferralTotals {
  referrers: number;
  referees: number;
  earnedSun: bigint;
  paidSun: bigint;
  pendingSun: bigint;
  owedSun: bigint;
}

export function totalsOf(all: ReferrerFigures[]): ReferralTotals {
  const sum = (pick: (f: ReferrerFigures) => bigint) => all.reduce((s, f) => s + pick(f), 0n);
  return {
    referrers: all.filter((f) => f.joined > 0).length,
    referees: all.reduce((s, f) => s + f.joined, 0),
    earnedSun: sum((f) => f.earnedSun),
    paidSun: sum((f) => f.paidSun),
    pendingSun: sum((f) => f.pendingSun),
    owedSun: sum((f) => f.owedSun),
  };
}

/** The admins' line of totals (/stats, /referrals). */
export function totalsText(t: ReferralTotals): string {
  return (
    `Referrals: ${t.referrers} referrers, ${t.referees} referred · earned ${trxOf(t.earnedSun)}, ` +
    `paid ${trxOf(t.paidSun)}${t.pendingSun > 0n ? ` (+${trxOf(t.pendingSun)} on its way)` : ''}, owed ${trxOf(t.owedSun)}`
  );
}

/** The admins' view of the terms. */
export function settingsText(s: ReferralSettings): string[] {
  return [
    `Shares: ${esc(describeSettings(s))}`,
    `Referee discount: ${s.discountPct}% off the plan's fee`,
    `Payout threshold: ${trxOf(s.thresholdSun)}`,
  ];
}
