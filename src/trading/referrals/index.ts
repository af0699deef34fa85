// Referrals: who brought whom, what the referrers earned and what they are owed. Earnings are not
// stored: they are computed, to the sun, from the fees the referees' keys really paid on chain (the
// API's fee ledger, which a fork takes back), each fee's share by the referee's age when it was
// paid. Paid is what confirmed payouts sent; owed is earned less paid and less payouts under way.
import { and, eq, inArray } from 'drizzle-orm';
import type { TradingDatabase } from '../store.js';
import { quoteOfTrade } from '../trade-row.js';
import {
  loadReferralSettings,
  parseSettings,
  saveReferralSettings,
  sharePctAt,
  type ReferralSettings,
} from './settings.js';
import { createReferralStore, type ReferralRow } from './store.js';

export * from './settings.js';
export type { BindResult, PayoutRow, ReferralRow } from './store.js';

/** A fee a key paid on chain, as the API's ledger books it. */
export interface BookedFee {
  txid: string;
  apiKeyId: number;
  feeSun: string;
  confirmedAt: number;
  /** the token's family: the network the fee was paid on (its TRX); unknown: null or absent */
  family?: string | null | undefined;
}

/** Where the booked fees come from: the API (LaunchpadClient.adminFees, an operator key). */
export interface FeeSource {
  adminFees(keyIds: number[], since?: number): Promise<BookedFee[]>;
}

export interface ReferrerFigures {
  referrer: number;
  joined: number;
  /** TRX the referees traded (confirmed trades through the bot), sun */
  volumeSun: bigint;
  earnedSun: bigint;
  paidSun: bigint;
  /** payouts signed, not yet confirmed */
  pendingSun: bigint;
  owedSun: bigint;
}

/** What each referrer earned from these fees: each fee's share by the referee's age when paid, rounded down. */
export function earnedByReferrer(
  referrals: Array<Pick<ReferralRow, 'referee' | 'referrer' | 'boundAt'>>,
  keyOf: ReadonlyMap<number, number>,
  fees: readonly BookedFee[],
  settings: ReferralSettings,
): Map<number, bigint> {
  const byKey = new Map<number, BookedFee[]>();
  for (const f of fees) byKey.set(f.apiKeyId, [...(byKey.get(f.apiKeyId) ?? []), f]);
  const out = new Map<number, bigint>();
  for (const r of referrals) {
    const key = keyOf.get(r.referee);
    let sum = out.get(r.referrer) ?? 0n;
    for (const f of key === undefined ? [] : (byKey.get(key) ?? [])) {
      if (f.confirmedAt < r.boundAt) continue;
      sum += (BigInt(f.feeSun) * BigInt(sharePctAt(settings, f.confirmedAt - r.boundAt))) / 100n;
    }
    out.set(r.referrer, sum);
  }
  return out;
}

interface Meta {
  meta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;
}

/** The most key ids the API takes in one call. */
const FEE_BATCH = 1000;

export function createReferrals(deps: {
  db: TradingDatabase;
  meta: Meta;
  fees: FeeSource;
  now?: () => number;
  /**
   * With several networks, the families of the network payouts are paid on (the first's): only fees
   * paid there earn, in the TRX they were paid in (a testnet's fees never become mainnet TRX).
   * Unset: every fee (one network).
   */
  payingFamilies?: readonly string[] | undefined;
}) {
  const store = createReferralStore(deps.db);
  const now = deps.now ?? Date.now;
  const paying = deps.payingFamilies;

  async function feesOf(keyIds: number[]): Promise<BookedFee[]> {
    const out: BookedFee[] = [];
    for (let i = 0; i < keyIds.length; i += FEE_BATCH)
      out.push(...(await deps.fees.adminFees(keyIds.slice(i, i + FEE_BATCH))));
    return paying ? out.filter((f) => typeof f.family === 'string' && paying.includes(f.family)) : out;
  }

  async function volumeOf(userIds: number[]): Promise<Map<number, bigint>> {
    const out = new Map<number, bigint>();
    if (!userIds.length) return out;
    const { trades } = deps.db.t;
    const rows = await deps.db.q
      .select({ userId: trades.userId, side: trades.side, quote: trades.quote })
      .from(trades)
      .where(and(inArray(trades.userId, userIds), eq(trades.status, 'confirmed')));
    for (const r of rows) {
      const q = quoteOfTrade(r);
      out.set(r.userId, (out.get(r.userId) ?? 0n) + BigInt(r.side === 'buy' ? q.amountIn : (q.expectedOut ?? '0')));
    }
    return out;
  }

  /** Every referrer's figures (or one's). */
  async function figures(only?: number): Promise<ReferrerFigures[]> {
    const settings = await loadReferralSettings(deps.meta);
    const all = only === undefined ? await store.allReferrals() : await store.refereesOf(only);
    const referees = all.map((r) => r.referee);
    const keyOf = await store.keyIdsOf(referees);
    const earned = earnedByReferrer(all, keyOf, await feesOf([...new Set(keyOf.values())]), settings);
    const volume = await volumeOf(referees);
    const payouts = await store.payoutsOf(only);
    const referrers = [...new Set([...all.map((r) => r.referrer), ...payouts.map((p) => p.referrer)])];
    if (only !== undefined && !referrers.includes(only)) referrers.push(only);
    return referrers.map((referrer) => {
      const mine = all.filter((r) => r.referrer === referrer);
      const sumOf = (status: string) =>
        payouts
          .filter((p) => p.referrer === referrer && p.status === status)
          .reduce((s, p) => s + BigInt(p.amountSun), 0n);
      const e = earned.get(referrer) ?? 0n;
      const paidSun = sumOf('confirmed');
      const pendingSun = sumOf('signed');
      const owed = e - paidSun - pendingSun;
      return {
        referrer,
        joined: mine.length,
        volumeSun: mine.reduce((s, r) => s + (volume.get(r.referee) ?? 0n), 0n),
        earnedSun: e,
        paidSun,
        pendingSun,
        owedSun: owed > 0n ? owed : 0n,
      };
    });
  }

  return {
    store,
    settings: () => loadReferralSettings(deps.meta),
    /** Sets the terms from the operator's words (see parseSettings); returns them. */
    async setSettings(words: Parameters<typeof parseSettings>[0]): Promise<ReferralSettings> {
      const next = parseSettings(words, await loadReferralSettings(deps.meta));
      await saveReferralSettings(deps.meta, next);
      return next;
    },
    codeOf: (telegramId: number) => store.codeOf(telegramId, now()),
    bind: (referee: number, code: string, via: 'link' | 'share') => store.bind(referee, code, via, now()),
    figures,
    /** One referrer's figures (zeros when they brought no one yet). */
    async figuresOf(referrer: number): Promise<ReferrerFigures> {
      return (await figures(referrer)).find((f) => f.referrer === referrer)!;
    },
  };
}

export type Referrals = ReturnType<typeof createReferrals>;
