// The user's open orders (GET /app/api/orders), each with Cancel (DELETE /app/api/orders/:id).
import { useState } from 'preact/hooks';
import type { Order } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { errorText, listOf, usePoll } from '../hooks';

const REFRESH_MS = 5000;

export function OrdersScreen() {
  const { api, t, open } = useApp();
  const [rows, setRows] = useState<Order[]>();
  const [error, setError] = useState<string>();
  const [cancelling, setCancelling] = useState<string>();
  const [reload, setReload] = useState(0);

  usePoll(
    async (current) => {
      try {
        const data = await api.get<unknown>('orders');
        if (!current()) return;
        setRows(listOf<Order>(data, 'orders'));
      } catch (e) {
        if (current()) setError(errorText(e, t));
      }
    },
    REFRESH_MS,
    [reload],
  );

  const cancel = async (order: Order) => {
    setCancelling(order.id);
    setError(undefined);
    try {
      await api.del<unknown>(`orders/${encodeURIComponent(order.id)}`);
      setRows((list) => list?.filter((o) => o.id !== order.id));
      setReload((r) => r + 1);
    } catch (e) {
      setError(errorText(e, t));
    } finally {
      setCancelling(undefined);
    }
  };

  return (
    <section class="screen">
      <h1 class="screen__title">{t('app-orders-title')}</h1>
      {error && (
        <p class="notice notice--error" data-testid="orders-error">
          {error}
        </p>
      )}
      {rows === undefined && !error && <p class="hint center">{t('app-loading')}</p>}
      {rows?.length === 0 && (
        <p class="hint center" data-testid="orders-empty">
          {t('app-orders-empty')}
        </p>
      )}
      {rows && rows.length > 0 && (
        <ul class="list">
          {rows.map((o) => (
            <li key={o.id} class="order-row" data-testid="order-row" data-order-id={o.id} data-kind={o.kind}>
              <button type="button" class="order-row__main" onClick={() => open({ screen: 'token', address: o.token })}>
                <strong>
                  {o.symbol} · {t(`app-order-kind-${o.kind}`)}
                </strong>
                <span class="hint">{o.text}</span>
              </button>
              <button
                type="button"
                class="button button--small button--plain"
                data-testid="order-cancel"
                disabled={cancelling === o.id}
                onClick={() => void cancel(o)}
              >
                {t('app-order-cancel')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
