// The user's positions: value, cost and PnL in TRX and percent (GET /app/api/positions, refreshed every
// few seconds); a row opens its token.
import { useState } from 'preact/hooks';
import type { Position } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { toBigInt } from '../format';
import { errorText, listOf, usePoll } from '../hooks';

const REFRESH_MS = 5000;

export function PositionsScreen() {
  const { api, t, n, open } = useApp();
  const [rows, setRows] = useState<Position[]>();
  const [error, setError] = useState<string>();

  usePoll(
    async (current) => {
      try {
        const data = await api.get<unknown>('positions');
        if (!current()) return;
        setRows(listOf<Position>(data, 'positions'));
        setError(undefined);
      } catch (e) {
        if (current()) setError(errorText(e, t));
      }
    },
    REFRESH_MS,
    [],
  );

  const total = rows?.reduce(
    (sum, p) => ({
      value: sum.value + (toBigInt(p.valueSun) ?? 0n),
      cost: sum.cost + (toBigInt(p.costSun) ?? 0n),
      pnl: sum.pnl + (toBigInt(p.pnlSun) ?? 0n),
    }),
    { value: 0n, cost: 0n, pnl: 0n },
  );

  return (
    <section class="screen">
      <h1 class="screen__title">{t('app-positions-title')}</h1>
      {error && <p class="notice notice--error">{error}</p>}
      {rows === undefined && !error && <p class="hint center">{t('app-loading')}</p>}
      {rows?.length === 0 && (
        <p class="hint center" data-testid="positions-empty">
          {t('app-positions-empty')}
        </p>
      )}
      {total && rows && rows.length > 0 && (
        <div class="card" data-testid="positions-total">
          <div class="kv">
            <span>{t('app-positions-value')}</span>
            <strong>{n.trx(total.value, 2)}</strong>
          </div>
          <div class="kv">
            <span>{t('app-positions-pnl')}</span>
            <strong class={pnlClass(total.pnl)}>{signed(n.trx(total.pnl, 2), total.pnl)}</strong>
          </div>
        </div>
      )}
      {rows && rows.length > 0 && (
        <ul class="list">
          {rows.map((p) => {
            const pnl = toBigInt(p.pnlSun) ?? 0n;
            return (
              <li key={p.token}>
                <button
                  type="button"
                  class="position-row"
                  data-testid="position-row"
                  data-token={p.token}
                  data-held={p.heldUnits}
                  onClick={() => open({ screen: 'token', address: p.token })}
                >
                  <span class="position-row__top">
                    <strong>{p.symbol}</strong>
                    <span class={pnlClass(pnl)} data-testid="position-pnl">
                      {signed(n.trx(p.pnlSun, 2), pnl)} ({n.signedPct(p.pnlPct)})
                    </span>
                  </span>
                  <span class="position-row__bottom hint">
                    <span>{t('app-position-held', { amount: n.tokens(p.heldUnits, p.decimals, 2) })}</span>
                    <span data-testid="position-value">
                      {t('app-position-value-cost', { value: n.trx(p.valueSun, 2), cost: n.trx(p.costSun, 2) })}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const pnlClass = (pnl: bigint) => (pnl > 0n ? 'change--up' : pnl < 0n ? 'change--down' : '');
const signed = (text: string, v: bigint) => (v > 0n ? `+${text}` : text);
