// Sniping: a token's creation (or its launch) is matched against the active snipe rules, and each rule
// that matches buys it once, within its daily budget and under its caps; and a new rule's checks.
// Functions of an explicit context (the automation's dependencies and kit); the rules kept in memory
// for the checks, and the stream, are index.ts's.
//
// A rule without a cap sends no quote first (the build is the quote), to land in the block after the
// event's. A rule with a price or market-cap cap quotes first: above the cap it skips and says why;
// else its trade keeps the quote with a minimum out that holds the cap, so the signed transaction
// buys nothing above it even when someone buys first (a token above the cap is told once a day a
// rule). A rule spends at most its daily budget, and says so once a day.
import { ApiError, type StreamEvent, type TokenDetails } from '../../client/index.js';
import { isBase58Address } from '../../tron/address.js';
import { FAMILY_NAMES, type FamilyName } from '../../tron/families.js';
import { marketCapToE18, minOutAtLevel, priceE18, TOTAL_SUPPLY } from '../../tron/market/index.js';
import { sunToTrx, TOKEN_DECIMALS, trxToSun } from '../../tron/units.js';
import { UserError } from '../accounts.js';
import { formatPrice } from '../price.js';
import type { SnipeRuleRow } from '../store.js';
import { why, type Reason } from '../reasons.js';
import { friendly, reasonOf } from '../trade-flow.js';
import type { TradeQuote } from '../trade-row.js';
import { isFamily, takesFamily } from './family.js';
import { type AutoEvent, type AutomationDeps, type AutomationKit, newId } from './kit.js';

export interface SnipeSpec {
  trx: string;
  word?: string | undefined;
  creator?: string | undefined;
  maxDevPct?: number | undefined;
  safe?: boolean | undefined;
  onLaunch?: boolean | undefined;
  budgetTrx?: string | undefined;
  /** buy only at or below this price: TRX per whole token, E18 */
  maxPriceE18?: bigint | undefined;
  /** buy only at or below this market cap (USD) */
  maxMcUsd?: number | undefined;
  /** only the tokens of this launchpad family (default every family) */
  family?: FamilyName | undefined;
}

export const MAX_SNIPE_RULES = 20;

/** What the snipe rules' logic works with: the automation's dependencies and its kit. */
export interface SnipeContext {
  deps: AutomationDeps;
  kit: AutomationKit;
}

const capped = (r: SnipeRuleRow): boolean => r.maxPriceE18 !== null || r.maxMcUsd !== null;

/** Whether a new token (its name, symbol, creator and first buy) is one a rule buys. */
export function matches(r: SnipeRuleRow, d: Record<string, unknown>): boolean {
  const name = `${typeof d.name === 'string' ? d.name : ''} ${typeof d.symbol === 'string' ? d.symbol : ''}`;
  if (r.word && !name.toLowerCase().includes(r.word.toLowerCase())) return false;
  if (r.creator && d.creator !== r.creator) return false;
  if (r.maxDevBps !== null && Math.round(Number(d.devBuyPct ?? 100) * 100) > r.maxDevBps) return false;
  return true;
}

/** A skipped snipe, to tell (the budget's once a day). */
const skipped = (r: SnipeRuleRow, token: string, symbol: string, reason: string, because: Reason): AutoEvent => ({
  kind: 'snipe',
  state: 'skipped',
  userId: r.userId,
  side: 'buy',
  token,
  symbol,
  amount: sunToTrx(BigInt(r.amountSun)),
  reason,
  why: because,
});

/** Whether one more buy would spend more than the rule's daily budget. */
const over = async ({ kit }: SnipeContext, r: SnipeRuleRow): Promise<boolean> =>
  (await kit.spent(r.id)) + BigInt(r.amountSun) > BigInt(r.budgetSun);

/** True (and told once a day) when the rule's budget has no room for one more buy. */
async function overBudget(ctx: SnipeContext, r: SnipeRuleRow, token: string, symbol: string): Promise<boolean> {
  if (!(await over(ctx, r))) return false;
  const reason = `the rule's daily budget of ${sunToTrx(BigInt(r.budgetSun))} TRX is spent (no more notices today)`;
  const because = why('err-snipe-budget-spent', { budget: { sun: r.budgetSun } });
  void ctx.kit.tellOnce(`budget:${r.id}`, skipped(r, token, symbol, reason, because));
  return true;
}

/**
 * The lowest of a rule's caps as an E18 price: a market cap over the launchpad's fixed supply (its
 * tokens all have 1,000,000,000 of 18 decimals), at the TRX price in USD.
 */
