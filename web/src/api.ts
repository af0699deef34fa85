// Calls to the page's server (/app/api/…, src/web/contract.ts). Every call carries Telegram's raw
// initData verbatim (`Authorization: tma <initData>`); the live stream, an EventSource that cannot set
// headers, carries it in its `auth` query parameter. A 401 means the initData is missing, altered or
// expired: the caller's `onUnauthorized` shows the screen that says so.
import type { AppError, LiveTrade } from '../../src/web/contract';

export const API_BASE = `${import.meta.env.BASE_URL}api/`;

/** A refused call: the HTTP status, the server's error code and its message (in the user's language). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  del<T>(path: string): Promise<T>;
  /**
   * Follows the live trades of a token; `onOpen(true)` once the stream is connected (and again after a
   * reconnect), `onOpen(false)` when it drops. Returns the function that stops it.
   */
  live(token: string, onTrade: (trade: LiveTrade) => void, onOpen?: (open: boolean) => void): () => void;
}

export function createApi(initData: string, onUnauthorized: (reason: string) => void): Api {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const headers: Record<string, string> = { Authorization: `tma ${initData}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(API_BASE + path, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
      });
    } catch {
      throw new ApiError(0, 'network', '');
    }
    const data = (await res.json().catch(() => undefined)) as unknown;
    if (res.ok) return data as T;
    const err = (data ?? {}) as Partial<AppError> & { reason?: string };
    if (res.status === 401) onUnauthorized(err.reason ?? err.error ?? 'init-data');
    throw new ApiError(res.status, err.error ?? String(res.status), err.message ?? '');
  };
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    del: (path) => call('DELETE', path),
    live: (token, onTrade, onOpen) => {
      const url = `${API_BASE}live?token=${encodeURIComponent(token)}&auth=${encodeURIComponent(initData)}`;
      const source = new EventSource(url);
      source.addEventListener('trade', (e: MessageEvent<string>) => {
        try {
          onTrade(JSON.parse(e.data) as LiveTrade);
        } catch {
          // a malformed event: skip it
        }
      });
      source.addEventListener('open', () => onOpen?.(true));
      source.addEventListener('error', () => onOpen?.(false));
      return () => source.close();
    },
  };
}
