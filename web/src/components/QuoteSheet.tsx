// The confirmation sheet: exactly the terms the trading side pins and signs (amount in, expected out,
// the minimum after slippage, fees, price impact, network fee) and how long they hold. Confirm posts
// /app/api/trades/:id once (the button is disabled from the first tap; the server claims the trade
// exactly once anyway).
import { useState } from 'preact/hooks';
import type { Quote, TradeState } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { tokenPlaces } from '../format';
import { errorText, useNow } from '../hooks';
import type { Translate } from '../i18n';

export function QuoteSheet(props: {
  quote: Quote;
  onCancel: () => void;
  onRequote: () => void;
  onSent: (state: TradeState) => void;
}) {
  const { api, t, n } = useApp();
  const q = props.quote;
  const now = useNow(250);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const left = Math.max(0, Math.ceil((q.expiresAt - now) / 1000));
  const expired = left === 0;
  const buy = q.side === 'buy';
  const tokens = (units: string) => `${n.tokens(units, q.decimals, tokenPlaces(units, q.decimals))} ${q.symbol}`;
  const trx = (sun: string) => n.trx(sun);

  const confirm = async () => {
    if (sending || expired) return;
    setSending(true);
    setError(undefined);
    try {
      props.onSent(await api.post<TradeState>(`trades/${encodeURIComponent(q.id)}`));
    } catch (e) {
      setError(errorText(e, t));
      setSending(false);
    }
  };

  const rows: Array<[string, string, string]> = [
    ['pay', t(buy ? 'app-quote-pay' : 'app-quote-sell'), buy ? trx(q.amountIn) : tokens(q.amountIn)],
    ['expected', t('app-quote-expected'), buy ? tokens(q.expectedOut) : trx(q.expectedOut)],
    ['min', t('app-quote-min', { pct: n.pct(q.slippagePct, 2) }), buy ? tokens(q.minOut) : trx(q.minOut)],
    ['router-fee', t('app-quote-router-fee', { pct: n.pct(q.feeBps / 100, 2) }), trx(q.routerFeeSun)],
  ];
  if (q.launchpadFeeSun !== '0') rows.push(['launchpad-fee', t('app-quote-launchpad-fee'), trx(q.launchpadFeeSun)]);
  rows.push(['impact', t('app-quote-impact'), n.pct(q.impactBps / 100, 2)]);
  rows.push(['network-fee', t('app-quote-network-fee'), networkFee(q, trx, t)]);
  rows.push(['venue', t('app-quote-venue'), t(`app-venue-${q.venue}`)]);

  return (
    <div class="sheet-backdrop" onClick={props.onCancel}>
      <div
        class="sheet"
        role="dialog"
        aria-modal="true"
        data-testid="quote-sheet"
        data-quote-id={q.id}
        onClick={(e) => e.stopPropagation()}
      >
        <h2>{t(buy ? 'app-quote-title-buy' : 'app-quote-title-sell', { symbol: q.symbol })}</h2>
        <dl class="quote">
          {rows.map(([key, label, value]) => (
            <div key={key} class="quote__row" data-testid={`quote-${key}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p class={expired ? 'notice notice--error' : 'hint'} data-testid="quote-countdown" data-left={left}>
          {expired ? t('app-quote-expired') : t('app-quote-valid', { seconds: left })}
        </p>
        {error && (
          <p class="notice notice--error" data-testid="confirm-error">
            {error}
          </p>
        )}
        <div class="sheet__actions">
          <button type="button" class="button button--plain" data-testid="cancel-quote" onClick={props.onCancel}>
            {t('app-cancel')}
          </button>
          {expired ? (
            <button type="button" class="button" data-testid="requote-button" onClick={props.onRequote}>
              {t('app-quote-again')}
            </button>
          ) : (
            <button
              type="button"
              class={buy ? 'button button--buy' : 'button button--sell'}
              data-testid="confirm-button"
              disabled={sending}
              onClick={() => void confirm()}
            >
              {sending ? t('app-sending') : t('app-confirm')}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

function networkFee(q: Quote, trx: (sun: string) => string, t: Translate): string {
  if (q.energyPool === 'sponsored') return t('app-fee-sponsored');
  if (q.networkFeeSun === undefined) return t('app-fee-unknown');
  return q.networkFeeMaxSun !== undefined && q.networkFeeMaxSun !== q.networkFeeSun
    ? t('app-fee-up-to', { fee: trx(q.networkFeeSun), max: trx(q.networkFeeMaxSun) })
    : trx(q.networkFeeSun);
}
