// A person's /start, through a link or not. Someone new (no user row before this start) who came
// through a referral or share link is bound to the link's owner first (the first link wins; self and
// cycles are refused by the referrals), and only then gets their account: a referred newcomer's API
// key has the programme's fee discount. Someone who used the bot before is never bound.
import type { Accounts } from './accounts.js';
import type { BindResult, Referrals } from './referrals/index.js';
import type { TradingStore, UserRow } from './store.js';

/** The referral code a start link carried, and which kind of link it was. */
export interface JoinLink {
  code: string;
  via: 'link' | 'share';
}

export interface Joined {
  user: UserRow;
  /** made by this start */
  created: boolean;
  /** what binding the link gave (undefined: no link, or the person is not new) */
  bind?: BindResult;
  /** percent off the router fee the new account got (0: none) */
  discountPct: number;
}

export async function joinUser(
  deps: { accounts: Accounts; referrals: Referrals; store: Pick<TradingStore, 'user'> },
  from: { id: number; username?: string | undefined },
  link?: JoinLink,
): Promise<Joined> {
  if (await deps.store.user(from.id)) return { ...(await deps.accounts.ensureUser(from)), discountPct: 0 };
  const bind = link ? await deps.referrals.bind(from.id, link.code, link.via) : undefined;
  // referred: by this link, or by an earlier one whose start did not get as far as the account
  const referred = (await deps.referrals.store.referrerOf(from.id)) !== undefined;
  const discountPct = referred ? (await deps.referrals.settings()).discountPct : 0;
  const joined = await deps.accounts.ensureUser(from, { feeDiscountPct: discountPct });
  return { ...joined, ...(bind ? { bind } : {}), discountPct: joined.created ? discountPct : 0 };
}
