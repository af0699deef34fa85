// What becomes of an order after it fired: its trade's result settles it (filled, paused, cancelled,
// failed, or active again on the DEX after a launch; a DCA counts the round), a filled TP or SL
// cancels its pair, a quote refused before anything was claimed pauses or cancels it, and on start the
// orders a stop caught mid-trade are settled or resumed. The engine fires (fire.ts); this settles.
import type { Side } from '../../tron/market/index.js';
import { fillPriceTrx } from '../pnl.js';
import type { OrderRow, TradeRow } from '../store.js';
import { errorNote, failureKindOf, friendly, reasonOf, TradeError, type TradeOutcome } from '../trade-flow.js';
import { quoteOfTrade } from '../trade-row.js';
import { OPEN, type OrderCore } from './create.js';
import { nextRound } from './triggers.js';

/** What settling takes from the engine. */
export interface SettleCore extends Pick<OrderCore, 'store' | 'log' | 'now' | 'move'> {
  check(token: string): Promise<void>;
  /** runs (or resumes) a claimed trade, which settles its order when it ends */
  execute(tradeId: string): void;
}

export function createOrderSettling(core: SettleCore) {
  const { store, log, now, move } = core;

  /**
   * A quote refused before anything was claimed: no funds pauses, nothing to sell cancels, and so does
   * an API whose quote the trading side refused for the user's safety (paused, the user told why).
   * A pause's note is the failure's reason and English sentence as JSON (trade-errors.ts `errorNote`;
   * the bot reads it with error-text.ts `noteErrorText`); its event carries both too.
   */
  async function refused(o: OrderRow, e: unknown): Promise<void> {
    const kind = failureKindOf(e);
    if (kind === 'funds' || (e instanceof TradeError && e.kind === 'safety')) {
      const [reason, because] = [friendly(e), reasonOf(e)];
      await move(o, 'active', 'paused', { note: errorNote(because, reason) }, { kind: 'paused', reason, why: because });
    } else if (kind === 'no-holding' && o.side === 'sell') {
      const gone = 'the holding is gone';
      await move(o, 'active', 'cancelled', { note: gone }, { kind: 'cancelled', reason: gone });
    } else {
      // the token is between curve and DEX, the service is busy, ...: the next check tries again
      log.warn({ order: o.id, err: e instanceof Error ? e.message : e }, 'order not fired; will check again');
    }
  }

  /** Settles an order from its trade's result (once: only an executing order moves). */
  async function settle(t: TradeRow, outcome: TradeOutcome): Promise<void> {
    const o = await store.order(t.orderId!);
    if (!o || o.status !== 'executing') return;
    if (outcome.state === 'confirmed') return filled(o, t, outcome);
    const reason = outcome.reason ?? 'failed';
    const because = outcome.why;
    if (outcome.failureKind === 'funds') {
      const note = because ? errorNote(because, reason) : reason;
      await move(o, 'executing', 'paused', { note }, { kind: 'paused', reason, why: because, outcome });
    } else if (outcome.failureKind === 'no-holding' && o.side === 'sell') {
      const gone = 'the holding is gone';
      await move(o, 'executing', 'cancelled', { note: gone }, { kind: 'cancelled', reason: gone, outcome });
    } else if (outcome.failureCode === 'TOKEN_LAUNCHED') {
      // built for the curve, landed after the launch: nothing traded; the order goes on, on the DEX
      const note = 'the token launched; the order now trades on the DEX';
      await move(
        o,
        'executing',
        'active',
        { note },
        { kind: 'retrying', reason: 'the token launched under the trade', outcome },
      );
      void core.check(o.token).catch(() => undefined);
    } else if (o.kind === 'dca') {
      const r = nextRound(o, `failed: ${reason}`, 'failed', now());
      await move(o, 'executing', r.to, r.fields, { kind: 'failed', reason, why: because, outcome });
    } else {
      await move(o, 'executing', 'failed', { note: reason }, { kind: 'failed', reason, why: because, outcome });
    }
  }

  /** A confirmed trade: the order fills (a DCA counts the round), its pair goes (a buy's auto TP/SL is the trade flow's). */
  async function filled(o: OrderRow, t: TradeRow, outcome: TradeOutcome): Promise<void> {
    const priceTrx = fillPriceTrx(t.side as Side, BigInt(quoteOfTrade(t).amountIn), outcome.received);
    const tell = { kind: 'filled' as const, outcome, priceTrx };
    if (o.kind === 'dca') {
      const r = nextRound(o, 'filled', 'filled', now());
      await move(o, 'executing', r.to, r.fields, tell);
    } else if (await move(o, 'executing', 'filled', { note: 'filled' }, tell)) {
      await cancelPair(o);
    }
  }

  /** A take-profit that filled cancels its position's stop-loss, and the other way round. */
  async function cancelPair(o: OrderRow): Promise<void> {
    if (!o.groupId || (o.kind !== 'tp' && o.kind !== 'sl')) return;
    const other = o.kind === 'tp' ? 'sl' : 'tp';
    const why = `its ${o.kind.toUpperCase()} filled`;
    for (const sib of await store.openOrders(o.userId, o.token)) {
      if (sib.groupId !== o.groupId || sib.kind !== other) continue;
      await move(sib, OPEN, 'cancelled', { note: why }, { kind: 'cancelled', reason: why });
    }
  }

  /** Settles or resumes the orders a stop caught between trigger and result. */
  async function resumeExecuting(): Promise<void> {
    for (const o of await store.executingOrders()) {
      const last = (await store.orderTrades(o.id)).at(-1);
      if (!last) {
        await move(o, 'executing', 'active', {});
      } else if (['claimed', 'approving', 'signed', 'broadcast'].includes(last.status)) {
        // nothing was signed yet, or the same signed bytes are sent again and followed
        core.execute(last.id);
      } else {
        await settle(last, JSON.parse(last.result ?? '{"state":"failed"}') as TradeOutcome);
      }
    }
  }

  /**
   * A fork took a filled order's trade away and it could not land again: the order did not fill after
   * all, and its user is told.
   */
  async function undone(t: TradeRow, outcome: TradeOutcome): Promise<void> {
    const o = t.orderId ? await store.order(t.orderId) : undefined;
    const reason = outcome.reason ?? 'a chain reorganisation removed its trade';
    if (o?.status === 'filled')
      await move(o, 'filled', 'failed', { note: reason }, { kind: 'failed', reason, why: outcome.why, outcome });
    else log.warn({ trade: t.id, order: t.orderId, reason }, 'an order round was undone by a fork');
  }

  return { refused, settle, resumeExecuting, undone };
}
