// Small hooks the screens share: polling while the page is visible, a clock, a debounced value, and an
// error's text for the user.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api';
import type { Translate } from './i18n';

/**
 * Runs `load` now and every `ms` while the page is visible, again whenever `deps` change; a run never
 * overlaps the previous one, and a run started for old deps does not call back after they changed.
 * `load` gets `current()`, false once its results are stale.
 */
export function usePoll(load: (current: () => boolean) => Promise<void>, ms: number, deps: unknown[]): void {
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let alive = true;
    let running = false;
    const run = () => {
      if (running || document.visibilityState === 'hidden') return;
      running = true;
      latest
        .current(() => alive)
        .catch(() => {})
        .finally(() => (running = false));
    };
    run();
    const timer = window.setInterval(run, ms);
    document.addEventListener('visibilitychange', run);
    return () => {
      alive = false;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', run);
    };
  }, deps);
}

/** The time now (ms), updated every `ms`. */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}

/** `value`, once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** What to tell the user about a failed call: the server's message (in their language) or ours. */
export function errorText(e: unknown, t: Translate): string {
  if (e instanceof ApiError) {
    if (e.status === 0) return t('app-error-network');
    if (e.status === 429) return t('app-error-rate-limited');
    if (e.message) return e.message;
  }
  return t('app-error-generic');
}

/** A list from an answer that is the list itself or an object holding it under `key`. */
export function listOf<T>(data: unknown, key: string): T[] {
  if (Array.isArray(data)) return data as T[];
  const inner = data && typeof data === 'object' ? (data as Record<string, unknown>)[key] : undefined;
  return Array.isArray(inner) ? (inner as T[]) : [];
}
