// One indexer per network (src/tron/networks.ts), run side by side: each follows its own node, with
// its own cursors, blocks and undo journal, so a fork or a stopped node on one network leaves the
// others' index as it was. They are driven together (start, stop, a cycle on each) or one by one
// (`of`: the devnet that made a block nudges its own network's indexer).
import type { NetworkId } from '../tron/families.js';
import type { Indexer } from './indexer.js';

export class Indexers {
  constructor(readonly all: readonly Indexer[]) {
    if (!all.length) throw new Error('Indexers needs an indexer');
  }

  /** The first network's (the 'launchpad' family's): what /readyz and the index lag follow. */
  get first(): Indexer {
    return this.all[0]!;
  }

  /** The indexer of a network; undefined when no served family is on it. */
  of(network: NetworkId): Indexer | undefined {
    return this.all.find((i) => i.network === network);
  }

  set onFeed(fn: (() => void) | undefined) {
    for (const i of this.all) i.onFeed = fn;
  }

  set onApplied(fn: (() => void) | undefined) {
    for (const i of this.all) i.onApplied = fn;
  }

  /**
   * A cycle on every network (each joins one under way); the events applied, summed. One network's
   * failure does not hold the others back: they finish, then the first failure is thrown.
   */
  async syncOnce(): Promise<number> {
    const done = await Promise.allSettled(this.all.map((i) => i.syncOnce()));
    const failed = done.find((d): d is PromiseRejectedResult => d.status === 'rejected');
    if (failed) throw failed.reason;
    return done.reduce((sum, d) => sum + (d.status === 'fulfilled' ? d.value : 0), 0);
  }

  /** A new block is known to exist: each network indexes now (the benches' devnet tells them). */
  nudge(): void {
    for (const i of this.all) i.nudge();
  }

  start(intervalMs: number): void {
    for (const i of this.all) i.start(intervalMs);
  }

  async stop(): Promise<void> {
    await Promise.all(this.all.map((i) => i.stop()));
  }
}
