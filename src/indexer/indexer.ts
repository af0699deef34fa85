// Follows the launchpads' and routers' events, every launchpad token's Transfer events, and after the
// launch the token's SunSwap V2 pair (the factory's PairCreated, the pair's Swap and Sync) through the
// node's event API (the same calls work against TronGrid), and keeps tokens, trades, holders and the
// fee ledger in the app's database (SQLite or Postgres). A launched token's reserves are its pair's: price, market cap and 24 h figures
// carry on from the curve without a gap.
//
// One cycle: read the head (not only the solid block: a trade shows as soon as it is in a block), check
// that the node's chain still holds the blocks indexed before (forks.ts; a fork is rolled back: see
// rollBack), fetch every stream's events up to the head's time (follow.ts), then apply them all in
// one database transaction, block by block (apply-*.ts). Each event is applied once (seen_events is the
// gate), so re-reading the boundary, a crash or a restart never counts anything twice. Every change
// from a block that is not solid yet is journaled (db/undo-journal.ts) until it is; trades are marked
// confirmed (and the feed says so) when their block becomes solid.
import { and, eq, inArray, lt, lte, notInArray } from 'drizzle-orm';
import type { TronWeb } from 'tronweb';
import type { Logger } from 'pino';
import type { AppDatabase } from '../db/index.js';
import { FAMILY_NAMES, routersOf, type Family, type NetworkId } from '../tron/families.js';
import { openUndoJournal, type UndoJournal } from '../db/undo-journal.js';
import { ChainGateway, type Head } from '../tron/gateway.js';
import { BlockTracker } from './forks.js';
import { applyLaunchpadEvent } from './apply-launchpad.js';
import { applyPairEvent } from './apply-pair.js';
import { applyRouterFee } from './apply-router.js';
import { applyTransfer } from './apply-transfer.js';
import type { ApplyContext } from './context.js';
import type { ChainEvent } from './event-api.js';
import { FeedWriter, tellRemoved } from './feed.js';
import { guardGenesis, type GenesisRule } from './genesis.js';
import { HolderBook } from './holders.js';
import { TokenBook } from './tokens.js';
import { TradeBook } from './trade.js';
import { Follower, type Window } from './follow.js';
import { markSeen, seenKey } from './seen.js';
import { prepareStatements, tokensOf, type Q, type Statements, type Tables } from './queries.js';

export type { ChainEvent } from './event-api.js';
export type { FeedKind } from './feed.js';

export interface IndexerDeps {
  /** The app's database, on either engine. */
  db: AppDatabase;
  tronWeb: TronWeb;
  /** The chain's reads (the head); made over `tronWeb` when not given. */
  chain?: ChainGateway;
  /** The families on this indexer's network (the node `tronWeb` reads). */
  families: Family[];
  /**
   * The network followed (src/tron/networks.ts): its cursors, blocks and undo journal are its own, and
   * its rows are its families' tokens'. Default: the first family's network.
   */
  network?: NetworkId;
  logger: Logger;
  /**
   * What to do when the node is another chain than the one the network's index was made from
   * (genesis.ts): drop the network's rows (the devnet) or refuse (a real node); unset: not checked.
   */
  genesis?: GenesisRule | undefined;
  /** Where a stream starts when it has no cursor yet (ms). */
  fromTimestamp?: number;
}

