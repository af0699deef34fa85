// Follows the launchpads' and routers' events, every launchpad token's Transfer events, and after the
// launch the token's SunSwap V2 pair (the factory's PairCreated, the pair's Swap and Sync) through the
// node's event API (the same calls work against TronGrid), and keeps tokens, trades, holders and the
// fee ledger in SQLite. A launched token's reserves are its pair's: price, market cap and 24 h figures
// carry on from the curve without a gap.
//
// One cycle: read the head (not only the solid block: a trade shows as soon as it is in a block), check
// that the node's chain still holds the blocks indexed before (forks.ts; a fork is rolled back: see
// rollBack), fetch every stream's events up to the head's time (follow.ts), then apply them all in
// one SQLite transaction, block by block (apply-*.ts). Each event is applied once (seen_events is the
// gate), so re-reading the boundary, a crash or a restart never counts anything twice. Every change
// from a block that is not solid yet is journaled (db/undo-journal.ts) until it is; trades are marked
// confirmed (and the feed says so) when their block becomes solid.
import { and, eq, gte, lt, lte } from 'drizzle-orm';
import type { TronWeb } from 'tronweb';
import type { Logger } from 'pino';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
import type { Family } from '../tron/families.js';
import { undoJournal, type UndoJournal } from '../db/undo-journal.js';
import { ChainGateway, type Head } from '../tron/gateway.js';
import { BlockTracker } from './forks.js';
import { applyLaunchpadEvent } from './apply-launchpad.js';
import { applyPairEvent } from './apply-pair.js';
import { applyRouterFee } from './apply-router.js';
import { applyTransfer } from './apply-transfer.js';
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';
import { FeedWriter } from './feed.js';
import { Follower, type Window } from './follow.js';
import { prepareQueries } from './queries.js';

export type { ChainEvent } from './event-api.js';
export type { FeedKind } from './feed.js';

export interface IndexerDeps {
  db: AppDb;
  tronWeb: TronWeb;
  /** The chain's reads (the head); made over `tronWeb` when not given. */
  chain?: ChainGateway;
  families: Family[];
  logger: Logger;
  /** Where a stream starts when it has no cursor yet (ms). */
  fromTimestamp?: number;
}

/** The tables the indexer writes: what a fork takes back. */
const JOURNALED = [
  'seen_events',
  'indexer_cursors',
  'tokens',
  'trades',
  'holders',
  'fee_ledger',
  'pending_fees',
  'token_metadata',
  'pending_metadata',
];

/** A fee announced for a trade built this long before the window's end can no longer be booked. */
const PENDING_FEE_GRACE_MS = 60_000;

export class Indexer {
  private running: Promise<number> | undefined;
  /** The head block the last cycle brought the index to, and when (health and metrics read it). */
  indexed: { block: number; at: number } | undefined;
  /** Called after a cycle that added feed events (the live stream listens). */
  onFeed: (() => void) | undefined;
  /** Called after a cycle that changed the tables (read caches listen). */
  onApplied: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private again = false;
  private headTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private followedHead = '';
  private readonly chain: ChainGateway;
  private readonly follower: Follower;
  private readonly ctx: ApplyContext;
  private readonly journal: UndoJournal;
  private readonly blocks: BlockTracker;

  constructor(private readonly deps: IndexerDeps) {
    this.chain = deps.chain ?? new ChainGateway(deps.tronWeb);
    const q = prepareQueries(deps.db);
    this.follower = new Follower({ ...deps, chain: this.chain }, q);
    const { dexes, owners } = this.follower;
    this.journal = undoJournal(deps.db.$client, JOURNALED);
    this.blocks = new BlockTracker(deps.db, this.chain);
    this.ctx = {
      db: deps.db,
      q,
      feed: new FeedWriter(q),
      dexes,
      owners,
      solid: 0,
      blockId: (n) => this.blocks.idOf(n),
    };
  }

  /** Runs one cycle (or joins the one under way). Returns the number of events applied. */
  syncOnce(): Promise<number> {
    if (!this.running) {
      this.running = this.cycle()
        .then((n) => {
          if (n > 0) this.onApplied?.();
          return n;
        })
        .finally(() => {
          this.running = undefined;
          if (this.ctx.feed.takeAdded()) this.onFeed?.();
          // a block came while this cycle read: one more for it
          if (this.again) {
            this.again = false;
            this.nudge();
          }
        });
    }
    return this.running;
  }

