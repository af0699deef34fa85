// Forks on demand, a devnet-only test tool (POST /devnet/fork): the newest blocks, never a solid
// one, are replaced at once by as many new blocks at the same heights, as when a node switches to
// another branch. The state goes back to the fork point through the undo journal; the replaced
// blocks' events go; their transactions are dropped (gone, as if never sent) or run again, each in
// the new block at its old block's height, on the restored state (so their results may differ).
import type { DevnetDb } from '../ledger.js';
import type { Journal } from './journal.js';
import type { chainStatements } from './statements.js';
import type { BlockRow, TxRow } from './types.js';

/** The newest `blocks` blocks, or those from block `from` to the head. */
export type ForkRequest = ({ blocks: number } | { from: number }) & { drop: boolean };

export interface BlockRef {
  number: number;
  blockId: string;
}

export interface ForkResult {
  replaced: BlockRef[];
  blocks: BlockRef[];
  /** The replaced blocks' transactions: gone (drop) or run again in the new blocks. */
  transactions: string[];
}

/** What replacing blocks needs of the chain (all inside the chain's transaction). */
export interface ForkSteps {
  db: DevnetDb;
  q: ReturnType<typeof chainStatements>;
  journal: Journal;
  /** Makes the block after `parent` from these transactions, its id marked by the fork's number. */
  makeBlock(parent: BlockRow, timestamp: number, txs: TxRow[], fork?: number): Promise<BlockRow>;
}

/** The first block the request replaces, or why it may not be replaced (in plain words). */
export function forkStart(request: ForkRequest, head: number, solid: number): number | { refusal: string } {
  if ('blocks' in request && request.blocks < 1) return { refusal: 'blocks must be 1 or more' };
  const from = 'blocks' in request ? head - request.blocks + 1 : request.from;
  if (from > head) return { refusal: `block ${from} is beyond the head block ${head}` };
  if (from <= solid) {
    return {
      refusal: `block ${from} is solid (the newest solid block is ${solid}, the head is ${head}); solid blocks never change`,
    };
  }
  return from;
}

/** Replaces the blocks from `from` to the head; `fork` numbers this fork (it goes into the new ids). */
export async function replaceBlocks(s: ForkSteps, from: number, drop: boolean, fork: number): Promise<ForkResult> {
  const c = s.db.$client;
  const replaced = s.q.blocksFrom.all(from);
  const txs = s.q.txsFrom.all(from);
  s.journal.rewind(from - 1);
  c.prepare<[number]>('delete from events where block_number >= ?').run(from);
  c.prepare<[number]>('delete from blocks where number >= ?').run(from);
  if (drop) c.prepare<[number]>('delete from transactions where block_number >= ?').run(from);
  else {
    c.prepare<[number]>(
      "update transactions set status = 'pending', block_number = null, info = null where block_number >= ?",
    ).run(from);
  }
  let parent = s.q.block.get(from - 1)!;
  const blocks: BlockRow[] = [];
  for (const old of replaced) {
    const again = drop ? [] : txs.filter((t) => t.blockNumber === old.number);
    parent = await s.makeBlock(parent, old.timestamp, again, fork);
    blocks.push(parent);
  }
  const ref = (b: BlockRow): BlockRef => ({ number: b.number, blockId: b.blockId });
  return { replaced: replaced.map(ref), blocks: blocks.map(ref), transactions: txs.map((t) => t.txid) };
}
