// The automation's kit: what sniping (snipe.ts) and copy trading (copy.ts) share: their dependencies,
// what a user is told, the claim of an automated trade, the once-a-day notices (and the records they
// and the stream's position keep in the trading store) and the actions on a rule or a follow.
//
// Exactly once: an automated trade's row is inserted as claimed before anything is sent (a snipe's
// id is `s:<rule>:<token>`, a copy's `c:<follow>:<source txid>`), so a repeated event, a second
// process or a restart finds it taken. A trade that fails is reported and never retried as a new one.
// What a rule or a follow spent is read from its trade rows, and a limit is checked and the trade
// claimed in one transaction holding the rule's (or the follow's) row lock: two events, in one process
// or two, cannot both pass.
import type { Logger } from 'pino';
import type { LaunchpadClient } from '../../client/index.js';
import type { Side } from '../../tron/market/index.js';
import { trxToSun } from '../../tron/units.js';
import type { Accounts } from '../accounts.js';
import type { OrderEngine } from '../orders/index.js';
import type { TradingStream } from '../stream.js';
import type { TradeRow, TradingStore } from '../store.js';
import type { TradeEvents, TradeFlow, TradeOutcome } from '../trade-flow.js';
import { newTradeRow, quoteOfTrade, type TradeQuote } from '../trade-row.js';
import type { Reason } from '../reasons.js';
import { tokenFamilies } from './family.js';

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
  /** why it failed or was skipped, in English */
  reason?: string | undefined;
  /**
   * the same as a reason to word in the user's language (reasons.ts; the bot: error-text.ts
   * `toldText(s, e.why, e.reason)`); absent where the reason is the chain's own words
   */
  why?: Reason | undefined;
  outcome?: TradeOutcome | undefined;
  /** the followed wallet (copies) */
  source?: string | undefined;
}

export interface AutomationDeps {
  store: TradingStore;
  accounts: Accounts;
  trading: TradeFlow;
  /** the operator's client: the safety report and token details */
  client: LaunchpadClient;
  orders: OrderEngine;
  notify: (e: AutoEvent) => Promise<void> | void;
  logger: Logger;
  /** USD per TRX, for a snipe rule's market-cap cap */
  trxUsd: number;
  now?: () => number;
  /** the process's one live stream (absent, or `follow` false: a test feeds events with onEvent) */
  stream?: TradingStream | undefined;
  follow?: boolean;
  /** where the stream was read up to, kept across restarts (what came meanwhile is read then); by
   * default the store's (storedPosition) */
  position?: StreamPosition;
  /** the once-a-day notices' days, kept across restarts and taken by one process of many; by default the
   * store's (storedNotices) */
  notices?: NoticeRecord;
}

export interface StreamPosition {
  get(): Promise<number | undefined>;
  set(id: number): Promise<void>;
}
export interface NoticeRecord {
  /** True for the one caller (of any process) that takes the key's window from `at`. */
  claim(key: string, at: number, windowMs: number): Promise<boolean>;
}

// (the keys are named from when the automation was the sniper: stored, they keep their names)
/** Where the automation read the live stream up to, in the trading store's meta table. */
export const storedPosition = (store: TradingStore): StreamPosition => ({
  get: async () => {
    const v = await store.meta('sniper_last_seq');
    return v === undefined ? undefined : Number(v);
  },
  set: (id) => store.setMeta('sniper_last_seq', String(id)),
});

/** The once-a-day notices' days, in the trading store's meta table: one instance of many takes each. */
export const storedNotices = (store: TradingStore): NoticeRecord => ({
  claim: (key, at, windowMs) => store.claimWindow(`sniper_notice:${key}`, at, windowMs),
});

export type RuleAction = 'pause' | 'resume' | 'delete';
/** What each action on a rule or a follow may move it from, and to. */
export const RULE_ACTIONS: Record<RuleAction, [from: string[], to: string]> = {
  pause: [['active'], 'paused'],
  resume: [['paused'], 'active'],
  delete: [['active', 'paused'], 'deleted'],
};

/** The window of a daily budget, a per-token cap and a once-a-day notice. */
export const DAY_MS = 86_400_000;
export { newId } from '../ids.js';

/** One automated trade to claim: its id, whose it is, what it trades and how its result is told. */
export interface AutoTrade {
  id: string;
  /** the snipe rule or the follow */
  ruleId: string;
  userId: number;
  walletId: number;
  token: string;
  symbol: string;
  side: Side;
  /** buys: TRX; sells: the share of the holding ("40%") */
  amount: string;
  /** the facade's quote when one was read first (a capped snipe); else the build is the quote */
  quote?: TradeQuote | undefined;
  events: TradeEvents;
}