  /**
   * A new block is known to exist (the in-process devnet says so): index it now rather than at the
   * next poll; when a cycle is under way, one more runs right after it.
   */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    void this.syncOnce().catch((err: unknown) =>
      this.deps.logger.warn({ err }, 'indexer cycle failed; the poll retries'),
    );
  }

  /**
   * Follows the node's head with a cheap header read every `ms`, and indexes as soon as it moves or
   * changes (instead of waiting for the next full poll): what the sniper and the orders need from a
   * node that is not in this thread.
   */
  followHead(ms: number): void {
    const tick = async () => {
      const { id } = await this.chain.head();
      if (id !== this.followedHead) {
        this.followedHead = id;
        this.nudge();
      }
    };
    const loop = () =>
      void tick()
        .catch(() => undefined)
        .finally(() => {
          if (!this.stopped) this.headTimer = setTimeout(loop, ms);
        });
    this.headTimer = setTimeout(loop, ms);
  }

  start(intervalMs: number): void {
    const tick = () =>
      void this.syncOnce()
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'indexer cycle failed; retrying'))
        .finally(() => (this.timer = setTimeout(tick, intervalMs)));
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.headTimer) clearTimeout(this.headTimer);
    this.headTimer = undefined;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  private async cycle(depth = 0): Promise<number> {
    const [head, solidHead] = await Promise.all([this.chain.head(), this.chain.solidHead()]);
    const solid = Math.min(solidHead.number, head.number);
    const check = await this.blocks.check(head, solid);
    if (check.forkAt !== undefined) {
      this.rollBack(check.forkAt);
      // read again from the fork point on (a node that keeps switching heads waits for the next poll)
      if (depth >= 2) return 1;
      return (await this.cycle(depth + 1)) + 1;
    }
    const window = await this.follower.read(head);
    this.ctx.solid = solid;
    const applied = this.deps.db.$client.transaction(() => {
      this.blocks.record(check.fresh);
      // trades made final change what the API shows too (the read caches listen to the count)
      return this.apply(window, head) + this.settle(solid);
    })();
    this.follower.applied(head);
    this.indexed = { block: head.number, at: Date.now() };
    return applied;
  }

  /**
   * A fork replaced the blocks from `from` on: the feed says which trades went, and every change made
   * from those blocks is taken back (trades, holders, reserves, fees, cursors...). Solid blocks are
   * never touched.
   */
  private rollBack(from: number): void {
    const { db, feed } = this.ctx;
    db.$client.transaction(() => {
      const gone = db.select().from(t.trades).where(gte(t.trades.blockNumber, from)).all();
      for (const tr of gone) feed.removed(tr);
      const undone = this.journal.undoFrom(from);
      this.blocks.dropFrom(from);
      this.deps.logger.warn(
        { from, trades: gone.length, changes: undone },
        'a fork replaced indexed blocks; rolled back',
      );
    })();
    this.follower.forget();
    this.onApplied?.();
  }

  /**
   * Trades whose block became solid are final: marked, and the feed says so; their journal goes.
   * Returns how many were made final.
   */
  private settle(solid: number): number {
    const { db, feed } = this.ctx;
    this.journal.setBlock(null);
    const done = db
      .update(t.trades)
      .set({ confirmed: true })
      .where(and(eq(t.trades.confirmed, false), lte(t.trades.blockNumber, solid)))
      .returning()
      .all();
    for (const tr of done) feed.confirmed(tr);
    this.journal.forgetUpTo(solid);
    this.blocks.forgetBelow(solid);
    return done.length;
  }

  /**
   * Applies a window, block by block (so the journal's order is the blocks'), each event once, and
   * moves the cursors to its end. Within a block, the streams go in the order below.
   */
  private apply(w: Window, head: Head): number {
    const { db, q } = this.ctx;
    const steps: Array<{ contract: string; e: ChainEvent; apply: (e: ChainEvent) => void }> = [];
    const each = (contract: string, events: readonly ChainEvent[] | undefined, apply: (e: ChainEvent) => void) => {
      for (const e of events ?? []) steps.push({ contract, e, apply });
    };
    for (const f of this.deps.families) {
      each(f.launchpad, w.core.get(f.launchpad), (e) => applyLaunchpadEvent(this.ctx, f, e, w));
      each(f.router, w.core.get(f.router), (e) => applyRouterFee(this.ctx, e));
    }
    for (const p of w.pairCreated) each(p.factory, [p.e], () => q.setPair.run({ token: p.token, pair: p.pair }));
    for (const [pair, token] of w.pairs)
      each(pair, w.streams.get(pair), (e) => applyPairEvent(this.ctx, token, pair, e, w.routerTx));
    for (const token of w.tokens) each(token, w.streams.get(token), (e) => applyTransfer(this.ctx, token, e));
    // a stable sort: each block's events keep the streams' order
    steps.sort((a, b) => a.e.block_number - b.e.block_number);
    let applied = 0;
    let block = -1;
    for (const { contract, e, apply } of steps) {
      // a solid block is never taken back: its changes need no journal (a catch-up writes half as much)
      if (e.block_number !== block) this.journal.setBlock((block = e.block_number) > this.ctx.solid ? block : null);
      if (q.seen.run({ txid: e.transaction_id, contract, idx: e.event_index }).changes === 0) continue;
      applied++;
      apply(e);
    }
    this.journal.setBlock(head.number);
    // a built trade that expired unbroadcast can never book a fee
    db.delete(t.pendingFees)
      .where(lt(t.pendingFees.expiresAt, w.to - PENDING_FEE_GRACE_MS))
      .run();
    for (const c of w.cursors) q.setCursor.run({ contract: c, at: w.to });
    this.journal.setBlock(null);
    return applied;
  }
}
