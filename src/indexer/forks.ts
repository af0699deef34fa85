// The blocks the index holds changes from, and forks. Each cycle reads the node's head; the blocks
// between the last one recorded and the head are read (headers only: one request a block, none when
// the head moved by one) and must chain by their parents to what was recorded. A block ids commit to
// their parents, so one link checks the whole chain below it. Where the chain breaks, the node's
// blocks are read downwards until one matches what was recorded: everything above it was replaced.
// Nothing at or below the solid block is ever questioned. Each network (node) has its own blocks: a
// tracker reads and writes only its network's rows.
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { AppDatabase } from '../db/index.js';
import type { Q } from './queries.js';
import type { ChainGateway, Head } from '../tron/gateway.js';

/** The most blocks read one by one to check a catch-up (older ones are solid by then on mainnet). */
const MAX_FRESH = 100;

export interface ForkCheck {
  /** the first block a fork replaced, when the node's chain no longer holds what was recorded */
  forkAt?: number;
  /** the node's blocks above what was recorded, up to the head (recorded once applied) */
  fresh: Head[];
}

export class BlockTracker {
  constructor(
    private readonly database: AppDatabase,
    private readonly chain: ChainGateway,
    private readonly network: string,
  ) {}

  private get mine() {
    return eq(this.database.t.chainBlocks.network, this.network);
  }

  /** A recorded block (read on `q`: in a transaction, or outside one). */
  private async recorded(number: number, q: Q = this.database.q) {
    const { chainBlocks } = this.database.t;
    return (
      await q
        .select()
        .from(chainBlocks)
        .where(and(this.mine, eq(chainBlocks.number, number)))
    )[0];
  }

  private async top(q: Q = this.database.q) {
    const { chainBlocks } = this.database.t;
    return (await q.select().from(chainBlocks).where(this.mine).orderBy(desc(chainBlocks.number)).limit(1))[0];
  }

  /** Compares the node's chain, up to `head`, with what was recorded. */
  async check(head: Head, solid: number): Promise<ForkCheck> {
    const top = await this.top();
    // nothing recorded yet (a first start): every block above the solid one is recorded, so that a
    // fork reaching below the first head read is still found
    if (!top) return { fresh: await this.read(Math.max(solid + 1, head.number - MAX_FRESH), head) };
    if (head.number <= top.number) {
      const mine = await this.recorded(head.number);
      // a node behind us (another node of a pool) says nothing; the same block, nothing new
      if (!mine || mine.blockId === head.id) return { fresh: [] };
      return { forkAt: await this.forkPoint(head.number, solid), fresh: [] };
    }
    const fresh = await this.read(Math.max(top.number + 1, solid + 1, head.number - MAX_FRESH), head);
    let below: { number: number; id: string } = { number: top.number, id: top.blockId };
    for (const b of fresh) {
      if (below.number === b.number - 1 && b.parentId !== below.id) {
        return { forkAt: await this.forkPoint(b.number - 1, solid), fresh: [] };
      }
      below = b;
    }
    return { fresh };
  }

  /** The node's blocks from `from` up to the head (empty when the head moved back while read). */
  private async read(from: number, head: Head): Promise<Head[]> {
    const out: Head[] = [];
    for (let n = from; n < head.number; n++) {
      const b = await this.chain.blockAt(n);
      if (!b) return []; // the next cycle looks again
      out.push(b);
    }
    out.push(head);
    return out;
  }

  /** The first replaced block: above the highest block, from `from` down, that is still the node's. */
  private async forkPoint(from: number, solid: number): Promise<number> {
    for (let n = from; n > solid; n--) {
      const mine = await this.recorded(n);
      if (!mine) return n + 1;
      const node = await this.chain.blockAt(n);
      if (node?.id === mine.blockId) return n + 1;
    }
    return solid + 1;
  }

  /** Records blocks read from the node (in the cycle's transaction). */
  async record(q: Q, blocks: readonly Head[]): Promise<void> {
    const { chainBlocks } = this.database.t;
    for (const b of blocks) {
      const row = {
        network: this.network,
        number: b.number,
        blockId: b.id,
        parentId: b.parentId,
        timestamp: b.timestamp,
      };
      await q
        .insert(chainBlocks)
        .values(row)
        .onConflictDoUpdate({ target: [chainBlocks.network, chainBlocks.number], set: row });
    }
  }

  /** The id of a recorded block (read in the transaction of `q`). */
  async idOf(q: Q, number: number): Promise<string | undefined> {
    return (await this.recorded(number, q))?.blockId;
  }

  /** Forgets the replaced blocks (in the transaction of `q`). */
  async dropFrom(q: Q, number: number): Promise<void> {
    const { chainBlocks } = this.database.t;
    await q.delete(chainBlocks).where(and(this.mine, gte(chainBlocks.number, number)));
  }

  /** Forgets blocks below the solid one (kept itself: the anchor the next block links to). */
  async forgetBelow(q: Q, solid: number): Promise<void> {
    const { chainBlocks } = this.database.t;
    const top = (await this.top(q))?.number ?? solid;
    await q.delete(chainBlocks).where(and(this.mine, lt(chainBlocks.number, solid), lt(chainBlocks.number, top)));
  }
}
