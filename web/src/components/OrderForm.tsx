// A limit, take-profit or stop-loss order on a token page (POST /app/api/orders). A limit buys (TRX)
// or sells (percent of the holding) at a price in TRX; TP and SL sell a percent of the holding once the
// price is that many percent above or below the entry. The order is only stored here: it trades when
// its trigger is met, through the same trading side as the bot's /orders.
import { useState } from 'preact/hooks';
import type { Order, OrderRequest, TokenPage } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { errorText } from '../hooks';
import { typedAmount } from '../text';
import { Tabs } from './Tabs';

type Kind = OrderRequest['kind'];
type Side = OrderRequest['side'];

export function OrderForm({ page }: { page: TokenPage }) {
  const { api, t, go } = useApp();
  const [kind, setKind] = useState<Kind>('limit');
  const [side, setSide] = useState<Side>('buy');
  const [amount, setAmount] = useState('');
  const [trigger, setTrigger] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [placed, setPlaced] = useState<Order>();
  const sideNow: Side = kind === 'limit' ? side : 'sell';
  const amountOk = typedAmount(amount);
  const triggerOk = typedAmount(trigger);
  const valid = amountOk !== undefined && triggerOk !== undefined && (sideNow === 'buy' || Number(amountOk) <= 100);

  const submit = async (e: Event) => {
    e.preventDefault();
    if (!valid || busy) return;
    const body: OrderRequest = {
      token: page.token.address,
      kind,
      side: sideNow,
      amount: sideNow === 'buy' ? amountOk : `${amountOk}%`,
      trigger: kind === 'limit' ? triggerOk : `${kind === 'tp' ? '+' : '-'}${triggerOk}`,
    };
    setBusy(true);
    setError(undefined);
    setPlaced(undefined);
    try {
      setPlaced(await api.post<Order>('orders', body));
      setAmount('');
      setTrigger('');
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="order-form" data-testid="order-form" onSubmit={(e) => void submit(e)}>
      <Tabs
        small
        prefix="order-kind"
        items={(['limit', 'tp', 'sl'] as Kind[]).map((key) => ({ key, label: t(`app-order-kind-${key}`) }))}
        active={kind}
        onSelect={setKind}
      />
      {kind === 'limit' && (
        <Tabs
          small
          prefix="order-side"
          items={[
            { key: 'buy', label: t('app-buy') },
            { key: 'sell', label: t('app-sell') },
          ]}
          active={side}
          onSelect={setSide}
        />
      )}
      <label class="field">
        <span class="field__label">{t(sideNow === 'buy' ? 'app-order-amount-trx' : 'app-order-amount-pct')}</span>
        <input
          class="field__input"
          data-testid="order-amount"
          inputMode="decimal"
          autocomplete="off"
          value={amount}
          placeholder={sideNow === 'buy' ? '10' : '50'}
          onInput={(e) => setAmount(e.currentTarget.value)}
        />
      </label>
      <label class="field">
        <span class="field__label">{t(`app-order-trigger-${kind}`)}</span>
        <input
          class="field__input"
          data-testid="order-trigger"
          inputMode="decimal"
          autocomplete="off"
          value={trigger}
          placeholder={kind === 'limit' ? '0.0001' : kind === 'tp' ? '100' : '30'}
          onInput={(e) => setTrigger(e.currentTarget.value)}
        />
      </label>
      {error && (
        <p class="notice notice--error" data-testid="order-error">
          {error}
        </p>
      )}
      {placed && (
        <p class="notice notice--ok" data-testid="order-placed" data-order-id={placed.id}>
          {t('app-order-placed', { text: placed.text })}{' '}
          <button type="button" class="link" onClick={() => go('orders')}>
            {t('app-order-see-all')}
          </button>
        </p>
      )}
      <button type="submit" class="button" data-testid="order-submit" disabled={!valid || busy}>
        {t('app-order-place')}
      </button>
    </form>
  );
}
