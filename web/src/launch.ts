// Telegram's launch parameters, read by the page itself from its URL (the fragment Telegram opens it
// with: #tgWebAppData=…&tgWebAppThemeParams=…&tgWebAppVersion=…&tgWebAppPlatform=…&tgWebAppStartParam=…)
// with @tma.js/sdk, so no script from outside the app's origin is needed. The raw initData is kept
// verbatim: the server checks its signature over exactly those bytes.
import { retrieveLaunchParams, retrieveRawInitData } from '@tma.js/sdk';

export interface Launch {
  /** Telegram's initData as it came (a query string), '' when the page was opened without one */
  initData: string;
  /** initData's user.language_code */
  languageCode: string | undefined;
  /** themeParams, snake_case keys (bg_color, …) to colours */
  theme: Record<string, string>;
  /** a token address the start parameter names (tgWebAppStartParam, or ?startapp= in the page's URL) */
  startToken: string | undefined;
}

/** A Tron address in base58: what a start parameter names (alone, or after a prefix such as `token_`). */
const ADDRESS = /T[1-9A-HJ-NP-Za-km-z]{33}/;

export function tokenFromStartParam(param: string | null | undefined): string | undefined {
  return param ? ADDRESS.exec(param)?.[0] : undefined;
}

/** Reads the launch parameters from the page's URL (or, after a reload, where the SDK kept them). */
export function readLaunch(location: Location = window.location): Launch {
  const query = new URLSearchParams(location.search);
  let initData: string;
  let languageCode: string | undefined;
  let theme: Record<string, unknown>;
  let startParam: string | null | undefined;
  try {
    const lp = retrieveLaunchParams();
    initData = retrieveRawInitData() ?? '';
    languageCode = lp.tgWebAppData?.user?.language_code;
    theme = lp.tgWebAppThemeParams ?? {};
    startParam = lp.tgWebAppStartParam ?? lp.tgWebAppData?.start_param;
  } catch {
    // Parameters the SDK refuses as a whole (no tgWebAppVersion, say): take what the fragment holds.
    const hash = new URLSearchParams(location.hash.replace(/^#/, ''));
    initData = hash.get('tgWebAppData') ?? '';
    const data = new URLSearchParams(initData);
    languageCode = parseJson(data.get('user'))?.language_code as string | undefined;
    theme = parseJson(hash.get('tgWebAppThemeParams')) ?? {};
    startParam = hash.get('tgWebAppStartParam') ?? data.get('start_param');
  }
  startParam ??= query.get('startapp') ?? query.get('tgWebAppStartParam');
  return { initData, languageCode, theme: snakeKeys(theme), startToken: tokenFromStartParam(startParam) };
}

function parseJson(text: string | null): Record<string, unknown> | undefined {
  if (!text) return undefined;
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Theme keys as Telegram writes them (bg_color), whichever case a source used; colour values only. */
function snakeKeys(theme: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(theme))
    if (typeof v === 'string' && /^#[0-9a-f]{3,8}$/i.test(v))
      out[k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = v;
  return out;
}

/** Whether the page runs inside a Telegram client (which has a native back button and takes events). */
export function insideTelegram(): boolean {
  const w = window as Window & { TelegramWebviewProxy?: unknown; external?: { notify?: unknown } };
  let framed: boolean;
  try {
    framed = window.self !== window.top;
  } catch {
    framed = true;
  }
  return framed || w.TelegramWebviewProxy !== undefined || typeof w.external?.notify === 'function';
}
