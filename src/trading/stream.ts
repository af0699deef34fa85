// One connection to the API's live stream for the whole process: the order engine, the sniper and
// copy trading, and a front end's alerts each subscribe to the kinds they want, instead of opening a
// stream each. Each subscriber gets its events in order on a queue of its own (a slow one holds up
// no other). One that keeps a position (where it read up to, stored) gets what came while it was
// away: the connection starts from the oldest position kept, or again from an older one when such a
// subscriber comes later; each subscriber skips what it has handled. One without a position gets
// what happens from its subscription on.
import type { Logger } from 'pino';
import type { LaunchpadClient, StreamEvent } from '../client/index.js';

export type StreamKind = StreamEvent['kind'];

export interface StreamSubscriber {
  /** for the log */
  name: string;
  kinds: readonly StreamKind[];
  /** where it read up to, kept across restarts (and set after each event it handled) */
  position?: { get(): Promise<number | undefined>; set(id: number): Promise<void> } | undefined;
  onEvent(e: StreamEvent): Promise<void> | void;
}

/** How far before its subscription an event of a subscriber without a position may be (block time, ms). */
const FRESH_MS = 10_000;

interface Sub extends StreamSubscriber {
  /** the last event it handled (or was past when it came) */
  last: number | undefined;
  /** the chain's time when it subscribed (a subscriber without a position takes events from then) */
  since: number;
  queue: Promise<void>;
}

export function createStream(deps: {
  client: LaunchpadClient;
  logger: Logger;
  retryMs?: number;
  /** the chain's time (events are as old as their blocks); default the machine's clock */
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  const log = deps.logger.child({ module: 'stream' });
  const subs = new Set<Sub>();
  let stop: (() => void) | undefined;
  /** where the open connection started (undefined: from now) */
  let from: number | undefined;
  /** the newest event the connection has read */
  let seen: number | undefined;

  function deliver(sub: Sub, e: StreamEvent): void {
    if (!sub.kinds.includes(e.kind)) return;
    if (sub.last !== undefined ? e.id <= sub.last : e.timestamp < sub.since - FRESH_MS) return;
    sub.last = e.id;
    sub.queue = sub.queue
      .then(async () => {
        await sub.onEvent(e);
        await sub.position?.set(e.id);
      })
      .catch((err: unknown) => log.warn({ subscriber: sub.name, event: e.id, err }, 'stream event not handled'));
  }

  function open(lastEventId: number | undefined): void {
    stop?.();
    from = lastEventId;
    const kinds = new Set([...subs].flatMap((s) => s.kinds));
    stop = deps.client.follow({
      events: [...kinds],
      ...(lastEventId !== undefined ? { lastEventId } : {}),
      onEvent: (e) => {
        seen = seen === undefined || e.id > seen ? e.id : seen;
        for (const sub of subs) deliver(sub, e);
      },
      onError: (err) => log.warn({ err: (err as Error).message }, 'stream interrupted; reconnecting'),
      retryMs: deps.retryMs ?? 1000,
    });
  }

  return {
    /**
     * Adds a subscriber (its stored position read first) and opens the connection, or opens it again
     * when the subscriber wants kinds it does not carry or events from before where it started.
     * Returns what takes the subscriber off.
     */
    async subscribe(s: StreamSubscriber): Promise<() => void> {
      const position = await s.position?.get();
      const sub: Sub = { ...s, last: position ?? seen, since: now(), queue: Promise.resolve() };
      const carried = new Set([...subs].flatMap((x) => x.kinds));
      subs.add(sub);
      const older = position !== undefined && (stop === undefined || from === undefined || position < from);
      if (!stop || older || s.kinds.some((k) => !carried.has(k))) {
        const kept = [...subs].map((x) => x.last).filter((x): x is number => x !== undefined);
        open(kept.length ? Math.min(...kept) : seen);
      }
      return () => {
        subs.delete(sub);
        if (!subs.size) {
          stop?.();
          stop = undefined;
        }
      };
    },
    /** Waits until every subscriber has handled what it was given (tests; a stop). */
    async settled(): Promise<void> {
      await Promise.all([...subs].map((s) => s.queue));
    },
    close(): void {
      stop?.();
      stop = undefined;
      subs.clear();
    },
  };
}

export type TradingStream = ReturnType<typeof createStream>;
