// Follows the launchpads' and routers' events, every launchpad token's Transfer events, and after the
// launch the token's SunSwap V2 pair (the factory's PairCreated, the pair's Swap and Sync) through the
// node's event API (the same calls work against TronGrid), and keeps tokens, trades, holders and the
// fee ledger in SQLite. A launched token's reserves are its pair's: price, market cap and 24 h figures
// carry on from the curve without a gap.
//
// One cycle: read the solid head, fetch every stream's events up to its time (follow.ts), then apply
// them all in one SQLite transaction (apply-*.ts). Each event is applied once (seen_events is the
// gate), so re-reading the boundary, a crash or a restart never counts anything twice.
import { lt } from 'drizzle-orm';
import type { TronWeb } from 'tronweb';
import type { Logger } from 'pino';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
import type { Family } from '../tron/families.js';
import { ChainGateway, type Head } from '../tron/gateway.js';
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

/** A fee announced for a trade built this long before the window's end can no longer be booked. */
const PENDING_FEE_GRACE_MS = 60_000;

export class Indexer {
  private running: Promise<number> | undefined;
  /** Called after a cycle that added feed events (the live stream listens). */
  onFeed: (() => void) | undefined;
  /** Called after a cycle that changed the tables (read caches listen). */
  onApplied: (() => void) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private again = false;
  private headTimer: NodeJS.Timeout | undefined;
  private stopped = false;
  private followedHead = -1;
  private readonly chain: ChainGateway;
  private readonly follower: Follower;
  private readonly ctx: ApplyContext;

  constructor(private readonly deps: IndexerDeps) {
    this.chain = deps.chain ?? new ChainGateway(deps.tronWeb);
    const q = prepareQueries(deps.db);
    this.follower = new Follower({ ...deps, chain: this.chain }, q);
    const { dexes, owners } = this.follower;
    this.ctx = { db: deps.db, q, feed: new FeedWriter(q), dexes, owners };
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
   * Follows the node's solid head with a cheap header read every `ms`, and indexes as soon as it
   * moves (instead of waiting for the next full poll): what the sniper and the orders need from a
   * node that is not in this thread.
   */
  followHead(ms: number): void {
    const tick = async () => {
      const { number } = await this.chain.solidHead();
      if (number > this.followedHead) {
        this.followedHead = number;
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

  private async cycle(): Promise<number> {
    const head: Head = await this.chain.solidHead();
    const window = await this.follower.read(head);
    const applied = this.apply(window);
    this.follower.applied(head);
    return applied;
  }

  /** Applies a window in one transaction, each event once, and moves the cursors to its end. */
  private apply(w: Window): number {
    const { db, q } = this.ctx;
    return db.$client.transaction(() => {
      let applied = 0;
      const each = (contract: string, events: readonly ChainEvent[] | undefined, apply: (e: ChainEvent) => void) => {
        for (const e of events ?? []) {
          if (q.seen.run({ txid: e.transaction_id, contract, idx: e.event_index }).changes === 0) continue;
          applied++;
          apply(e);
        }
      };
      for (const f of this.deps.families) {
        each(f.launchpad, w.core.get(f.launchpad), (e) => applyLaunchpadEvent(this.ctx, f, e, w));
        each(f.router, w.core.get(f.router), (e) => applyRouterFee(this.ctx, e));
      }
      for (const p of w.pairCreated) each(p.factory, [p.e], () => q.setPair.run({ token: p.token, pair: p.pair }));
      for (const [pair, token] of w.pairs)
        each(pair, w.streams.get(pair), (e) => applyPairEvent(this.ctx, token, pair, e, w.routerTx));
      for (const token of w.tokens) each(token, w.streams.get(token), (e) => applyTransfer(this.ctx, token, e));
      // a built trade that expired unbroadcast can never book a fee
      db.delete(t.pendingFees)
        .where(lt(t.pendingFees.expiresAt, w.to - PENDING_FEE_GRACE_MS))
        .run();
      for (const c of w.cursors) q.setCursor.run({ contract: c, at: w.to });
      return applied;
    })();
  }
}
