// Balances read from the chain: a token balance with its price, and a wallet with its positions.
import { eq } from 'drizzle-orm';
import { priceTrx } from '../../tron/market/index.js';
import { tokenNumber, trxNumber } from '../../tron/units.js';
import { Errors } from '../errors.js';
import { poolOf, type DataContext } from './rows.js';

/** The token's price from the index, or, not indexed yet, from the first launchpad that knows it. */
async function priceOf(ctx: DataContext, tokenAddress: string, decimals: number): Promise<number> {
  const { q, t } = ctx.db;
  const [row] = await q.select().from(t.tokens).where(eq(t.tokens.address, tokenAddress));
  if (row) return priceTrx(poolOf(row), row.decimals);
  for (const fam of ctx.families) {
    const pool = await ctx.chain.pool(fam, tokenAddress).catch(() => undefined);
    if (pool && pool.tokenReserve > 0n) return priceTrx(pool, decimals);
  }
  return 0;
}

/** A balance read from the chain; a node that fails answers the spec's "Error retrieving token balance". */
const balanceRead = <T>(read: Promise<T>): Promise<T> =>
  read.catch(() => {
    throw Errors.balanceFailed();
  });

export async function tokenBalance(ctx: DataContext, publicKey: string, tokenAddress: string, decimals: number) {
  const balance = await balanceRead(ctx.chain.tokenBalance(tokenAddress, publicKey));
  const priceInTrx = await priceOf(ctx, tokenAddress, decimals);
  return [
    {
      priceInTRX: priceInTrx,
      priceInUSD: priceInTrx * ctx.trxUsd,
      balanceInSun: balance.toString(),
      convertedBalance: tokenNumber(balance, decimals),
    },
  ];
}

/** TRX balance (from the chain) and the launchpad tokens held (from the index), largest value first. */
export async function wallet(ctx: DataContext, address: string) {
  const trx = await balanceRead(ctx.chain.trxBalance(address));
  const { q, t } = ctx.db;
  const rows = await q
    .select({ h: t.holders, tok: t.tokens })
    .from(t.holders)
    .innerJoin(t.tokens, eq(t.tokens.address, t.holders.token))
    .where(eq(t.holders.address, address));
  const positions = rows
    .map(({ h, tok }) => {
      const units = BigInt(h.balance);
      const balance = tokenNumber(units, tok.decimals);
      const price = priceTrx(poolOf(tok), tok.decimals);
      return {
        token: tok.address,
        family: tok.family,
        name: tok.name,
        symbol: tok.symbol,
        balance,
        balanceExact: units.toString(),
        priceInTrx: price,
        valueInTrx: balance * price,
        currentStatus: tok.status,
      };
    })
    .sort((a, b) => b.valueInTrx - a.valueInTrx);
  return { address, trxBalance: trxNumber(trx), trxBalanceSun: trx.toString(), positions };
}
