// The chain an index was made from. Each network's genesis block id is kept in app_meta when its
// indexer first reads the node; a node whose genesis differs is another chain, whose blocks and events
// must never be mixed with what the index holds. On the embedded devnet that happens when a devnet's
// file is made anew (a data dir from before the second network had launchpad2's tokens indexed from
// the one shared chain): that network's rows are dropped and indexed again from its new chain. On a
// real node it is a mistake of the settings (TRON_RPC or LAUNCHPAD2_RPC moved to another network with
// the same database): the indexer refuses to go on, and says why.
import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { AppDatabase } from '../db/index.js';
import type { UndoJournal } from '../db/undo-journal.js';
import type { ChainGateway } from '../tron/gateway.js';
import { tokensOf } from './queries.js';

/** What to do with an index made from another chain: drop the network's rows (devnet) or refuse. */
export type GenesisRule = 'purge' | 'refuse';

const metaKey = (network: string) => `genesis:${network}`;

export class ForeignChainError extends Error {}

/**
 * Compares the node's genesis with the one the network's index was made from (kept the first time),
 * and acts by `rule` when they differ. A data dir from before genesis ids were kept counts as made
 * from another chain when its network already holds rows, on the devnet only (a real node's index of
 * that time is taken as its own).
 */
export async function guardGenesis(deps: {
  db: AppDatabase;
  chain: ChainGateway;
  network: string;
  families: readonly string[];
  /** the network's undo journal: its entries go with its rows */
  journal: UndoJournal;
  rule: GenesisRule;
  logger: Logger;
}): Promise<void> {
  const { db, network, rule } = deps;
  const genesis = await deps.chain.blockAt(0);
  if (!genesis) throw new Error(`the node of network ${network} gave no genesis block`);
  const { q, t } = db;
  const [kept] = await q
    .select()
    .from(t.appMeta)
    .where(eq(t.appMeta.key, metaKey(network)));
  if (kept?.value === genesis.id) return;
  const foreign = kept ? true : rule === 'purge' && (await holdsRows(db, network, deps.families));
  if (foreign) {
    if (rule === 'refuse')
      throw new ForeignChainError(
        `the index of network ${network} was made from another chain (genesis ${kept?.value}) than its node's (${genesis.id}): use the node it was made from, or a new database`,
      );
    const dropped = await purge(db, network, deps.families, deps.journal);
    deps.logger.warn(
      { network, was: kept?.value ?? 'unknown', now: genesis.id, ...dropped },
      'the devnet of this network is a new chain: its rows in the index were dropped and are indexed again',
    );
  }
  await db.tx((tx) =>
    tx
      .insert(t.appMeta)
      .values({ key: metaKey(network), value: genesis.id })
      .onConflictDoUpdate({ target: t.appMeta.key, set: { value: genesis.id } }),
  );
}

async function holdsRows(db: AppDatabase, network: string, families: readonly string[]): Promise<boolean> {
  const { q, t } = db;
  const [cursor] = await q
    .select({ c: t.indexerCursors.contract })
    .from(t.indexerCursors)
    .where(eq(t.indexerCursors.network, network))
    .limit(1);
  if (cursor) return true;
  const [token] = await q
    .select({ a: t.tokens.address })
    .from(t.tokens)
    .where(inArray(t.tokens.family, [...families]))
    .limit(1);
  return token !== undefined;
}

/** Drops what the index holds of a network: its families' tokens and all that hangs on them, its cursors and blocks. */
async function purge(db: AppDatabase, network: string, families: readonly string[], journal: UndoJournal) {
  return db.tx(async (q) => {
    const { t } = db;
    const ours = tokensOf(q, t, families);
    await q.delete(t.feedEvents).where(inArray(t.feedEvents.token, ours));
    const trades = (await q.delete(t.trades).where(inArray(t.trades.token, ours)).returning({ id: t.trades.id }))
      .length;
    await q.delete(t.holders).where(inArray(t.holders.token, ours));
    await q.delete(t.feeLedger).where(inArray(t.feeLedger.token, ours));
    await q.delete(t.pendingFees).where(inArray(t.pendingFees.token, ours));
    await q.delete(t.tokenMetadata).where(inArray(t.tokenMetadata.address, ours));
    const tokens = (
      await q
        .delete(t.tokens)
        .where(inArray(t.tokens.family, [...families]))
        .returning({ a: t.tokens.address })
    ).length;
    await q.delete(t.indexerCursors).where(eq(t.indexerCursors.network, network));
    await q.delete(t.chainBlocks).where(eq(t.chainBlocks.network, network));
    await journal.forgetUpTo(q, Number.MAX_SAFE_INTEGER);
    return { tokens, trades };
  });
}
