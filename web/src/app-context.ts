// What every screen reaches: the API, the texts and number formats of the user's language, the user's
// /me answer, and navigation (a stack of routes under the bottom nav; back pops it, or closes the sheet
// on top first).
import { createContext } from 'preact';
import { useContext, useEffect } from 'preact/hooks';
import type { Me } from '../../src/web/contract';
import type { Api } from './api';
import type { Numbers } from './format';
import type { Translate } from './i18n';

export type Tab = 'tokens' | 'positions' | 'orders' | 'wallet';
export type Route = { screen: Tab } | { screen: 'token'; address: string };

export interface AppState {
  api: Api;
  t: Translate;
  n: Numbers;
  me: Me | undefined;
  refreshMe: () => Promise<void>;
  /** Opens a screen on top of the current one. */
  open: (route: Route) => void;
  /** Goes to a tab of the bottom nav (a fresh stack). */
  go: (tab: Tab) => void;
  /** What Telegram's back button (or the page's) does. */
  back: () => void;
  /** Makes `onBack` the first thing back does (a sheet closing) until the returned function is called. */
  pushBackLayer: (onBack: () => void) => () => void;
}

export const AppContext = createContext<AppState | undefined>(undefined);

export function useApp(): AppState {
  const app = useContext(AppContext);
  if (!app) throw new Error('useApp outside <AppContext.Provider>');
  return app;
}

/** While `active`, back calls `onBack` (closing a sheet) instead of leaving the screen. */
export function useBackLayer(active: boolean, onBack: () => void): void {
  const { pushBackLayer } = useApp();
  useEffect(() => (active ? pushBackLayer(onBack) : undefined), [active, onBack, pushBackLayer]);
}
