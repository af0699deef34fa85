// Sniping and copy trading. Both follow the live stream (fed as each block is indexed): a token's
// creation (or its launch) is matched against every active snipe rule, a followed wallet's buys and
// sells against its followers. The trade is built, signed and broadcast at once through the trade
// flow (no quote first: the build is the quote), to land in the block after the event's.
//
// Exactly once: a snipe's trade id is `s:<rule>:<token>` and a copy's `c:<follow>:<source txid>`; the
// row is inserted as claimed before anything is sent, so a repeated event, a second process or a
// restart finds it taken. A copy that fails is reported and never retried as a new trade. Like
// orders, these never wait for a tap, and the users' managed API keys are not rate limited.
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { LaunchpadClient, StreamEvent } from '../client/index.js';
import { isBase58Address } from '../tron/address.js';
import { BPS, sunToTrx, trxToSun } from '../tron/units.js';
import { UserError, type Accounts } from './accounts.js';
import type { OrderEngine } from './orders/index.js';
import type { FollowRow, SnipeRuleRow, TradingStore } from './store.js';
import type { TradeEvents, TradeFlow, TradeOutcome } from './trade-flow.js';
import { newTradeRow, quoteOfTrade } from './trade-row.js';
import type { Side } from '../tron/market/index.js';

export interface SnipeSpec {
  trx: string;
  word?: string | undefined;
  creator?: string | undefined;
  maxDevPct?: number | undefined;
  safe?: boolean | undefined;
  onLaunch?: boolean | undefined;
  budgetTrx?: string | undefined;
}

export interface FollowSpec {
  source: string;
  trx: string;
  pct?: number | undefined;
  maxTrx?: string | undefined;
  sells?: boolean | undefined;
}

/** What the user is told: a snipe or a copy that filled, failed or was skipped. */
export interface AutoEvent {
  kind: 'snipe' | 'copy';
  state: 'filled' | 'failed' | 'skipped';
  userId: number;
  side: Side;
  token: string;
  symbol: string;
  /** buys: TRX put in; sells: the share of the holding */
  amount: string;
  reason?: string | undefined;
  outcome?: TradeOutcome | undefined;
  /** the followed wallet (copies) */
  source?: string | undefined;
}

export interface SniperDeps {
  store: TradingStore;
  accounts: Accounts;
  trading: TradeFlow;
  /** the operator's client: the stream and the safety report */
  client: LaunchpadClient;
  orders: OrderEngine;
  notify: (e: AutoEvent) => Promise<void> | void;
  logger: Logger;
  now?: () => number;
  /** follow the live stream (tests may feed events instead) */
  follow?: boolean;
  /** where the stream was read up to, kept across restarts (what came meanwhile is read then) */
  position?: { get(): number | undefined; set(id: number): void };
}

/** Events older than this when read (after a restart) are not acted on: a late snipe is no snipe. */
export const STALE_MS = 60_000;

export type RuleAction = 'pause' | 'resume' | 'delete';
/** What each action on a rule or a follow may move it from, and to. */
const RULE_ACTIONS: Record<RuleAction, [from: string[], to: string]> = {
  pause: [['active'], 'paused'],
  resume: [['paused'], 'active'],
  delete: [['active', 'paused'], 'deleted'],
};

export const MAX_FOLLOWS = 10;
export const MAX_SNIPE_RULES = 20;
const DAY_MS = 86_400_000;
const newId = (): string => randomBytes(6).toString('base64url');

