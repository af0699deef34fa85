// Where the index stands, as stored: for an instance that does not lead the indexer (its /readyz and
// index-lag metric read this), the newest block the leader recorded, read every second.
import { eq, max } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';

export interface StoredIndexHeight {
  /** The newest indexed block and when this instance last saw it move; undefined before any. */
  indexed(): { block: number; at: number } | undefined;
  stop(): void;
}

export function storedIndexHeight(db: AppDatabase, network = 'launchpad', everyMs = 1000): StoredIndexHeight {
  let last: { block: number; at: number } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const read = async () => {
    const { chainBlocks } = db.t;
    const [row] = await db.q
      .select({ n: max(chainBlocks.number).mapWith(Number) })
      .from(chainBlocks)
      .where(eq(chainBlocks.network, network));
    const n = row?.n;
    if (typeof n === 'number' && n > 0 && n !== last?.block) last = { block: n, at: Date.now() };
  };
  const loop = () =>
    void read()
      .catch(() => undefined)
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, everyMs);
      });
  loop();
  return {
    indexed: () => last,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
