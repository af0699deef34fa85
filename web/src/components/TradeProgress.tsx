// A sent trade, followed (GET /app/api/trades/:id every second) until it is final, failed or expired;
// "landed" already shows what the user received. data-testid "trade-status" carries data-status.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { TradeState } from '../../../src/web/contract';
import { useApp } from '../app-context';

const POLL_MS = 1000;
const GIVE_UP_MS = 5 * 60_000;
const DONE = new Set<TradeState['status']>(['final', 'failed', 'expired']);

export function TradeProgress(props: {
  initial: TradeState;
  /** what the trade's `received` amount reads as (tokens for a buy, TRX for a sell) */
  received: (amount: string) => string;
  onDone: () => void;
  onClose: () => void;
}) {
  const { api, t } = useApp();
  const [state, setState] = useState(props.initial);
  const landedOnce = useRef(false);
  const onDone = useRef(props.onDone);
  onDone.current = props.onDone;

  useEffect(() => {
    let alive = true;
    const until = Date.now() + GIVE_UP_MS;
    const follow = async (s: TradeState) => {
      let current = s;
      while (alive && !DONE.has(current.status) && Date.now() < until) {
        await new Promise((r) => window.setTimeout(r, POLL_MS));
        if (!alive) return;
        try {
          current = await api.get<TradeState>(`trades/${encodeURIComponent(s.id)}`);
          if (alive) setState(current);
        } catch {
          // a missed poll: the next one asks again
        }
      }
    };
    void follow(props.initial);
    return () => {
      alive = false;
    };
  }, [api, props.initial]);

  useEffect(() => {
    if ((state.status === 'landed' || state.status === 'final') && !landedOnce.current) {
      landedOnce.current = true;
      onDone.current();
    }
  }, [state.status]);

  const tone =
    state.status === 'failed' || state.status === 'expired'
      ? 'notice--error'
      : state.status === 'landed' || state.status === 'final'
        ? 'notice--ok'
        : '';
  return (
    <div
      class={`notice trade-status ${tone}`}
      data-testid="trade-status"
      data-status={state.status}
      data-txid={state.txid}
    >
      <span>{t(`app-trade-status-${state.status}`)}</span>
      {state.received && (state.status === 'landed' || state.status === 'final') && (
        <span data-testid="trade-received" data-received={state.received}>
          {t('app-trade-received', { amount: props.received(state.received) })}
        </span>
      )}
      {state.reason && <span class="trade-status__reason">{state.reason}</span>}
      {state.txid && <span class="mono hint trade-status__tx">{state.txid.slice(0, 16)}…</span>}
      {DONE.has(state.status) && (
        <button type="button" class="link" data-testid="trade-status-close" onClick={props.onClose}>
          {t('app-close')}
        </button>
      )}
    </div>
  );
}
