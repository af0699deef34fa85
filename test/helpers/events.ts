// Proof that an engine has looked at an event: its onEvent is wrapped, so a test can wait until the
// event of a transaction has been handled (onEvent returned) before it checks that nothing came of it.
// The automation and the order engine call their own onEvent for each stream event, so the stream's
// events pass through the wrapper too.
import type { StreamEvent } from '../../src/client/index.js';
import { waitFor } from './facade.js';

interface Handler {
  onEvent(e: StreamEvent): Promise<void>;
}

/** Watches the handler `current()` gives (again after a restart, which makes a new one). */
export function watchEvents(current: () => Handler) {
  const seen = new Set<string>();
  const wrapped = new WeakSet<Handler>();
  const wrap = () => {
    const target = current();
    if (wrapped.has(target)) return;
    wrapped.add(target);
    const inner = target.onEvent.bind(target);
    target.onEvent = async (e) => {
      try {
        await inner(e);
      } finally {
        seen.add(e.txid);
        seen.add(`${e.kind}:${e.txid}`);
      }
    };
  };
  wrap();
  return {
    /** Resolves once an event of `txid` (of `kind`, when given) has been handled. */
    handled(txid: string, kind?: StreamEvent['kind'], ms = 30_000): Promise<true> {
      wrap();
      return waitFor(() => (seen.has(kind ? `${kind}:${txid}` : txid) ? true : undefined), ms);
    },
  };
}