export function createSniper(deps: SniperDeps) {
  const { store, trading, client, logger } = deps;
  const now = deps.now ?? Date.now;
  const log = logger.child({ module: 'sniper' });
  let stopStream: (() => void) | undefined;
  /** Active follows by source wallet, and rules, kept in memory for the checks. */
  let rules: SnipeRuleRow[] = [];
  let bySource = new Map<string, FollowRow[]>();
  const reload = () => {
    rules = store.activeSnipeRules();
    bySource = new Map();
    for (const f of store.activeFollows()) bySource.set(f.source, [...(bySource.get(f.source) ?? []), f]);
  };

  async function tell(e: AutoEvent): Promise<void> {
    try {
      await deps.notify(e);
    } catch (err) {
      log.warn({ userId: e.userId, err }, 'snipe/copy message not delivered');
    }
  }

  const events = (kind: 'snipe' | 'copy', source?: string): TradeEvents => ({
    pending: () => undefined,
    done: async (t, outcome) => {
      await tell({
        kind,
        state: outcome.state === 'confirmed' ? 'filled' : 'failed',
        userId: t.userId,
        side: t.side as Side,
        token: t.token,
        symbol: quoteOfTrade(t).symbol,
        amount: t.amount,
        reason: outcome.reason,
        outcome,
        source,
      });
      if (outcome.state === 'confirmed' && t.side === 'buy')
        await deps.orders
          .afterBuy(t.userId, t.walletId, t.token, t.txid ?? undefined)
          .catch((err: unknown) => log.warn({ err }, 'auto TP/SL not set'));
    },
  });

  /**
   * Claims and runs one automated trade; false when its id was taken. The quote kept with it is the
   * amount only: the build (localTrade) is the quote, so nothing waits for a second call.
   */
  function run(
    id: string,
    ruleId: string,
    userId: number,
    walletId: number,
    token: string,
    symbol: string,
    side: Side,
    amount: string,
    ev: TradeEvents,
  ): boolean {
    const user = store.user(userId);
    if (!user) return false;
    const t = now();
    const claimed = store.claimTrade(
      newTradeRow({
        id,
        userId,
        chatId: userId,
        walletId,
        token,
        side,
        amount,
        slippagePct: store.settings(user).slippage,
        quote: { symbol, venue: null, amountIn: side === 'buy' ? trxToSun(amount).toString() : '0', allowance: null },
        status: 'claimed',
        at: t,
        expiresAt: t,
        ruleId,
      }),
    );
    if (claimed)
      trading.execute(id, ev).catch((err: unknown) => log.error({ trade: id, err }, 'automated trade failed'));
    return claimed;
  }

  function matches(r: SnipeRuleRow, d: Record<string, unknown>): boolean {
    const name = `${typeof d.name === 'string' ? d.name : ''} ${typeof d.symbol === 'string' ? d.symbol : ''}`;
    if (r.word && !name.toLowerCase().includes(r.word.toLowerCase())) return false;
    if (r.creator && d.creator !== r.creator) return false;
    if (r.maxDevBps !== null && Math.round(Number(d.devBuyPct ?? 100) * 100) > r.maxDevBps) return false;
    return true;
  }

  /** A new token (or a launch): every matching rule buys it once, within its budget. */
  async function snipe(e: StreamEvent, d: Record<string, unknown>, onLaunch: boolean): Promise<void> {
    const due = rules.filter((r) => r.onLaunch === onLaunch && matches(r, d));
    if (!due.length) return;
    const symbol = typeof d.symbol === 'string' ? d.symbol : e.token.slice(0, 6);
    // the safety report, once for all `safe` rules
    let safe: boolean | undefined;
    if (due.some((r) => r.safe)) safe = (await client.getTokenSafety(e.token).catch(() => undefined))?.verdict === 'ok';
    for (const r of due) {
      if (r.safe && !safe) continue;
      const amount = BigInt(r.amountSun);
      const spent = store.ruleSpentSun(r.id, now() - DAY_MS);
      const trx = sunToTrx(amount);
      if (spent + amount > BigInt(r.budgetSun)) {
        await tell({
          kind: 'snipe',
          state: 'skipped',
          userId: r.userId,
          side: 'buy',
          token: e.token,
          symbol,
          amount: trx,
          reason: `the rule's daily budget of ${sunToTrx(BigInt(r.budgetSun))} TRX is spent`,
        });
        continue;
      }
      run(`s:${r.id}:${e.token}`, r.id, r.userId, r.walletId, e.token, symbol, 'buy', trx, events('snipe'));
    }
  }

  /** A followed wallet traded: its followers do the same once. */
  async function copy(e: StreamEvent, d: Record<string, unknown>): Promise<void> {
    const user = typeof d.user === 'string' ? d.user : undefined;
    const list = user ? bySource.get(user) : undefined;
    if (!user || !list?.length) return;
    const symbol = typeof d.symbol === 'string' ? d.symbol : e.token.slice(0, 6);
    const trxSun = BigInt(typeof d.trxAmountSun === 'string' ? d.trxAmountSun : '0');
    let soldShare: string | undefined;
    if (e.kind === 'sell') {
      // the share of its holding it sold: what it sold over what it held before
      const sold = BigInt(typeof d.tokenAmountExact === 'string' ? d.tokenAmountExact : '0');
      const left = BigInt((await client.getTokenBalance(user, e.token)).balanceInSun);
      const total = sold + left;
      // to the nearest basis point (a source's "40 %" is 39.99... % after its own rounding down)
      const bps = total > 0n ? (sold * BPS * 2n + total) / (2n * total) : 0n;
      soldShare = `${Number(bps) / 100}%`;
    }
    for (const f of list) {
      const id = `c:${f.id}:${e.txid}`;
      if (e.kind === 'buy') {
        let sun = BigInt(f.amountSun);
        if (f.pctBps !== null) {
          sun = (trxSun * BigInt(f.pctBps)) / BPS;
          if (f.maxSun !== null && sun > BigInt(f.maxSun)) sun = BigInt(f.maxSun);
        }
        if (sun <= 0n) continue;
        run(id, f.id, f.userId, f.walletId, e.token, symbol, 'buy', sunToTrx(sun), events('copy', user));
      } else if (f.sells && soldShare && soldShare !== '0%') {
        run(id, f.id, f.userId, f.walletId, e.token, symbol, 'sell', soldShare, events('copy', user));
      }
    }
  }

  return {
    async start(): Promise<void> {
      reload();
      // trades a stop left unfinished: nothing was signed yet, or the same bytes go again
      for (const t of store.unfinishedRuleTrades()) {
        const kind = t.id.startsWith('s:') ? 'snipe' : 'copy';
        trading
          .execute(t.id, events(kind))
          .catch((err: unknown) => log.error({ trade: t.id, err }, 'resumed trade failed'));
      }
      if (deps.follow !== false) {
        const last = deps.position?.get();
        stopStream = client.follow({
          events: ['create', 'launch', 'buy', 'sell'],
          ...(last !== undefined ? { lastEventId: last } : {}),
          onEvent: async (e) => {
            await this.onEvent(e);
            deps.position?.set(e.id);
          },
          onError: (err) => log.warn({ err: (err as Error).message }, 'sniper stream interrupted; reconnecting'),
          retryMs: 1000,
        });
      }
    },

    stop(): void {
      stopStream?.();
    },

    async onEvent(e: StreamEvent): Promise<void> {
      if (now() - e.timestamp > STALE_MS) return;
      try {
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
        } else if (e.kind === 'buy' || e.kind === 'sell') await copy(e, e.data);
      } catch (err) {
        log.warn({ event: e.id, err }, 'snipe/copy check failed');
      }
    },

    /** A snipe rule for the user's active wallet. */
    addRule(userId: number, spec: SnipeSpec): SnipeRuleRow {
      const user = store.user(userId);
      if (!user) throw new UserError('Send /start first.');
      if (store.userSnipeRules(userId).length >= MAX_SNIPE_RULES)
        throw new UserError(`You have ${MAX_SNIPE_RULES} snipe rules; delete one first.`);
      const sun = trxToSun(spec.trx);
      if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.');
      if (spec.creator && !isBase58Address(spec.creator)) throw new UserError('creator: must be a Tron address.');
      if (spec.maxDevPct !== undefined && !(spec.maxDevPct >= 0 && spec.maxDevPct <= 100))
        throw new UserError('maxdev: must be a percent from 0 to 100.');
      const budget = spec.budgetTrx !== undefined ? trxToSun(spec.budgetTrx) : sun * 10n;
      if (budget < sun) throw new UserError('The budget must be at least the amount.');
      const row = {
        id: newId(),
        userId,
        walletId: deps.accounts.activeWallet(user).id,
        amountSun: sun.toString(),
        word: spec.word ?? null,
        creator: spec.creator ?? null,
        maxDevBps: spec.maxDevPct === undefined ? null : Math.round(spec.maxDevPct * 100),
        safe: spec.safe ?? false,
        onLaunch: spec.onLaunch ?? false,
        budgetSun: budget.toString(),
        status: 'active',
        createdAt: now(),
      };
      store.insertSnipeRule(row);
      reload();
      return store.snipeRule(row.id)!;
    },

    /** Follows a wallet from the user's active wallet. */
    addFollow(userId: number, spec: FollowSpec): FollowRow {
      const user = store.user(userId);
      if (!user) throw new UserError('Send /start first.');
      if (!isBase58Address(spec.source)) throw new UserError('That is not a Tron address.');
      const mine = store.userFollows(userId);
      if (mine.length >= MAX_FOLLOWS)
        throw new UserError(`You follow ${MAX_FOLLOWS} wallets already; remove one first.`);
      if (mine.some((f) => f.source === spec.source)) throw new UserError('You follow this wallet already.');
      const sun = trxToSun(spec.trx);
      if (sun <= 0n) throw new UserError('The amount must be more than 0 TRX.');
      if (spec.pct !== undefined && !(spec.pct > 0 && spec.pct <= 1000))
        throw new UserError('pct: must be above 0 and at most 1000 %.');
      const wallet = deps.accounts.activeWallet(user);
      if (wallet.address === spec.source) throw new UserError('That is your own wallet.');
      const row = {
        id: newId(),
        userId,
        walletId: wallet.id,
        source: spec.source,
        amountSun: sun.toString(),
        pctBps: spec.pct === undefined ? null : Math.round(spec.pct * 100),
        maxSun: spec.maxTrx === undefined ? null : trxToSun(spec.maxTrx).toString(),
        sells: spec.sells ?? false,
        status: 'active',
        createdAt: now(),
      };
      store.insertFollow(row);
      reload();
      return store.follow(row.id)!;
    },

    /** pause | resume | delete a rule or a follow of the user. */
    setRule(userId: number, id: string, action: RuleAction): boolean {
      const [from, to] = RULE_ACTIONS[action];
      const ok = store.setSnipeRuleStatus(userId, id, from, to);
      reload();
      return ok;
    },
    setFollow(userId: number, id: string, action: RuleAction): boolean {
      const [from, to] = RULE_ACTIONS[action];
      const ok = store.setFollowStatus(userId, id, from, to);
      reload();
      return ok;
    },
    rules: (userId: number) => store.userSnipeRules(userId),
    follows: (userId: number) => store.userFollows(userId),
    /** What a rule spent in the last 24 hours (sun). */
    spent: (ruleId: string) => store.ruleSpentSun(ruleId, now() - DAY_MS),
  };
}

export type Sniper = ReturnType<typeof createSniper>;
