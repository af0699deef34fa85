// The top of a token page: symbol, name (and its network, when the app serves more than one), price
// (moved by live trades), 24 h change, market cap and volume, the curve's progress or where it trades
// since its launch, and the safety verdict.
import type { TokenPage } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { Change } from './Change';
import { ProgressBar } from './ProgressBar';
import { SafetyVerdict } from './SafetyVerdict';

export function TokenHeader({ page, price }: { page: TokenPage; price: number }) {
  const { t, n } = useApp();
  const token = page.token;
  return (
    <header class="token-header">
      <div class="token-header__row">
        <div>
          <h1 class="token-header__symbol">{token.symbol}</h1>
          <div class="hint">{token.name}</div>
          {token.network && (
            <div class="hint" data-testid="token-network">
              {t('app-token-network', { network: token.network })}
            </div>
          )}
        </div>
        <div class="token-header__price">
          <div data-testid="token-page-price" data-price={price}>
            {n.price(price)} TRX
          </div>
          <Change pct={token.priceChange24hPct} />
        </div>
      </div>
      <div class="hint">
        {t('app-token-row-stats', { mcap: n.usd(token.marketCapUsd), volume: n.compact(token.volume24hTrx) })}
      </div>
      <div class="token-header__progress" data-testid="curve-progress" data-progress={token.progressPct}>
        {token.status === 'LAUNCHED' ? (
          <span>
            {token.dex
              ? t('app-token-launched-liquidity', { liquidity: n.compact(token.dex.liquidityTrx) })
              : t('app-token-launched')}
          </span>
        ) : (
          <>
            <span>
              {t(token.status === 'LAUNCH_PENDING' ? 'app-token-launching' : 'app-token-curve', {
                pct: n.pct(token.progressPct, 1),
              })}
            </span>
            <ProgressBar pct={token.progressPct} label={t('app-progress-label')} />
          </>
        )}
      </div>
      <SafetyVerdict safety={page.safety} />
    </header>
  );
}
