// Sniping, and the live stream that sniping and copy trading (copy.ts) both follow (fed as each block
// is indexed): a token's creation (or its launch) is matched against every active snipe rule, a
// followed wallet's buys and sells against its followers. A trade is claimed, then built, signed and
// broadcast at once through the trade flow (what they share, and how exactly once holds, is
// automation.ts's). Like orders, these never wait for a tap, and the users' managed API keys are not
// rate limited.
//
// A rule without a cap sends no quote first (the build is the quote), to land in the block after the
// event's. A rule with a price or market-cap cap quotes first: above the cap it skips and says why;
// else its trade keeps the quote with a minimum out that holds the cap, so the signed transaction
// buys nothing above it even when someone buys first (a token above the cap is told once a day a
// rule). A rule spends at most its daily budget, and says so once a day.
//
// Rules and follows may be set in another process (a bot instance on the same Postgres): the copy kept
// for the checks is read again when an event finds it more than a second old, and by refresh().
import type { StreamEvent } from '../client/index.js';
import { isBase58Address } from '../tron/address.js';
import { marketCapToE18, minOutAtLevel, priceE18, TOTAL_SUPPLY } from '../tron/market/index.js';
import { sunToTrx, TOKEN_DECIMALS, trxToSun } from '../tron/units.js';
import { UserError } from './accounts.js';
import { automationKit, newId, RULE_ACTIONS, type RuleAction, type SniperDeps } from './automation.js';
import { createCopier, type FollowSpec } from './copy.js';
import { formatPrice } from './price.js';
import type { SnipeRuleRow } from './store.js';
import { friendly } from './trade-flow.js';
import type { TradeQuote } from './trade-row.js';

export type { AutoEvent, RuleAction, SniperDeps } from './automation.js';
export type { FollowSpec } from './copy.js';

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
}

/** Events older than this when read (after a restart) are not acted on: a late snipe is no snipe. */
export const STALE_MS = 60_000;
export const MAX_SNIPE_RULES = 20;
/** How old the rules kept for the checks may be when an event comes (ms). */
export const RULES_FRESH_MS = 1000;

const capped = (r: SnipeRuleRow): boolean => r.maxPriceE18 !== null || r.maxMcUsd !== null;