export function automationKit(deps: AutomationDeps) {
  const { store, trading } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ module: 'automation' });
  const notices = deps.notices ?? storedNotices(store);
  /** This process's own marks: events at the same moment tell once, and the record when the store fails. */
  const toldHere = new Map<string, number>();

  async function tell(e: AutoEvent): Promise<void> {
    try {
      await deps.notify(e);
    } catch (err) {
      log.warn({ userId: e.userId, err }, 'snipe/copy message not delivered');
    }
  }

  /**
   * Tells at most once per key in any 24 hours (a limit reached is said once, not at every event that
   * meets it). The time is set before the message goes, so events at the same moment tell once.
   */
  async function tellOnce(key: string, e: AutoEvent): Promise<void> {
    // marked here before any await: events at the same moment in this process tell once
    const here = toldHere.get(key);
    if (here !== undefined && now() - here < DAY_MS) return;
    toldHere.set(key, now());
    try {
      // one process of many tells: the one that takes the key's day
      if (!(await notices.claim(key, now(), DAY_MS))) return;
    } catch (err) {
      // the shared record could not be read or written: told from this process's own mark only
      log.warn({ key, err }, 'notice record not available');
    }
    await tell(e);
  }

  const events = (kind: 'snipe' | 'copy', source?: string): TradeEvents => {
    /** What the user is told of a trade's result (filled, or failed: also when a fork undid it). */
    const result = (t: TradeRow, outcome: TradeOutcome) =>
      tell({
        kind,
        state: outcome.state === 'confirmed' ? 'filled' : 'failed',
        userId: t.userId,
        side: t.side as Side,
        token: t.token,
        symbol: quoteOfTrade(t).symbol,
        amount: t.amount,
        reason: outcome.reason,
        why: outcome.why,
        outcome,
        source,
      });
    return {
      pending: () => undefined,
      // (the automatic TP/SL after a buy is the trade flow's)
      done: result,
      // a fork took the trade away and its bytes could not land again: nothing was traded after all
      undone: result,
    };
  };

  /**
   * Claims and runs one automated trade; false when its id was taken or `room` said no. Without a
   * quote, the row keeps the amount only: the build (localTrade) is the quote, so nothing waits for a
   * second call. `room` (the caller's limits) and the claim run in one transaction holding the rule's
   * row: they see the same rows, whichever process claims.
   */
  async function claim(a: AutoTrade, room?: () => Promise<boolean>): Promise<boolean> {
    const user = await store.user(a.userId);
    if (!user) return false;
    const t = now();
    const row = newTradeRow({
      id: a.id,
      userId: a.userId,
      chatId: a.userId,
      walletId: a.walletId,
      token: a.token,
      side: a.side,
      amount: a.amount,
      slippagePct: store.settings(user).slippage,
      quote: a.quote ?? {
        symbol: a.symbol,
        venue: null,
        amountIn: a.side === 'buy' ? trxToSun(a.amount).toString() : '0',
        allowance: null,
      },
      status: 'claimed',
      at: t,
      expiresAt: t,
      ruleId: a.ruleId,
    });
    const locked = a.id.startsWith('c:') ? store.withFollow : store.withSnipeRule;
    // claim: insert on conflict do nothing of the trade's id, after the limits, under the rule's lock
    const claimed = await locked(a.ruleId, async () => (!room || (await room())) && (await store.claimTrade(row)));
    if (claimed)
      trading
        .execute(a.id, a.events)
        .catch((err: unknown) => log.error({ trade: a.id, err }, 'automated trade failed'));
    return claimed;
  }

  return {
    now,
    log,
    tell,
    tellOnce,
    events,
    claim,
    /** The launchpad family of the token an event is about (for the rules limited to one). */
    families: tokenFamilies(deps.client),
    /** TRX (sun) a rule or a follow put in in the last 24 hours (of one token, with `token`). */
    spent: (ruleId: string, token?: string): Promise<bigint> =>
      token === undefined
        ? store.ruleSpentSun(ruleId, now() - DAY_MS)
        : store.ruleTokenSpentSun(ruleId, token, now() - DAY_MS),
  };
}

export type AutomationKit = ReturnType<typeof automationKit>;
