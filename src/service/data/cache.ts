// The read cache: reads change only when the indexer applies events or metadata is set, so a
// computed read is served again until then (and for a short while at most: the 24 h window slides).
// A cached value is shared by every caller; the API serialises it once and reuses the text.

/** Values handed out by the read cache: the same object until the index changes, never modified. */
const cachedReads = new WeakSet<object>();
export const isCachedRead = (value: object): boolean => cachedReads.has(value);

/** Marks a cached value and its members (callers spread the value into their envelope). */
function markCached(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  cachedReads.add(value);
  for (const member of Object.values(value) as unknown[])
    if (typeof member === 'object' && member !== null) cachedReads.add(member);
}

/** How long a computed read may be served again while nothing was indexed (ms). */
export const READ_CACHE_MS = 2_000;
/** Past this many keys the cache starts again empty (keys carry pages and ranges: unbounded). */
export const READ_CACHE_MAX_KEYS = 5_000;

export interface ReadCache {
  /** The value cached under `key`, or `read()`'s, cached (one read at a time per key; a failed one is not kept). */
  memo: <T>(key: string, read: () => Promise<T>) => Promise<T>;
  /** Drops every cached value (the index changed). */
  invalidate: () => void;
}

export function createReadCache(now: () => number): ReadCache {
  const cache = new Map<string, { at: number; value: Promise<unknown> }>();
  return {
    memo: <T>(key: string, read: () => Promise<T>): Promise<T> => {
      const hit = cache.get(key);
      const t = now();
      if (hit && t - hit.at < READ_CACHE_MS) return hit.value as Promise<T>;
      const entry = { at: t, value: read() };
      entry.value.then(markCached, () => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      if (cache.size > READ_CACHE_MAX_KEYS) cache.clear();
      cache.set(key, entry);
      return entry.value;
    },
    invalidate: (): void => cache.clear(),
  };
}
