import type { TokenPage } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { toMs } from '../live';
import { short } from '../text';

export type TradeItem = TokenPage['trades'][number];

export function TradesList({ trades }: { trades: TradeItem[] }) {
  const { t, n } = useApp();
  if (!trades.length) return <p class="hint center">{t('app-trades-empty')}</p>;
  return (
    <ul class="rows">
      {trades.map((tr) => (
        <li key={tr.txid} class="rows__row" data-testid="trade-row" data-txid={tr.txid} data-type={tr.type}>
          <span class={tr.type === 'BUY' ? 'change--up' : 'change--down'}>
            {t(tr.type === 'BUY' ? 'app-trade-buy' : 'app-trade-sell')}
          </span>
          <span class="rows__num">{n.trxNum(tr.trxAmount)}</span>
          <span class="mono hint">{short(tr.user)}</span>
          <span class="hint">{n.time(toMs(tr.timestamp))}</span>
        </li>
      ))}
    </ul>
  );
}