export function createSniper(deps: SniperDeps) {
  const { store, trading, client } = deps;
  const kit = automationKit(deps);
  const { now, log, tell } = kit;
  const copier = createCopier(deps, kit);
  let stopStream: (() => void) | undefined;
  /** Active rules, kept in memory for the checks. */
  let rules: SnipeRuleRow[] = [];
  let readAt = -Infinity;
  const reload = async () => {
    readAt = performance.now();
    [rules] = await Promise.all([store.activeSnipeRules(), copier.reload()]);
  };
  /** Reads the rules and follows again when the copy is more than a second old. */
  const fresh = () => (performance.now() - readAt > RULES_FRESH_MS ? reload() : undefined);

  function matches(r: SnipeRuleRow, d: Record<string, unknown>): boolean {
    const name = `${typeof d.name === 'string' ? d.name : ''} ${typeof d.symbol === 'string' ? d.symbol : ''}`;
    if (r.word && !name.toLowerCase().includes(r.word.toLowerCase())) return false;
    if (r.creator && d.creator !== r.creator) return false;
    if (r.maxDevBps !== null && Math.round(Number(d.devBuyPct ?? 100) * 100) > r.maxDevBps) return false;
    return true;
  }

  /** A skipped snipe, told (the budget's once a day). */
  const skipped = (r: SnipeRuleRow, token: string, symbol: string, reason: string) => ({
    kind: 'snipe' as const,
    state: 'skipped' as const,
    userId: r.userId,
    side: 'buy' as const,
    token,
    symbol,
    amount: sunToTrx(BigInt(r.amountSun)),
    reason,
  });
  /** True (and told once a day) when the rule's budget has no room for one more buy. */
  async function overBudget(r: SnipeRuleRow, token: string, symbol: string): Promise<boolean> {
    if (!(await over(r))) return false;
    const reason = `the rule's daily budget of ${sunToTrx(BigInt(r.budgetSun))} TRX is spent (no more notices today)`;
    void kit.tellOnce(`budget:${r.id}`, skipped(r, token, symbol, reason));
    return true;
  }

  const over = async (r: SnipeRuleRow) => (await kit.spent(r.id)) + BigInt(r.amountSun) > BigInt(r.budgetSun);

  /**
   * The lowest of a rule's caps as an E18 price: a market cap over the launchpad's fixed supply (its
   * tokens all have 1,000,000,000 of 18 decimals), at the TRX price in USD.
   */
  function capE18(r: SnipeRuleRow): bigint {
    const caps: bigint[] = [];
    if (r.maxPriceE18 !== null) caps.push(BigInt(r.maxPriceE18));
    if (r.maxMcUsd !== null) caps.push(marketCapToE18(r.maxMcUsd, TOTAL_SUPPLY, TOKEN_DECIMALS, deps.trxUsd));
    return caps.reduce((a, b) => (b < a ? b : a));
  }

  /**
   * A capped rule's terms, with a minimum out that holds the cap; undefined (and the user told) when
   * the price on chain is above the cap or the quote was refused.
   */
  async function cappedQuote(r: SnipeRuleRow, token: string, symbol: string): Promise<TradeQuote | undefined> {
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
      await tell({ ...skipped(r, token, symbol, friendly(e)), state: 'failed' });
      return undefined;
    }
    const cap = capE18(r);
    const amountIn = BigInt(kept.amountIn);
    const capMin = minOutAtLevel(amountIn, cap, TOKEN_DECIMALS);
    if (BigInt(kept.expectedOut!) < capMin) {
      const paid = priceE18({ trxReserve: amountIn, tokenReserve: BigInt(kept.expectedOut!) }, TOKEN_DECIMALS);
      const mc = r.maxMcUsd !== null ? `${r.maxMcUsd.toLocaleString('en-US')} USD market cap at most; ` : '';
      const why = `the price with fees, ${formatPrice(paid)} TRX per token, is above the rule's cap of ${formatPrice(cap)} (${mc}no more notices of tokens above this cap today)`;
      // once a day a rule: a wide rule meets every new token, most of them above its cap
      await kit.tellOnce(`cap:${r.id}`, skipped(r, token, kept.symbol, why));
      return undefined;
    }
    const minOut = BigInt(kept.minOut!);
    return { ...kept, minOut: (minOut > capMin ? minOut : capMin).toString() };
  }

  /** One rule's buy of a new token: within its budget, and under its cap when it has one. */
  async function snipeOne(r: SnipeRuleRow, token: string, symbol: string) {
    const id = `s:${r.id}:${token}`;
    // a repeated event finds its trade: nothing, silently
    if ((await store.trade(id)) || (await overBudget(r, token, symbol))) return;
    let quote: TradeQuote | undefined;
    if (capped(r)) {
      quote = await cappedQuote(r, token, symbol);
      // spent meanwhile by another token
      if (!quote || (await overBudget(r, token, symbol))) return;
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
      async () => !(full = await over(r)),
    );
    // another buy took the budget meanwhile: said (once a day) after the transaction
    if (full) await overBudget(r, token, symbol);
  }

  /** A new token (or a launch): every matching rule buys it once. */
  async function snipe(e: StreamEvent, d: Record<string, unknown>, onLaunch: boolean): Promise<void> {
    const due = rules.filter((r) => r.onLaunch === onLaunch && matches(r, d));
    if (!due.length) return;
    const symbol = typeof d.symbol === 'string' ? d.symbol : e.token.slice(0, 6);
    // the safety report, once for all `safe` rules
    let safe: boolean | undefined;
    if (due.some((r) => r.safe)) safe = (await client.getTokenSafety(e.token).catch(() => undefined))?.verdict === 'ok';
    await Promise.all(due.filter((r) => !r.safe || safe).map((r) => snipeOne(r, e.token, symbol)));
  }

  return {
    async start(): Promise<void> {
      await reload();
      // trades a stop left unfinished: nothing was signed yet, or the same bytes go again
      for (const t of await store.unfinishedRuleTrades()) {
        const copy = t.id.startsWith('c:');
        const source = copy ? (await store.follow(t.ruleId!))?.source : undefined;
        trading
          .execute(t.id, kit.events(copy ? 'copy' : 'snipe', source))
          .catch((err: unknown) => log.error({ trade: t.id, err }, 'resumed trade failed'));
      }
      if (deps.stream && deps.follow !== false)
        stopStream = await deps.stream.subscribe({
          name: 'automation',
          kinds: ['create', 'launch', 'buy', 'sell'],
          position: deps.position,
          onEvent: (e) => this.onEvent(e),
        });
    },

    stop(): void {
      stopStream?.();
    },

    async onEvent(e: StreamEvent): Promise<void> {
      if (now() - e.timestamp > STALE_MS) return;
      try {
        await fresh();
        if (e.kind === 'create') await snipe(e, e.data, false);
        else if (e.kind === 'launch') {
          if (!rules.some((r) => r.onLaunch)) return;
          // the launch event names the token; its creator and first buy come from the index
          const [d, safety] = await Promise.all([
            client.getTokenDetails(e.token).catch(() => undefined),
            client.getTokenSafety(e.token).catch(() => undefined),
          ]);
          await snipe(
            e,
            {
              ...e.data,
              creator: d?.metadata.ownerAddress,
              name: d?.metadata.name,
              devBuyPct: safety?.creatorFirstBuyPct,
            },
            true,
          );
        } else if (e.kind === 'buy' || e.kind === 'sell') await copier.onTrade(e);
      } catch (err) {
        log.warn({ event: e.id, err }, 'snipe/copy check failed');
      }
    },

    /** A snipe rule for the user's active wallet. */
    async addRule(userId: number, spec: SnipeSpec): Promise<SnipeRuleRow> {
      const user = await store.user(userId);
      if (!user) throw new UserError('Send /start first.');
      if ((await store.userSnipeRules(userId)).length >= MAX_SNIPE_RULES)
        throw new UserError(`You have ${MAX_SNIPE_RULES} snipe rules; delete one first.`);
      const sun = trxToSun(spec.trx);
      if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.');
      if (spec.creator && !isBase58Address(spec.creator)) throw new UserError('creator: must be a Tron address.');
      if (spec.maxDevPct !== undefined && !(spec.maxDevPct >= 0 && spec.maxDevPct <= 100))
        throw new UserError('maxdev: must be a percent from 0 to 100.');
      if (spec.maxPriceE18 !== undefined && spec.maxPriceE18 <= 0n) throw new UserError('maxprice: must be above 0.');
      if (spec.maxMcUsd !== undefined && !(spec.maxMcUsd > 0)) throw new UserError('maxmc: must be above 0 USD.');
      const budget = spec.budgetTrx !== undefined ? trxToSun(spec.budgetTrx) : sun * 10n;
      if (budget < sun) throw new UserError('The budget must be at least the amount.');
      const row = {
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
        status: 'active',
        createdAt: now(),
      };
      await store.insertSnipeRule(row);
      await reload();
      return (await store.snipeRule(row.id))!;
    },

    /** pause | resume | delete a rule of the user. */
    async setRule(userId: number, id: string, action: RuleAction): Promise<boolean> {
      const [from, to] = RULE_ACTIONS[action];
      const ok = await store.setSnipeRuleStatus(userId, id, from, to);
      await reload();
      return ok;
    },
    rules: (userId: number) => store.userSnipeRules(userId),
    /** What a rule or a follow spent in the last 24 hours (sun). */
    spent: (ruleId: string) => kit.spent(ruleId),
    addFollow: (userId: number, spec: FollowSpec) => copier.addFollow(userId, spec),
    setFollow: (userId: number, id: string, action: RuleAction) => copier.setFollow(userId, id, action),
    follows: copier.follows,
    /** Reads the rules and follows again (set or changed by another process); events do it each second. */
    refresh: reload,
  };
}

export type Sniper = ReturnType<typeof createSniper>;
