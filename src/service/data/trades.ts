// Trades from the index: a token's latest, and a user's own (cost basis, positions).
import { and, desc, eq } from 'drizzle-orm';
import type * as schema from '../../db/schema.js';
import { priceTrx } from '../../tron/market/index.js';
import { tokenNumber, trxNumber } from '../../tron/units.js';
import { findToken, withPage, type DataContext } from './rows.js';

const newestFirst = (trades: typeof schema.trades) => [desc(trades.timestamp), desc(trades.id)] as const;

export async function recentTrades(ctx: DataContext, address: string, page: number, limit: number) {
  const { q, t } = ctx.db;
  const row = await findToken(ctx.db, address);
  const query = q
    .select()
    .from(t.trades)
    .where(eq(t.trades.token, address))
    .orderBy(...newestFirst(t.trades));
  const rows = await withPage(query.$dynamic(), page, limit);
  return rows.map((r) => {
      const trx = BigInt(r.trxAmount);
      const fee = BigInt(r.fee);
      const tokens = BigInt(r.tokenAmount);
      // execution price on the curve, fees aside
      const curveTrx = r.type === 'BUY' ? trx - fee : trx + fee;
      return {
        type: r.type as 'BUY' | 'SELL',
        signature: r.txid,
        user: r.user,
        tokenAddress: r.token,
        poolAddress: r.pool,
        trxAmount: trxNumber(trx),
        tokenAmount: tokenNumber(tokens, row.decimals),
        priceInTrx: priceTrx({ trxReserve: curveTrx, tokenReserve: tokens }, row.decimals),
        timestamp: r.timestamp,
        blockNumber: r.blockNumber,
        confirmed: r.confirmed,
      };
    });
}

/** A user's own trades, of one token when given, newest first. */
export async function userTrades(
  ctx: DataContext,
  user: string,
  token: string | undefined,
  page: number,
  limit: number,
) {
  const { q, t } = ctx.db;
  const conds = [eq(t.trades.user, user)];
  if (token) conds.push(eq(t.trades.token, token));
  const query = q
    .select({ tr: t.trades, tok: t.tokens })
    .from(t.trades)
    .innerJoin(t.tokens, eq(t.tokens.address, t.trades.token))
    .where(and(...conds))
    .orderBy(...newestFirst(t.trades));
  const rows = await withPage(query.$dynamic(), page, limit);
  return rows.map(({ tr, tok }) => ({
      type: tr.type as 'BUY' | 'SELL',
      signature: tr.txid,
      tokenAddress: tr.token,
      symbol: tok.symbol,
      trxAmount: trxNumber(BigInt(tr.trxAmount)),
      trxAmountSun: tr.trxAmount,
      routerFeeSun: tr.routerFee,
      tokenAmount: tokenNumber(BigInt(tr.tokenAmount), tok.decimals),
      tokenAmountExact: tr.tokenAmount,
      timestamp: tr.timestamp,
      blockNumber: tr.blockNumber,
      confirmed: tr.confirmed,
    }));
}
