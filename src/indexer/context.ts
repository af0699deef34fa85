// What every apply step shares: the cycle's transaction, its statements, the feed, and what the fetch
// side learnt of the chain (each launchpad's DEX, the owners of swaps made through a router).
import type { DexInfo } from '../tron/client.js';
import type { FeedWriter } from './feed.js';
import type { HolderBook } from './holders.js';
import type { TokenBook } from './tokens.js';
import type { TradeBook } from './trade.js';
import type { Q, Statements, Tables } from './queries.js';

export interface ApplyContext {
  /** drizzle in the cycle's transaction. */
  q: Q;
  /** The tables, as the engine names them (`database.t`). */
  t: Tables;
  /** The per-event statements, prepared on `q`. */
  s: Statements;
  /** Statements are round trips (Postgres): a block's events are marked seen in one of them. */
  remote: boolean;
  feed: FeedWriter;
  /** The tokens' rows as this cycle has them; reserves written at once, or (Postgres) at a block's end. */
  tokens: TokenBook;
  /** Holders' balances: written at once, or (Postgres) summed over a block and written at its end. */
  holders: HolderBook;
  /** Trade rows and router fees: written at once, or (Postgres) together at a block's end. */
  trades: TradeBook;
  /** Each launchpad's DEX, by launchpad address (once read). */
  dexes: ReadonlyMap<string, DexInfo>;
  /** The trader of a swap made through a router (the transaction's owner), by txid. */
  owners: ReadonlyMap<string, string>;
  /** The newest solid block as of this cycle: rows from blocks up to it are final. */
  solid: number;
  /** A recorded block's id (blocks that were not solid when read). */
  blockId: (number: number) => Promise<string | undefined>;
}