/** The tables the indexer writes: what a fork takes back. */
const JOURNALED: ReadonlyArray<keyof Tables> = [
  'seenEvents',
  'indexerCursors',
  'tokens',
  'trades',
  'holders',
  'feeLedger',
  'pendingFees',
  'tokenMetadata',
  'pendingMetadata',
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
  /** The undo journal, installed by the first cycle. */
  private journal: Promise<UndoJournal> | undefined;
  private readonly blocks: BlockTracker;
  /** The statements, by the drizzle they were prepared on (SQLite: one; Postgres: a transaction). */
  private readonly statements = new WeakMap<Q, Statements>();
  /** Feed rows were written since the live stream was last told. */
  private fed = false;
  /** The network followed. */
  readonly network: NetworkId;
  /** Its families' names (its rows are their tokens'). */
  private readonly names: string[];
  /**
   * Another network may share the database (this one holds not every family): its rows are told
   * apart by their tokens' families. An indexer of every family needs no such filter.
   */
  private readonly scoped: boolean;
  /** The node's chain was found to be the one the index was made from (genesis.ts). */
  private genesisChecked = false;

  constructor(private readonly deps: IndexerDeps) {
    this.chain = deps.chain ?? new ChainGateway(deps.tronWeb);
    this.network = deps.network ?? deps.families[0]?.network ?? 'launchpad';
    this.names = deps.families.map((f) => f.family);
    this.scoped = FAMILY_NAMES.some((f) => !this.names.includes(f));
    this.follower = new Follower({ ...deps, network: this.network, chain: this.chain });
    this.blocks = new BlockTracker(deps.db, this.chain, this.network);
  }

  /** The journal (installed once; a failed install is tried again by the next cycle). */
  private undo(): Promise<UndoJournal> {
    this.journal ??= openUndoJournal(this.deps.db, JOURNALED, this.network).catch((err: unknown) => {
      this.journal = undefined;
      throw err;
    });
    return this.journal;
  }

  /** What the apply steps share, in the transaction of `q`. */
  private context(q: Q, solid: number): ApplyContext {
    let s = this.statements.get(q);
    if (!s) this.statements.set(q, (s = prepareStatements(q, this.deps.db.t)));
    const { dexes, owners } = this.follower;
    const remote = this.deps.db.engine !== 'sqlite';
    const { t } = this.deps.db;
    const feed = new FeedWriter(
      s,
      () => (this.fed = true),
      remote ? (rows) => q.insert(t.feedEvents).values(rows) : undefined,
    );
    return {
      q,
      t,
      s,
      remote,
      feed,
      tokens: new TokenBook(q, t, s, remote),
      holders: new HolderBook(q, t, s, remote),
      trades: new TradeBook(q, t, s, remote),
      dexes,
      owners,
      solid,
      blockId: (n) => this.blocks.idOf(q, n),
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
          if (this.fed) {
            this.fed = false;
            this.onFeed?.();
          }
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
    if (this.stopped) return;
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
    this.stopped = false;
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

  /** Polls every `intervalMs` (again after a stop: an instance that leads the indexer once more). */
  start(intervalMs: number): void {
    this.stopped = false;
    const tick = () =>
      void this.syncOnce()
        .catch((err: unknown) => this.deps.logger.warn({ err }, 'indexer cycle failed; retrying'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, intervalMs);
        });
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
    const journal = await this.undo();
    if (this.deps.genesis && !this.genesisChecked) {
      const { db, logger } = this.deps;
      const rule = this.deps.genesis;
      await guardGenesis({ db, chain: this.chain, network: this.network, families: this.names, journal, rule, logger });
      this.genesisChecked = true;
      this.follower.forget();
    }
    const check = await this.blocks.check(head, solid);
    if (check.forkAt !== undefined) {
      await this.rollBack(journal, check.forkAt);
      // read again from the fork point on (a node that keeps switching heads waits for the next poll)
      if (depth >= 2) return 1;
      return (await this.cycle(depth + 1)) + 1;
    }
    const window = await this.follower.read(head);
    const applied = await this.deps.db.tx(async (q) => {
      const ctx = this.context(q, solid);
      await this.blocks.record(q, check.fresh);
      const events = await this.apply(ctx, journal, window, head);
      // trades made final change what the API shows too (the read caches listen to the count)
      const settled = await this.settle(ctx, journal, solid);
      await ctx.feed.flush();
      return events + settled;
    });
    this.follower.applied(head);
    this.indexed = { block: head.number, at: Date.now() };
    return applied;
  }

  /**
   * A fork replaced the blocks from `from` on: the feed says `removed` for each event they told of
   * (creations, trades, progress, launches), and every change made from those blocks is taken back
   * (tokens, trades, holders, reserves, fees, cursors...). Solid blocks are never touched.
   */
  private async rollBack(journal: UndoJournal, from: number): Promise<void> {
    await this.deps.db.tx(async (q) => {
      const ctx = this.context(q, from - 1);
      const removed = await tellRemoved(ctx, from, this.scoped ? this.names : undefined);
      await ctx.feed.flush();
      const undone = await journal.undoFrom(q, from);
      await this.blocks.dropFrom(q, from);
      this.deps.logger.warn(
        { network: this.network, from, ...removed, changes: undone },
        'a fork replaced indexed blocks; rolled back',
      );
    });
    this.follower.forget();
    this.onApplied?.();
  }

  /**
   * Trades whose block became solid are final: marked, and the feed says so; their journal goes.
   * Returns how many were made final.
   */
  private async settle(ctx: ApplyContext, journal: UndoJournal, solid: number): Promise<number> {
    const { q, t, feed } = ctx;
    await journal.setBlock(q, null);
    const done = await q
      .update(t.trades)
      .set({ confirmed: true })
      .where(
        and(
          eq(t.trades.confirmed, false),
          lte(t.trades.blockNumber, solid),
          ...(this.scoped ? [inArray(t.trades.token, tokensOf(q, t, this.names))] : []),
        ),
      )
      .returning();
    // in the trades' order (RETURNING promises none)
    done.sort((a, b) => a.id - b.id);
    for (const tr of done) await feed.confirmed(tr);
    await journal.forgetUpTo(q, solid);
    await this.blocks.forgetBelow(q, solid);
    return done.length;
  }

  /**
   * Applies a window, block by block (so the journal's order is the blocks'), each event once, and
   * moves the cursors to its end. Within a block, the streams go in the order below.
   */
  private async apply(ctx: ApplyContext, journal: UndoJournal, w: Window, head: Head): Promise<number> {
    const { q, t, s } = ctx;
    type Apply = (e: ChainEvent) => unknown;
    const steps: Array<{ contract: string; e: ChainEvent; apply: Apply }> = [];
    const each = (contract: string, events: readonly ChainEvent[] | undefined, apply: Apply) => {
      for (const e of events ?? []) steps.push({ contract, e, apply });
    };
    for (const f of this.deps.families) {
      each(f.launchpad, w.core.get(f.launchpad), (e) => applyLaunchpadEvent(ctx, f, e, w));
      for (const r of routersOf(f)) each(r, w.core.get(r), (e) => applyRouterFee(ctx, e));
    }
    for (const p of w.pairCreated)
      each(p.factory, [p.e], async () => {
        await s.setPair({ token: p.token, pair: p.pair });
        ctx.tokens.changed(p.token, { pair: p.pair });
      });
    for (const [pair, token] of w.pairs)
      each(pair, w.streams.get(pair), (e) => applyPairEvent(ctx, token, pair, e, w.routerTx));
    for (const token of w.tokens) each(token, w.streams.get(token), (e) => applyTransfer(ctx, token, e));
    // a stable sort: each block's events keep the streams' order
    steps.sort((a, b) => a.e.block_number - b.e.block_number);
    let applied = 0;
    for (let i = 0; i < steps.length;) {
      const block = steps[i]!.e.block_number;
      let end = i;
      while (end < steps.length && steps[end]!.e.block_number === block) end++;
      const group = steps.slice(i, end);
      i = end;
      // a solid block is never taken back: its changes need no journal (a catch-up writes half as much)
      await journal.setBlock(q, block > ctx.solid ? block : null);
      // the block's events marked seen in one statement (a round trip on Postgres); the new ones applied
      const fresh = await markSeen(ctx, group);
      for (const { contract, e, apply } of group) {
        if (!fresh.delete(seenKey(e.transaction_id, contract, e.event_index))) continue;
        applied++;
        await apply(e);
      }
      // the block's trades, fees, holders and reserves written while its journal is on
      await ctx.trades.flush();
      await ctx.holders.flush();
      await ctx.tokens.flush();
    }
    await journal.setBlock(q, head.number);
    // a built trade that expired unbroadcast can never book a fee (by this network's clock: any
    // token but another network's)
    const others = FAMILY_NAMES.filter((f) => !this.names.includes(f));
    await q
      .delete(t.pendingFees)
      .where(
        and(
          lt(t.pendingFees.expiresAt, w.to - PENDING_FEE_GRACE_MS),
          ...(others.length ? [notInArray(t.pendingFees.token, tokensOf(q, t, others))] : []),
        ),
      );
    for (const c of w.cursors) await s.setCursor({ network: this.network, contract: c, at: w.to });
    await journal.setBlock(q, null);
    return applied;
  }
}
