import type { TokenRow } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { Change } from './Change';
import { ProgressBar } from './ProgressBar';

export function TokenListRow({ row }: { row: TokenRow }) {
  const { t, n, open } = useApp();
  return (
    <li>
      <button
        type="button"
        class="token-row"
        data-testid="token-row"
        data-address={row.address}
        onClick={() => open({ screen: 'token', address: row.address })}
      >
        <span class="token-row__top">
          <span class="token-row__symbol">{row.symbol}</span>
          <span class="token-row__price" data-testid="token-price">
            {n.price(row.priceTrx)} TRX
          </span>
        </span>
        <span class="token-row__mid">
          <span class="token-row__name">{row.name}</span>
          <Change pct={row.priceChange24hPct} />
        </span>
        <span class="token-row__bottom">
          <span class="hint">
            {t('app-token-row-stats', { mcap: n.usd(row.marketCapUsd), volume: n.compact(row.volume24hTrx) })}
          </span>
          <span class="hint">{n.pct(row.progressPct, 1)}</span>
        </span>
        <ProgressBar pct={row.progressPct} label={t('app-progress-label')} />
      </button>
    </li>
  );
}
