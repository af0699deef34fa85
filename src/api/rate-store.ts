// A fixed-window counter store for @fastify/rate-limit that answers with a snapshot. The plugin's
// own LocalStore hands every caller the same mutable object, so under a burst of concurrent
// requests each one reads the count after the others have incremented it, and a plan's limit
// rejects far more than it should. This store copies the numbers out at increment time.
interface Window {
  current: number;
  start: number;
}

export class SnapshotStore {
  private readonly windows = new Map<string, Window>();

  incr(key: string, cb: (err: Error | null, res: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.start + timeWindow <= now) {
      w = { current: 0, start: now };
      this.windows.set(key, w);
      if (this.windows.size > 50_000) this.prune(now, timeWindow);
    }
    w.current += 1;
    cb(null, { current: w.current, ttl: w.start + timeWindow - now });
  }

  read(key: string, cb: (err: Error | null, res: { current: number; ttl: number }) => void, timeWindow: number): void {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.start + timeWindow <= now) cb(null, { current: 0, ttl: timeWindow });
    else cb(null, { current: w.current, ttl: w.start + timeWindow - now });
  }

  /** Gives back one request of the current window (a count taken ahead of a check that passed). */
  decr(key: string): void {
    const w = this.windows.get(key);
    if (w && w.current > 0) w.current -= 1;
  }

  child(): SnapshotStore {
    return this;
  }

  private prune(now: number, timeWindow: number): void {
    for (const [k, w] of this.windows) if (w.start + timeWindow <= now) this.windows.delete(k);
  }
}
