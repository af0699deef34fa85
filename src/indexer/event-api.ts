// The node's event API, as TronGrid serves it (the devnet imitates it in src/devnet/http.ts).
// TronGrid narrows events by one contract (with a time window and an event name) or by one block;
// no query takes several contracts. So the events of many contracts are read block by block, one
// request per block (and page) whatever the number of contracts, when the blocks to read are known
// and fewer than the contracts; otherwise contract by contract, a few requests at a time.
import type { TronWeb } from 'tronweb';

export interface ChainEvent {
  block_number: number;
  block_timestamp: number;
  contract_address: string;
  event_index: number;
  event_name: string;
  result: Record<string, string>;
  transaction_id: string;
}

/** TronGrid's largest page. */
const PAGE = 200;
/** Event API requests in flight at once. */
const CONCURRENCY = 4;

type EventPage = { data?: unknown[]; meta?: unknown };

/** Follows a query's pages (`meta.fingerprint` points at the next) to the last. */
async function allPages(page: (fingerprint: string | undefined) => Promise<EventPage>): Promise<ChainEvent[]> {
  const out: ChainEvent[] = [];
  let fingerprint: string | undefined;
  do {
    const res = await page(fingerprint);
    out.push(...((res.data ?? []) as ChainEvent[]));
    fingerprint = (res.meta as { fingerprint?: string } | undefined)?.fingerprint;
  } while (fingerprint);
  return out;
}

/**
 * A contract's events with block timestamps in [from, to], oldest first: confirmed and unconfirmed
 * (in head blocks, marked `_unconfirmed`) alike; the indexer follows the head and its forks.
 */
export function contractEvents(
  tronWeb: TronWeb,
  contract: string,
  from: number,
  to: number,
  eventName?: string,
): Promise<ChainEvent[]> {
  return allPages((fingerprint) =>
    tronWeb.event.getEventsByContractAddress(contract, {
      minBlockTimestamp: Math.max(from, 1),
      maxBlockTimestamp: to,
      orderBy: 'block_timestamp,asc',
      limit: PAGE,
      ...(eventName ? { eventName } : {}),
      ...(fingerprint ? { fingerprint } : {}),
    }),
  );
}

/** Every event of one block (confirmed or not), whatever its contract. */
export function blockEvents(tronWeb: TronWeb, block: number): Promise<ChainEvent[]> {
  return allPages((fingerprint) =>
    tronWeb.event.getEventsByBlockNumber(block, {
      limit: PAGE,
      ...(fingerprint ? { fingerprint } : {}),
    }),
  );
}

/** Runs `job` on every item, at most `limit` at once; the results in the items' order. */
export async function mapBounded<T, R>(items: readonly T[], job: (item: T) => Promise<R>, limit = CONCURRENCY) {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await job(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** One contract's events a cycle wants: these names, from its cursor (inclusive) to the window's end. */
export interface Stream {
  contract: string;
  from: number;
  names: readonly string[];
}

/** Blocks (inclusive) known to hold every stream's events that are not read yet. */
export interface BlockRange {
  first: number;
  last: number;
}

/**
 * Each stream's events up to `to`, oldest first, the same whichever way they are read: by block when
 * the range is given and it takes fewer requests than one per stream, else by contract.
 */
export async function readStreams(
  tronWeb: TronWeb,
  streams: readonly Stream[],
  to: number,
  blocks: BlockRange | undefined,
): Promise<Map<string, ChainEvent[]>> {
  const wanted = (s: Stream, e: ChainEvent) => s.names.includes(e.event_name);
  const out = new Map(streams.map((s) => [s.contract, [] as ChainEvent[]]));
  if (blocks && blocks.last - blocks.first + 1 <= streams.length) {
    const byContract = new Map(streams.map((s) => [s.contract, s]));
    const numbers = Array.from({ length: blocks.last - blocks.first + 1 }, (_, i) => blocks.first + i);
    for (const events of await mapBounded(numbers, (n) => blockEvents(tronWeb, n))) {
      for (const e of events) {
        const s = byContract.get(e.contract_address);
        if (s && wanted(s, e) && e.block_timestamp >= s.from && e.block_timestamp <= to) out.get(s.contract)!.push(e);
      }
    }
    return out;
  }
  const lists = await mapBounded(streams, (s) =>
    // one name is asked of the API; several are kept from all the contract's events
    contractEvents(tronWeb, s.contract, s.from, to, s.names.length === 1 ? s.names[0] : undefined),
  );
  streams.forEach((s, i) =>
    out.set(
      s.contract,
      lists[i]!.filter((e) => wanted(s, e)),
    ),
  );
  return out;
}