function capE18(r: SnipeRuleRow, trxUsd: number): bigint {
  const caps: bigint[] = [];
  if (r.maxPriceE18 !== null) caps.push(BigInt(r.maxPriceE18));
  if (r.maxMcUsd !== null) caps.push(marketCapToE18(r.maxMcUsd, TOTAL_SUPPLY, TOKEN_DECIMALS, trxUsd));
  return caps.reduce((a, b) => (b < a ? b : a));
}

/**
 * A capped rule's terms, with a minimum out that holds the cap; undefined (and the user told) when
 * the price on chain is above the cap or the quote was refused.
 */
async function cappedQuote(
  { deps, kit }: SnipeContext,
  r: SnipeRuleRow,
  token: string,
  symbol: string,
): Promise<TradeQuote | undefined> {
  const { store, trading } = deps;
  const user = await store.user(r.userId);
  const wallet = user && (await store.wallet(r.userId, r.walletId));
  if (!user || !wallet) return undefined;
  let kept: TradeQuote;
  try {
    ({ kept } = await trading.termsFor(user, wallet, token, 'buy', sunToTrx(BigInt(r.amountSun)), {
      automated: true,
      symbol,
    }));
  } catch (e) {
    await kit.tell({ ...skipped(r, token, symbol, friendly(e), reasonOf(e)), state: 'failed' });
    return undefined;
  }
  const cap = capE18(r, deps.trxUsd);
  const amountIn = BigInt(kept.amountIn);
  const capMin = minOutAtLevel(amountIn, cap, TOKEN_DECIMALS);
  if (BigInt(kept.expectedOut!) < capMin) {
    const paid = priceE18({ trxReserve: amountIn, tokenReserve: BigInt(kept.expectedOut!) }, TOKEN_DECIMALS);
    const mc = r.maxMcUsd !== null ? `${r.maxMcUsd.toLocaleString('en-US')} USD market cap at most; ` : '';
    const text = `the price with fees, ${formatPrice(paid)} TRX per token, is above the rule's cap of ${formatPrice(cap)} (${mc}no more notices of tokens above this cap today)`;
    const because =
      r.maxMcUsd !== null
        ? why('err-snipe-above-cap-mc', {
            paid: { e18: paid.toString() },
            cap: { e18: cap.toString() },
            mc: r.maxMcUsd,
          })
        : why('err-snipe-above-cap', { paid: { e18: paid.toString() }, cap: { e18: cap.toString() } });
    // once a day a rule: a wide rule meets every new token, most of them above its cap
    await kit.tellOnce(`cap:${r.id}`, skipped(r, token, kept.symbol, text, because));
    return undefined;
  }
  const minOut = BigInt(kept.minOut!);
  return { ...kept, minOut: (minOut > capMin ? minOut : capMin).toString() };
}

/** One rule's buy of a new token: within its budget, and under its cap when it has one. */
async function snipeOne(ctx: SnipeContext, r: SnipeRuleRow, token: string, symbol: string): Promise<void> {
  const { deps, kit } = ctx;
  const id = `s:${r.id}:${token}`;
  // a repeated event finds its trade: nothing, silently
  if ((await deps.store.trade(id)) || (await overBudget(ctx, r, token, symbol))) return;
  let quote: TradeQuote | undefined;
  if (capped(r)) {
    quote = await cappedQuote(ctx, r, token, symbol);
    // spent meanwhile by another token
    if (!quote || (await overBudget(ctx, r, token, symbol))) return;
  }
  let full = false;
  // the budget once more, in the claim's transaction: a buy of another token, here or in another
  // process, may have spent it meanwhile
  await kit.claim(
    {
      id,
      ruleId: r.id,
      userId: r.userId,
      walletId: r.walletId,
      token,
      symbol: quote?.symbol ?? symbol,
      side: 'buy',
      amount: sunToTrx(BigInt(r.amountSun)),
      quote,
      events: kit.events('snipe'),
    },
    async () => !(full = await over(ctx, r)),
  );
  // another buy took the budget meanwhile: said (once a day) after the transaction
  if (full) await overBudget(ctx, r, token, symbol);
}

