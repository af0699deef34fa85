// The referral programme on Telegram's side: the start links (a referral link, a token's share link)
// and reading them back, Telegram's share URL, and the texts of /referral, the admins' totals and a
// payout's message.
import type { ReferralSettings, ReferrerFigures } from '../trading/referrals/index.js';
import { isBase58Address } from '../tron/address.js';
import { esc } from './format.js';
import type { Speech } from './i18n.js';

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
  'https://t.me/share/url?' + ['url=' + encodeURIComponent(url), 'text=' + encodeURIComponent(text)].join('&');

/** The schedule of shares in words: "30% for days 1–30, 20% for days 31–60, 10% after". */
export function scheduleText(s: Speech, r: ReferralSettings): string {
  const parts: string[] = [];
  let from = 0;
  r.days.forEach((d, i) => {
    parts.push(s.t('ref-period', { pct: r.sharesPct[i]!, from: from + 1, to: from + d }));
    from += d;
  });
  parts.push(s.t('ref-after', { pct: r.sharesPct[r.sharesPct.length - 1]! }));
  return parts.join(s.lang === 'zh' ? '，' : ', ');
}

/** The terms in a few lines: the schedule, the referee's discount, the payout threshold. */
export function termsText(s: Speech, r: ReferralSettings): string[] {
  return [
    s.t('ref-terms-share', { schedule: scheduleText(s, r) }),
    r.discountPct > 0 ? s.t('ref-terms-discount', { pct: r.discountPct }) : '',
    s.t('ref-terms-payout', { threshold: s.n.trx(r.thresholdSun) }),
  ].filter(Boolean);
}

/** /referral: the user's link, their figures and the terms. */
export function referralText(s: Speech, link: string, f: ReferrerFigures, r: ReferralSettings): string {
  const paid = s.n.trx(f.paidSun);
  return [
    s.t('ref-title'),
    '',
    s.t('ref-your-link'),
    esc(link),
    '',
    s.t('ref-joined', { count: f.joined }),
    s.t('ref-volume', { volume: s.n.trx(f.volumeSun) }),
    s.t('ref-earned', { earned: s.n.trx(f.earnedSun) }),
    f.pendingSun > 0n ? s.t('ref-paid-pending', { paid, pending: s.n.trx(f.pendingSun) }) : s.t('ref-paid', { paid }),
    s.t('ref-owed', { owed: s.n.trx(f.owedSun) }),
    '',
    ...termsText(s, r),
  ].join('\n');
}

/** What the share button sends with the link. */
export const sharePitch = (s: Speech, r: ReferralSettings): string =>
  r.discountPct > 0 ? s.t('ref-pitch-discount', { pct: r.discountPct }) : s.t('ref-pitch');

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
export function totalsText(s: Speech, t: ReferralTotals): string {
  const figures = {
    referrers: t.referrers,
    referees: t.referees,
    earned: s.n.trx(t.earnedSun),
    paid: s.n.trx(t.paidSun),
    owed: s.n.trx(t.owedSun),
  };
  return t.pendingSun > 0n
    ? s.t('ref-admin-totals-pending', { ...figures, pending: s.n.trx(t.pendingSun) })
    : s.t('ref-admin-totals', figures);
}

/** The admins' view of the terms. */
export function settingsText(s: Speech, r: ReferralSettings): string[] {
  return [
    s.t('ref-admin-shares', { schedule: scheduleText(s, r) }),
    s.t('ref-admin-discount', { pct: r.discountPct }),
    s.t('ref-admin-threshold', { threshold: s.n.trx(r.thresholdSun) }),
  ];
}
