// A token's holders from the index, largest first, each with its value and its kind.
import { asc, desc, eq } from 'drizzle-orm';
import type { FamilyName } from '../../tron/families.js';
import { priceTrx } from '../../tron/market/index.js';
import { ratioNumber, tokenNumber } from '../../tron/units.js';
import { findToken, poolOf, withPage, type DataContext, type TokenRow } from './rows.js';

export type HolderType = 'curve' | 'dev' | 'pool' | 'trader';

/** curve = the launchpad contract, dev = the creator, pool = the DEX pair after launch. */
export const holderType = (address: string, row: Pick<TokenRow, 'launchpad' | 'creator' | 'pair'>): HolderType =>
  address === row.launchpad ? 'curve' : address === row.creator ? 'dev' : address === row.pair ? 'pool' : 'trader';

export async function tokenHolders(
  ctx: DataContext,
  family: FamilyName,
  address: string,
  page: number,
  limit: number,
) {
  const { q, t } = ctx.db;
  const row = await findToken(ctx.db, address, family);
  const price = priceTrx(poolOf(row), row.decimals);
  const supply = BigInt(row.totalSupply);
  const query = q
    .select()
    .from(t.holders)
    .where(eq(t.holders.token, address))
    .orderBy(desc(t.holders.sortKey), asc(t.holders.address));
  const rows = await withPage(query.$dynamic(), page, limit);
  return rows.map((h) => {
      const bal = BigInt(h.balance);
      const balance = tokenNumber(bal, row.decimals);
      return {
        address: h.address,
        balance,
        priceInTrx: price,
        valueInTrx: balance * price,
        percentage: ratioNumber(bal * 100n, supply),
        type: holderType(h.address, row),
      };
    });
}
