// A token page: header (price, change, curve progress, safety), the live candle chart, Buy / Sell, and
// tabs for recent trades, holders and a limit / TP / SL order. One live stream per page feeds the
// chart, the price and the trades list.
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import type { LiveTrade, TokenPage } from '../../../src/web/contract';
import { useApp } from '../app-context';
import { errorText, usePoll } from '../hooks';
import { createHub, toMs } from '../live';
import { HoldersList } from './HoldersList';
import { OrderForm } from './OrderForm';
import { PriceChart } from './PriceChart';
import { Tabs } from './Tabs';
import { TokenHeader } from './TokenHeader';
import { TradePanel } from './TradePanel';
import { TradesList, type TradeItem } from './TradesList';

const REFRESH_MS = 10_000;
type Tab = 'trades' | 'holders' | 'order';

export function TokenScreen({ address }: { address: string }) {
  const { api, t } = useApp();
  const [page, setPage] = useState<TokenPage>();
  const [error, setError] = useState<string>();
  const [livePrice, setLivePrice] = useState<number>();
  const [live, setLive] = useState<TradeItem[]>([]);
  const [tab, setTab] = useState<Tab>('trades');
  const [reload, setReload] = useState(0);
  const [connected, setConnected] = useState(false);
  const hub = useMemo(() => createHub<LiveTrade>(), [address]);

  usePoll(
    async (current) => {
      try {
        const p = await api.get<TokenPage>(`tokens/${encodeURIComponent(address)}`);
        if (!current()) return;
        setPage(p);
        setError(undefined);
      } catch (e) {
        if (current()) setError(errorText(e, t));
      }
    },
    REFRESH_MS,
    [address, reload],
  );

  useEffect(() => {
    setLive([]);
    setLivePrice(undefined);
    setConnected(false);
    return api.live(
      address,
      (trade) => {
        if (trade.token !== address) return;
        hub.emit(trade);
        setLivePrice(trade.priceTrx);
        setLive((list) =>
          [
            {
              txid: trade.txid,
              type: trade.type,
              user: '',
              trxAmount: trade.trxAmount,
              tokenAmount: trade.tokenAmount,
              timestamp: trade.timestamp,
            },
            ...list,
          ].slice(0, 50),
        );
      },
      setConnected,
    );
  }, [api, address, hub]);

  const trades = useMemo(() => {
    const seen = new Set<string>();
    const all = [...live, ...(page?.trades ?? [])].filter((tr) => !seen.has(tr.txid) && seen.add(tr.txid));
    return all.sort((a, b) => toMs(b.timestamp) - toMs(a.timestamp)).slice(0, 50);
  }, [live, page]);

  const onTraded = useCallback(() => setReload((r) => r + 1), []);

  if (!page)
    return (
      <section class="screen">
        {error ? (
          <p class="notice notice--error" data-testid="token-error">
            {error}
          </p>
        ) : (
          <p class="hint center">{t('app-loading')}</p>
        )}
      </section>
    );

  return (
    <section
      class="screen token-screen"
      data-testid="token-screen"
      data-address={address}
      data-live={connected ? 'open' : 'closed'}
    >
      <TokenHeader page={page} price={livePrice ?? page.token.priceTrx} />
      <PriceChart address={address} hub={hub} />
      <TradePanel page={page} onTraded={onTraded} />
      <Tabs
        prefix="token-tab"
        items={[
          { key: 'trades', label: t('app-tab-trades') },
          { key: 'holders', label: t('app-tab-holders') },
          { key: 'order', label: t('app-tab-order') },
        ]}
        active={tab}
        onSelect={setTab}
      />
      {tab === 'trades' && <TradesList trades={trades} />}
      {tab === 'holders' && <HoldersList holders={page.holders} />}
      {tab === 'order' && <OrderForm page={page} />}
    </section>
  );
}
