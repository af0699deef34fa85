// Buy and sell on a token page: the user's preset buttons fill the amount (they never trade), the
// amount input, the slippage; "Buy"/"Sell" asks the server for a quote and opens the confirmation
// sheet with its exact terms, and only the sheet's Confirm sends the trade. Never one tap from an
// amount to a trade.
import { useCallback, useState } from 'preact/hooks';
import type { Quote, TokenPage, TradeState } from '../../../src/web/contract';
import { useApp, useBackLayer } from '../app-context';
import { tokenPlaces } from '../format';
import { errorText } from '../hooks';
import { typedAmount } from '../text';
import { QuoteSheet } from './QuoteSheet';
import { Tabs } from './Tabs';
import { TradeProgress } from './TradeProgress';

type Side = 'buy' | 'sell';

/** The amount as the server takes it: TRX for a buy; for a sell "25%" or a number of tokens. */
function amountFor(side: Side, text: string): string | undefined {
  const s = text.trim().replace(/\s+/g, '');
  if (side === 'sell' && s.endsWith('%')) {
    const pct = typedAmount(s.slice(0, -1));
    return pct !== undefined && Number(pct) <= 100 ? `${pct}%` : undefined;
  }
  return typedAmount(s);
}

export function TradePanel({ page, onTraded }: { page: TokenPage; onTraded: () => void }) {
  const { api, t, n, me, refreshMe } = useApp();
  const [side, setSide] = useState<Side>('buy');
  const [text, setText] = useState('');
  const [quote, setQuote] = useState<Quote>();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string>();
  const [trade, setTrade] = useState<{ state: TradeState; received: (amount: string) => string }>();
  const amount = amountFor(side, text);
  const token = page.token;

  const closeSheet = useCallback(() => setQuote(undefined), []);
  useBackLayer(quote !== undefined, closeSheet);

  const pickSide = (s: Side) => {
    setSide(s);
    setText('');
    setError(undefined);
  };

  const ask = async () => {
    if (!amount || asking) return;
    setAsking(true);
    setError(undefined);
    try {
      setQuote(await api.post<Quote>('quotes', { token: token.address, side, amount }));
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setAsking(false);
    }
  };

  const done = useCallback(() => {
    onTraded();
    void refreshMe().catch(() => {});
  }, [onTraded, refreshMe]);

  const presets =
    side === 'buy'
      ? (me?.settings.buyPresets ?? []).map((v) => ({ label: `${n.num(v, 6)} TRX`, value: String(v) }))
      : (me?.settings.sellPresets ?? []).map((v) => ({ label: n.pct(v, 2), value: `${v}%` }));

  return (
    <section class="trade-panel" data-testid="trade-panel" data-side={side}>
      <Tabs
        prefix="side"
        items={[
          { key: 'buy', label: t('app-buy') },
          { key: 'sell', label: t('app-sell') },
        ]}
        active={side}
        onSelect={pickSide}
      />
      <div class="presets">
        {presets.map((p) => (
          <button
            key={p.value}
            type="button"
            class={text === p.value ? 'chip chip--active' : 'chip'}
            data-testid="preset"
            data-value={p.value}
            onClick={() => setText(p.value)}
          >
            {p.label}
          </button>
        ))}
      </div>
      <label class="field">
        <span class="field__label">{t(side === 'buy' ? 'app-amount-trx' : 'app-amount-sell')}</span>
        <input
          class="field__input"
          data-testid="amount-input"
          inputMode="decimal"
          autocomplete="off"
          placeholder={side === 'buy' ? '10' : '50%'}
          value={text}
          onInput={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Enter' && void ask()}
        />
      </label>
      <p class="hint trade-panel__info">
        {side === 'buy'
          ? t('app-balance', { amount: me ? n.trx(me.wallet.trxSun, 2) : '…' })
          : t('app-holding', { amount: n.tokens(page.heldUnits, page.decimals, 2), symbol: token.symbol })}
        {' · '}
        <span data-testid="slippage">{t('app-slippage', { pct: n.pct(me?.settings.slippagePct ?? 0, 2) })}</span>
      </p>
      {error && (
        <p class="notice notice--error" data-testid="trade-error">
          {error}
        </p>
      )}
      <button
        type="button"
        class={side === 'buy' ? 'button button--buy' : 'button button--sell'}
        data-testid={side === 'buy' ? 'buy-button' : 'sell-button'}
        disabled={!amount || asking}
        onClick={() => void ask()}
      >
        {asking ? t('app-quoting') : t(side === 'buy' ? 'app-buy-symbol' : 'app-sell-symbol', { symbol: token.symbol })}
      </button>
      {trade && (
        <TradeProgress
          initial={trade.state}
          received={trade.received}
          onDone={done}
          onClose={() => setTrade(undefined)}
        />
      )}
      {quote && (
        <QuoteSheet
          quote={quote}
          onCancel={closeSheet}
          onRequote={() => {
            setQuote(undefined);
            void ask();
          }}
          onSent={(state) => {
            const q = quote;
            setQuote(undefined);
            setText('');
            setTrade({
              state,
              received: (amount) =>
                q.side === 'buy'
                  ? `${n.tokens(amount, q.decimals, tokenPlaces(amount, q.decimals))} ${q.symbol}`
                  : n.trx(amount),
            });
          }}
        />
      )}
    </section>
  );
}
