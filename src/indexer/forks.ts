// The blocks the index holds changes from, and forks. Each cycle reads the node's head; the blocks
// between the last one recorded and the head are read (headers only: one request a block, none when
// the head moved by one) and must chain by their parents to what was recorded. A block ids commit to
// their parents, so one link checks the whole chain below it. Where the chain breaks, the node's
// blocks are read downwards until one matches what was recorded: everything above it was replaced.
// Nothing at or below the solid block is ever questioned.
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
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
    private readonly db: AppDb,
    private readonly chain: ChainGateway,
  ) {}

  private recorded(number: number) {
    return this.db.select().from(t.chainBlocks).where(eq(t.chainBlocks.number, number)).get();
  }

  private top() {
    return this.db.select().from(t.chainBlocks).orderBy(desc(t.chainBlocks.number)).limit(1).get();
  }

  /** Compares the node's chain, up to `head`, with what was recorded. */
  async check(head: Head, solid: number): Promise<ForkCheck> {
    const top = this.top();
    // nothing recorded yet (a first start): every block above the solid one is recorded, so that a
    // fork reaching below the first head read is still found
    if (!top) return { fresh: await this.read(Math.max(solid + 1, head.number - MAX_FRESH), head) };
    if (head.number <= top.number) {
      const mine = this.recorded(head.number);
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
      const mine = this.recorded(n);
      if (!mine) return n + 1;
      const node = await this.chain.blockAt(n);
      if (node?.id === mine.blockId) return n + 1;
    }
    return solid + 1;
  }

  /** Records blocks read from the node (in the cycle's transaction). */
  record(blocks: readonly Head[]): void {
    for (const b of blocks) {
      const row = { number: b.number, blockId: b.id, parentId: b.parentId, timestamp: b.timestamp };
      this.db.insert(t.chainBlocks).values(row).onConflictDoUpdate({ target: t.chainBlocks.number, set: row }).run();
    }
  }

  /** The id of a recorded block. */
  idOf(number: number): string | undefined {
    return this.recorded(number)?.blockId;
  }

  /** Forgets the replaced blocks. */
  dropFrom(number: number): void {
    this.db.delete(t.chainBlocks).where(gte(t.chainBlocks.number, number)).run();
  }

  /** Forgets blocks below the solid one (kept itself: the anchor the next block links to). */
  forgetBelow(solid: number): void {
    this.db
      .delete(t.chainBlocks)
      .where(and(lt(t.chainBlocks.number, solid), lt(t.chainBlocks.number, this.top()?.number ?? solid)))
      .run();
  }
}
