// What every read works from: the service's dependencies, and a token's indexed row and pool.
import { eq } from 'drizzle-orm';
import type { SQLiteSelect } from 'drizzle-orm/sqlite-core';
import type { AppDatabase } from '../../db/index.js';
import type * as schema from '../../db/schema.js';
import type { Family, FamilyName } from '../../tron/families.js';
import type { Chains } from '../../tron/chains.js';
import type { Pool } from '../../tron/market/index.js';
import { Errors } from '../errors.js';

export interface DataDeps {
  db: AppDatabase;
  /** Each family's node: a balance or an unindexed token is read on its family's network only. */
  chains: Chains;
  families: Family[];
  trxUsd: number;
  /**
   * The chain's time (default the machine's clock): what the indexed block times are counted from
   * (the last 24 hours, the newest candle, a token's age).
   */
  now?: () => number;
  /**
   * A family's network's time (default `now`): a token's 24 hours, candles and age count on its own
   * chain's clock (a devnet's may run ahead of another's). Listings across families use `now`.
   */
  nowOf?: (family: string) => number;
}

/** The dependencies with the clock settled. */
export type DataContext = Required<DataDeps>;

export type TokenRow = typeof schema.tokens.$inferSelect;

export const DAY_MS = 24 * 3600 * 1000;

/** The indexed token (of the family, when given), or the spec's "Token not found". */
export async function findToken(db: AppDatabase, address: string, family?: FamilyName): Promise<TokenRow> {
  const [row] = await db.q.select().from(db.t.tokens).where(eq(db.t.tokens.address, address));
  if (!row || (family && row.family !== family)) throw Errors.tokenNotFound();
  return row;
}

/** The row's reserves: the curve's virtual ones, or the pair's after the launch. */
export const poolOf = (row: { trxReserve: string; tokenReserve: string }): Pool => ({
  trxReserve: BigInt(row.trxReserve),
  tokenReserve: BigInt(row.tokenReserve),
});

/** The pool after a recorded trade. */
export const poolAfter = (trade: { trxReserveAfter: string; tokenReserveAfter: string }): Pool => ({
  trxReserve: BigInt(trade.trxReserveAfter),
  tokenReserve: BigInt(trade.tokenReserveAfter),
});

/** One page of a query (built with `.$dynamic()`): `limit` rows after the first page - 1 pages. */
export function withPage<Q extends SQLiteSelect>(query: Q, page: number, limit: number): Q {
  return query.limit(limit).offset((page - 1) * limit);
}