/** A new token (or a launch): every matching rule of `rules` buys it once. */
export async function snipe(
  ctx: SnipeContext,
  rules: SnipeRuleRow[],
  e: StreamEvent,
  d: Record<string, unknown>,
  onLaunch: boolean,
): Promise<void> {
  let due = rules.filter((r) => r.onLaunch === onLaunch && matches(r, d));
  // the token's family, asked only when a rule is limited to one
  if (due.some((r) => r.family !== null)) {
    const family = isFamily(d.family) ? d.family : await ctx.kit.families.of(e);
    due = due.filter((r) => takesFamily(r, family));
  }
  if (!due.length) return;
  const symbol = typeof d.symbol === 'string' ? d.symbol : e.token.slice(0, 6);
  // the safety report, once for all `safe` rules
  let safe: boolean | undefined;
  if (due.some((r) => r.safe))
    safe = (await ctx.deps.client.getTokenSafety(e.token).catch(() => undefined))?.verdict === 'ok';
  await Promise.all(due.filter((r) => !r.safe || safe).map((r) => snipeOne(ctx, r, e.token, symbol)));
}

/** A token launched (to the DEX): the rules that buy at launch buy it once. */
export async function snipeLaunch(ctx: SnipeContext, rules: SnipeRuleRow[], e: StreamEvent): Promise<void> {
  if (!rules.some((r) => r.onLaunch)) return;
  const { client } = ctx.deps;
  // the launch event names the token; its creator and first buy come from the index, and its family
  // from whichever launchpad's details know it
  const [found, safety] = await Promise.all([
    launchedDetails(ctx, e),
    client.getTokenSafety(e.token).catch(() => undefined),
  ]);
  const d = found?.details;
  const data = {
    ...e.data,
    creator: d?.metadata.ownerAddress,
    name: d?.metadata.name,
    devBuyPct: safety?.creatorFirstBuyPct,
    ...(found ? { family: found.family } : {}),
  };
  await snipe(ctx, rules, e, data, true);
}

/** A launched token's details and its family (the event's, else each family's in turn); undefined when none answers. */
async function launchedDetails(
  { deps, kit }: SnipeContext,
  e: StreamEvent,
): Promise<{ details: TokenDetails; family: FamilyName } | undefined> {
  for (const family of isFamily(e.data.family) ? [e.data.family] : FAMILY_NAMES) {
    try {
      const details = await deps.client.getTokenDetails(e.token, family);
      kit.families.keep(e.token, family);
      return { details, family };
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 404)) return undefined;
    }
  }
  return undefined;
}

/** A new snipe rule's row for the user's active wallet, from what the user asked; refuses what cannot be. */
export async function newRule({ deps, kit }: SnipeContext, userId: number, spec: SnipeSpec) {
  const { store } = deps;
  const user = await store.user(userId);
  if (!user) throw new UserError('Send /start first.', why('err-start-first'));
  if ((await store.userSnipeRules(userId)).length >= MAX_SNIPE_RULES)
    throw new UserError(
      `You have ${MAX_SNIPE_RULES} snipe rules; delete one first.`,
      why('err-snipe-max-rules', { max: MAX_SNIPE_RULES }),
    );
  const sun = trxToSun(spec.trx);
  if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.', why('err-amount-zero'));
  if (spec.creator && !isBase58Address(spec.creator))
    throw new UserError('creator: must be a Tron address.', why('err-snipe-creator'));
  if (spec.maxDevPct !== undefined && !(spec.maxDevPct >= 0 && spec.maxDevPct <= 100))
    throw new UserError('maxdev: must be a percent from 0 to 100.', why('err-snipe-maxdev'));
  if (spec.maxPriceE18 !== undefined && spec.maxPriceE18 <= 0n)
    throw new UserError('maxprice: must be above 0.', why('err-snipe-maxprice'));
  if (spec.maxMcUsd !== undefined && !(spec.maxMcUsd > 0))
    throw new UserError('maxmc: must be above 0 USD.', why('err-snipe-maxmc'));
  const budget = spec.budgetTrx !== undefined ? trxToSun(spec.budgetTrx) : sun * 10n;
  if (budget < sun) throw new UserError('The budget must be at least the amount.', why('err-snipe-budget'));
  return {
    id: newId(),
    userId,
    walletId: (await deps.accounts.activeWallet(user)).id,
    amountSun: sun.toString(),
    word: spec.word ?? null,
    creator: spec.creator ?? null,
    maxDevBps: spec.maxDevPct === undefined ? null : Math.round(spec.maxDevPct * 100),
    safe: spec.safe ?? false,
    onLaunch: spec.onLaunch ?? false,
    budgetSun: budget.toString(),
    maxPriceE18: spec.maxPriceE18?.toString() ?? null,
    maxMcUsd: spec.maxMcUsd ?? null,
    family: spec.family ?? null,
    status: 'active',
    createdAt: kit.now(),
  };
}
