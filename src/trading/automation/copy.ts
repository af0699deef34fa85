// Copy trading: a followed wallet's buys (and, with `sells`, its sells) are copied by each of its
// followers once, from the wallet the follow was set from (the stream is the automation's: index.ts).
//
// A follow cannot be farmed: a wallet that sends 200 tiny buys must not make its followers buy 200
// times. Its buys under the follow's minimum are not copied; a copy puts in at most its size (the
// fixed amount, or a percent follow's `max:`, which a percent follow must have); all copies together
// put in at most the daily budget in any 24 hours, and at most the per-token cap into one token.
// A copy past a limit is skipped: the budget's is told once a day, the others silently (/copy shows
// them). What a follow spent is read from its trade rows; the limits are checked again, and the copy
// claimed, in one transaction holding the follow's row (kit.ts).
import type { StreamEvent } from '../../client/index.js';
import { isBase58Address } from '../../tron/address.js';
import type { FamilyName } from '../../tron/families.js';
import { BPS, sunToTrx, trxToSun } from '../../tron/units.js';
import { UserError } from '../accounts.js';
import { why } from '../reasons.js';
import type { FollowRow } from '../store.js';
import { takesFamily } from './family.js';
import { type AutomationDeps, type AutomationKit, DAY_MS, newId, RULE_ACTIONS, type RuleAction } from './kit.js';

export interface FollowSpec {
  source: string;
  trx: string;
  pct?: number | undefined;
  maxTrx?: string | undefined;
  sells?: boolean | undefined;
  /** TRX the follow may put in in any 24 hours (default 10 copies) */
  budgetTrx?: string | undefined;
  /** TRX it may put into any one token in any 24 hours (default one copy) */
  tokenTrx?: string | undefined;
  /** the source's buys under this many TRX are not copied (default 1) */
  minTrx?: string | undefined;
  /** only the source's trades of this launchpad family's tokens (default every family) */
  family?: FamilyName | undefined;
}

export const MAX_FOLLOWS = 10;
/** A new follow's defaults: a day's budget of this many copies, and the smallest source buy copied. */
export const BUDGET_COPIES = 10n;
export const MIN_SOURCE_SUN = 1_000_000n;
/** Sells of one token a follow copies in any 24 hours (each costs the follower a network fee). */
export const MAX_COPIED_SELLS_A_DAY = 3;

/** The most one copy puts in: the fixed amount, or a percent follow's cap. */
export const copySizeSun = (f: Pick<FollowRow, 'amountSun' | 'pctBps' | 'maxSun'>): bigint =>
  BigInt(f.pctBps !== null && f.maxSun !== null ? f.maxSun : f.amountSun);

/** What a follow's copy of a source buy of `sourceSun` puts in (sun); 0 when it copies nothing. */
function copySun(f: FollowRow, sourceSun: bigint): bigint {
  if (sourceSun < BigInt(f.minSourceSun)) return 0n;
  if (f.pctBps === null) return BigInt(f.amountSun);
  const sun = (sourceSun * BigInt(f.pctBps)) / BPS;
  const size = copySizeSun(f);
  return sun > size ? size : sun;
}

/** The share of its holding a source sold: what it sold over what it held before, to the basis point. */
function shareSold(sold: bigint, left: bigint): string {
  const total = sold + left;
  // to the nearest basis point (a source's "40 %" is 39.99... % after its own rounding down)
  const bps = total > 0n ? (sold * BPS * 2n + total) / (2n * total) : 0n;
  return `${Number(bps) / 100}%`;
}

