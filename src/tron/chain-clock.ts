// "Now on the chain": what block times (a trade's, a token's creation, a transaction's expiration or
// deadline) are compared with. A block carries the chain's clock at the moment it was made, so the
// newest head block read, moved on by the machine's time since it was read, is the chain's time now.
// It is never taken as behind the machine's clock: a head is up to a block old when read (3 s on
// mainnet, however long an on-demand devnet sat idle) and the API's node and the bot's may be a
// block apart, while a chain runs ahead of the machine only when a devnet's clock was moved forward
// (POST /devnet/advance). So the chain's time is the machine's clock plus how far ahead of it the
// chain has been seen to run: on mainnet the machine's clock, as before; on an advanced devnet, the
// devnet's clock. What is wall time on purpose (rate limits, key and quote validity, PIN lockouts,
// leases, caches) keeps Date.now().

/** The chain's time (ms). */
export interface ChainTime {
  /** Now, from what was last read (a head older than a block is read again, in the background). */
  now: () => number;
  /** Now, after reading the node's head: what a transaction's expiry and deadline are checked with. */
  read: () => Promise<number>;
}

/** A mainnet block (ms): how old a reading may get before now() reads the head again. */
const STALE_MS = 3_000;

export function createChainClock(deps: {
  /** the node's head block (ChainGateway.head: read after the call) */
  head: () => Promise<{ timestamp: number }>;
  /** the machine's clock */
  wall?: () => number;
}): ChainTime {
  const wall = deps.wall ?? Date.now;
  /** how far ahead of the machine's clock the chain has been seen (ms, never below 0) */
  let ahead = 0;
  let readAt = -Infinity;
  let refreshing = false;

  async function read(): Promise<number> {
    const { timestamp } = await deps.head();
    const at = wall();
    ahead = Math.max(ahead, timestamp - at);
    readAt = at;
    return at + ahead;
  }

  return {
    now: (): number => {
      const at = wall();
      if (!refreshing && at - readAt >= STALE_MS) {
        refreshing = true;
        readAt = at;
        void read()
          .catch(() => undefined)
          .finally(() => (refreshing = false));
      }
      return at + ahead;
    },
    read,
  };
}

/** A chain whose time is this clock's (the machine's, or a test's): nothing is read. */
export function clockTime(now: () => number = Date.now): ChainTime {
  return { now, read: async () => now() };
}
