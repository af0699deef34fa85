// The page: the session (initData → /app/api/me), the language, navigation with Telegram's back button
// (or the page's own outside Telegram), the screens and the bottom nav. A 401 from any call replaces
// everything with the screen that says the session is invalid or expired.
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Me } from '../../src/web/contract';
import { createApi } from './api';
import { AppContext, type AppState, type Route, type Tab } from './app-context';
import { BottomNav } from './components/BottomNav';
import { ErrorScreen } from './components/ErrorScreen';
import { OrdersScreen } from './components/OrdersScreen';
import { PositionsScreen } from './components/PositionsScreen';
import { TokenScreen } from './components/TokenScreen';
import { TokensScreen } from './components/TokensScreen';
import { WalletScreen } from './components/WalletScreen';
import { numbersFor } from './format';
import { errorText } from './hooks';
import { knownLang, langFromTelegram, translator } from './i18n';
import type { Launch } from './launch';
import type { Telegram } from './telegram';

export function App({ launch, telegram }: { launch: Launch; telegram: Telegram }) {
  const [lang, setLang] = useState(() => langFromTelegram(launch.languageCode));
  const [denied, setDenied] = useState<string | undefined>(launch.initData ? undefined : 'missing');
  const [me, setMe] = useState<Me>();
  const [meError, setMeError] = useState<string>();
  const [stack, setStack] = useState<Route[]>(() =>
    launch.startToken
      ? [{ screen: 'tokens' }, { screen: 'token', address: launch.startToken }]
      : [{ screen: 'tokens' }],
  );
  const layers = useRef<Array<() => void>>([]);
  const [layerCount, setLayerCount] = useState(0);

  const api = useMemo(() => createApi(launch.initData, (reason) => setDenied(reason || 'init-data')), [launch]);
  const t = useMemo(() => translator(lang), [lang]);
  const n = numbersFor(lang);

  const refreshMe = useCallback(async () => {
    const m = await api.get<Me>('me');
    setMe(m);
    setMeError(undefined);
    const l = knownLang(m.user.lang);
    if (l) setLang(l);
  }, [api]);

  const loadMe = useCallback(() => {
    refreshMe().catch((e: unknown) => setMeError(errorText(e, t)));
  }, [refreshMe, t]);
  // once, at the start (the wallet screen and a trade refresh it later)
  const started = useRef(false);
  useEffect(() => {
    if (started.current || denied) return;
    started.current = true;
    loadMe();
  }, [loadMe, denied]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t('app-title');
  }, [lang, t]);

  const back = useCallback(() => {
    const top = layers.current[layers.current.length - 1];
    if (top) top();
    else setStack((s) => (s.length > 1 ? s.slice(0, -1) : s));
  }, []);
  const pushBackLayer = useCallback((onBack: () => void) => {
    layers.current = [...layers.current, onBack];
    setLayerCount(layers.current.length);
    return () => {
      layers.current = layers.current.filter((l) => l !== onBack);
      setLayerCount(layers.current.length);
    };
  }, []);
  const open = useCallback((route: Route) => setStack((s) => [...s, route]), []);
  const go = useCallback((tab: Tab) => setStack([{ screen: tab }]), []);

  const canGoBack = layerCount > 0 || stack.length > 1;
  useEffect(() => telegram.setBackVisible(canGoBack && !denied), [telegram, canGoBack, denied]);
  useEffect(() => telegram.onBack(back), [telegram, back]);

  const state: AppState = useMemo(
    () => ({ api, t, n, me, refreshMe, open, go, back, pushBackLayer }),
    [api, t, n, me, refreshMe, open, go, back, pushBackLayer],
  );

  if (denied) return <ErrorScreen t={t} reason={denied} />;

  const route = stack[stack.length - 1]!;
  const tab: Tab | undefined = route.screen === 'token' ? undefined : route.screen;
  const rootTab = stack[0]!.screen as Tab;

  return (
    <AppContext.Provider value={state}>
      <div class="app" data-testid="app" data-screen={route.screen} data-lang={lang}>
        {!telegram.native && canGoBack && (
          <div class="topbar">
            <button type="button" class="topbar__back" data-testid="back-button" onClick={back}>
              ‹ {t('app-back')}
            </button>
          </div>
        )}
        {meError && (
          <p class="notice notice--error" data-testid="me-error">
            {meError}{' '}
            <button type="button" class="link" onClick={loadMe}>
              {t('app-retry')}
            </button>
          </p>
        )}
        <main class="content">
          {route.screen === 'token' && <TokenScreen key={route.address} address={route.address} />}
          {route.screen === 'tokens' && <TokensScreen />}
          {route.screen === 'positions' && <PositionsScreen />}
          {route.screen === 'orders' && <OrdersScreen />}
          {route.screen === 'wallet' && <WalletScreen />}
        </main>
        <BottomNav active={tab ?? rootTab} />
      </div>
    </AppContext.Provider>
  );
}