/** The fields of a new follow from what the user asked, with the defaults; refuses what cannot be. */
function followLimits(spec: FollowSpec) {
  const sun = trxToSun(spec.trx);
  if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.', why('err-amount-zero'));
  if (spec.pct !== undefined && !(spec.pct > 0 && spec.pct <= 1000))
    throw new UserError('pct: must be above 0 and at most 1000 %.', why('err-copy-pct'));
  if (spec.pct !== undefined && spec.maxTrx === undefined)
    throw new UserError(
      'A percent copy needs max: (the most TRX one copy puts in), e.g. pct:50 max:100.',
      why('err-copy-pct-needs-max'),
    );
  const max = spec.maxTrx === undefined ? undefined : trxToSun(spec.maxTrx);
  if (max !== undefined && max <= 0n) throw new UserError('max: must be more than 0 TRX.', why('err-copy-max-zero'));
  const size = spec.pct !== undefined && max !== undefined ? max : sun;
  const budget = spec.budgetTrx === undefined ? size * BUDGET_COPIES : trxToSun(spec.budgetTrx);
  const tokenCap = spec.tokenTrx === undefined ? size : trxToSun(spec.tokenTrx);
  const one = `one copy (${sunToTrx(size)} TRX)`;
  if (budget < size)
    throw new UserError(`budget: must be at least ${one}.`, why('err-copy-budget-min', { one: { sun: size } }));
  if (tokenCap < size)
    throw new UserError(`token: must be at least ${one}.`, why('err-copy-token-min', { one: { sun: size } }));
  return {
    amountSun: sun.toString(),
    pctBps: spec.pct === undefined ? null : Math.round(spec.pct * 100),
    maxSun: max === undefined ? null : max.toString(),
    budgetSun: budget.toString(),
    tokenCapSun: tokenCap.toString(),
    minSourceSun: (spec.minTrx === undefined ? MIN_SOURCE_SUN : trxToSun(spec.minTrx)).toString(),
  };
}

export function createCopier(deps: AutomationDeps, kit: AutomationKit) {
  const { store } = deps;
  /** Active follows by source wallet, kept in memory for the checks. */
  let bySource = new Map<string, FollowRow[]>();
  const reload = async () => {
    const next = new Map<string, FollowRow[]>();
    for (const f of await store.activeFollows()) next.set(f.source, [...(next.get(f.source) ?? []), f]);
    bySource = next;
  };

  /** A source buy: each follower buys within its limits; the budget's skip is told once a day. */
  async function copyBuy(e: StreamEvent, user: string, symbol: string, f: FollowRow, sourceSun: bigint) {
    const id = `c:${f.id}:${e.txid}`;
    const sun = copySun(f, sourceSun);
    // below the minimum, or a repeated event: nothing, silently
    if (sun <= 0n || (await store.trade(id))) return;
    const capLeft = async () => (await kit.spent(f.id, e.token)) + sun <= BigInt(f.tokenCapSun);
    const budgetLeft = async () => (await kit.spent(f.id)) + sun <= BigInt(f.budgetSun);
    if (!(await capLeft())) return;
    const tellBudget = async () =>
      kit.tellOnce(`budget:${f.id}`, {
        kind: 'copy',
        state: 'skipped',
        userId: f.userId,
        side: 'buy',
        token: e.token,
        symbol,
        amount: sunToTrx(sun),
        source: user,
        reason: `this copy's daily budget of ${sunToTrx(BigInt(f.budgetSun))} TRX is spent; copies resume as it frees up (no more notices today)`,
        why: why('err-copy-budget-spent', { budget: { sun: f.budgetSun } }),
      });
    if (!(await budgetLeft())) return tellBudget();
    const events = kit.events('copy', user);
    // the limits again in the claim's transaction, which holds the follow: they and the claim are one step
    let spent = false;
    await kit.claim(
      { ...claimOf(f, e, symbol), side: 'buy', amount: sunToTrx(sun), id, events },
      async () => (await capLeft()) && !(spent = !(await budgetLeft())),
    );
    // another buy took the budget meanwhile: said once a day, as above
    if (spent) await tellBudget();
  }

  const claimOf = (f: FollowRow, e: StreamEvent, symbol: string) => ({
    ruleId: f.id,
    userId: f.userId,
    walletId: f.walletId,
    token: e.token,
    symbol,
  });

  /** A followed wallet traded: its followers do the same once. */
  async function onTrade(e: StreamEvent): Promise<void> {
    const d = e.data;
    const user = typeof d.user === 'string' ? d.user : undefined;
    let list = user ? bySource.get(user) : undefined;
    if (!user || !list?.length) return;
    // the token's family, asked only when a follow is limited to one
    if (list.some((f) => f.family !== null)) {
      const family = await kit.families.of(e);
      list = list.filter((f) => takesFamily(f, family));
      if (!list.length) return;
    }
    const symbol = typeof d.symbol === 'string' ? d.symbol : e.token.slice(0, 6);
    if (e.kind === 'buy') {
      const sourceSun = BigInt(typeof d.trxAmountSun === 'string' ? d.trxAmountSun : '0');
      for (const f of list) await copyBuy(e, user, symbol, f, sourceSun);
      return;
    }
    if (e.kind !== 'sell') return;
    // a sell under the follow's minimum is not copied, nor more than a few of one token a day: a
    // source selling in crumbs must not make its followers pay a network fee for each
    const sourceSun = BigInt(typeof d.trxAmountSun === 'string' ? d.trxAmountSun : '0');
    const since = kit.now() - DAY_MS;
    const sellsLeft = async (f: FollowRow) =>
      (await store.ruleTokenSells(f.id, e.token, since)) < MAX_COPIED_SELLS_A_DAY;
    const due: FollowRow[] = [];
    for (const f of list)
      if (
        f.sells &&
        sourceSun >= BigInt(f.minSourceSun) &&
        (await sellsLeft(f)) &&
        !(await store.trade(`c:${f.id}:${e.txid}`))
      )
        due.push(f);
    if (!due.length) return;
    const sold = BigInt(typeof d.tokenAmountExact === 'string' ? d.tokenAmountExact : '0');
    // what the source holds now, as the node shows it (not the API)
    const left = await deps.trading.market.tokenBalance(e.token, user);
    const share = shareSold(sold, left);
    if (share === '0%') return;
    for (const f of due)
      await kit.claim(
        {
          ...claimOf(f, e, symbol),
          id: `c:${f.id}:${e.txid}`,
          side: 'sell',
          amount: share,
          events: kit.events('copy', user),
        },
        () => sellsLeft(f),
      );
  }

  return {
    reload,
    onTrade,
    /** Follows a wallet from the user's active wallet. */
    async addFollow(userId: number, spec: FollowSpec): Promise<FollowRow> {
      const user = await store.user(userId);
      if (!user) throw new UserError('Send /start first.', why('err-start-first'));
      if (!isBase58Address(spec.source))
        throw new UserError('That is not a Tron address.', why('err-copy-not-address'));
      const mine = await store.userFollows(userId);
      if (mine.length >= MAX_FOLLOWS)
        throw new UserError(
          `You follow ${MAX_FOLLOWS} wallets already; remove one first.`,
          why('err-copy-max-follows', { max: MAX_FOLLOWS }),
        );
      if (mine.some((f) => f.source === spec.source))
        throw new UserError('You follow this wallet already.', why('err-copy-following'));
      const limits = followLimits(spec);
      const wallet = await deps.accounts.activeWallet(user);
      if (wallet.address === spec.source) throw new UserError('That is your own wallet.', why('err-copy-own-wallet'));
      const row = {
        id: newId(),
        userId,
        walletId: wallet.id,
        source: spec.source,
        ...limits,
        sells: spec.sells ?? false,
        family: spec.family ?? null,
        status: 'active',
        createdAt: kit.now(),
      };
      await store.insertFollow(row);
      await reload();
      return (await store.follow(row.id))!;
    },
    /** pause | resume | delete a follow of the user. */
    async setFollow(userId: number, id: string, action: RuleAction): Promise<boolean> {
      const [from, to] = RULE_ACTIONS[action];
      const ok = await store.setFollowStatus(userId, id, from, to);
      await reload();
      return ok;
    },
    follows: (userId: number) => store.userFollows(userId),
  };
}

export type Copier = ReturnType<typeof createCopier>;
