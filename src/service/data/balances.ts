// Balances read from the chain: a token balance with its price, and a wallet with its positions.
import { eq } from 'drizzle-orm';
import { priceTrx } from '../../tron/market/index.js';
import { tokenNumber, trxNumber } from '../../tron/units.js';
import type { ChainNetwork } from '../../tron/chains.js';
import { Errors } from '../errors.js';
import { poolOf, type DataContext } from './rows.js';

/**
 * The token's price from the index, or, not indexed yet, from the first launchpad of the network that
 * knows it.
 */
async function priceOf(ctx: DataContext, network: ChainNetwork, tokenAddress: string, decimals: number) {
  const { q, t } = ctx.db;
  const [row] = await q.select().from(t.tokens).where(eq(t.tokens.address, tokenAddress));
  if (row) return priceTrx(poolOf(row), row.decimals);
  for (const fam of network.families) {
    const pool = await network.chain.pool(fam, tokenAddress).catch(() => undefined);
    if (pool && pool.tokenReserve > 0n) return priceTrx(pool, decimals);
  }
  return 0;
}

/**
 * The network a caller's `rpc` names (its URL exactly as configured), or the spec's 400: a URL the
 * API does not serve is never fetched (no request to an address a caller chooses).
 */
export function networkOfRpc(ctx: DataContext, rpc: string | undefined): ChainNetwork | undefined {
  if (rpc === undefined || rpc === '') return undefined;
  const n = ctx.chains.byUrl(rpc);
  if (!n) throw Errors.unknownRpc();
  return n;
}

/** The network a token is on: its indexed family's, else the one whose launchpad knows it, else the first. */
async function networkOfToken(ctx: DataContext, tokenAddress: string): Promise<ChainNetwork> {
  const { q, t } = ctx.db;
  const [row] = await q.select({ family: t.tokens.family }).from(t.tokens).where(eq(t.tokens.address, tokenAddress));
  const name = row ? row.family : (await ctx.chains.familyOf(tokenAddress).catch(() => undefined))?.family;
  const served = ctx.chains.families.find((f) => f.family === name);
  return served ? ctx.chains.networkOf(served) : ctx.chains.networks[0]!;
}

/** A balance read from the chain; a node that fails answers the spec's "Error retrieving token balance". */
const balanceRead = <T>(read: Promise<T>): Promise<T> =>
  read.catch(() => {
    throw Errors.balanceFailed();
  });

export async function tokenBalance(
  ctx: DataContext,
  publicKey: string,
  tokenAddress: string,
  decimals: number,
  rpc?: string,
) {
  const network = networkOfRpc(ctx, rpc) ?? (await networkOfToken(ctx, tokenAddress));
  const balance = await balanceRead(network.chain.tokenBalance(tokenAddress, publicKey));
  const priceInTrx = await priceOf(ctx, network, tokenAddress, decimals);
  return [
    {
      priceInTRX: priceInTrx,
      priceInUSD: priceInTrx * ctx.trxUsd,
      balanceInSun: balance.toString(),
      convertedBalance: tokenNumber(balance, decimals),
    },
  ];
}

/**
 * TRX balance (from the chain) and the launchpad tokens held (from the index), largest value first.
 * `trxBalance` is the first network's; with several, `networks` gives each one's (one key, one
 * address: the same wallet on every network).
 */
export async function wallet(ctx: DataContext, address: string) {
  // the first network's balance must be read; another's node that does not answer gives null (its
  // family fails, not the wallet)
  const balances = await Promise.all(
    ctx.chains.networks.map(async (n, i) => ({
      n,
      sun: await (i === 0 ? balanceRead(n.chain.trxBalance(address)) : n.chain.trxBalance(address).catch(() => null)),
    })),
  );
  const trx = balances[0]!.sun!;
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
  const networks = balances.map(({ n, sun }) => ({
    network: n.id,
    name: n.name,
    families: n.families.map((f) => f.family),
    trxBalance: sun === null ? null : trxNumber(sun),
    trxBalanceSun: sun === null ? null : sun.toString(),
  }));
  return { address, trxBalance: trxNumber(trx), trxBalanceSun: trx.toString(), networks, positions };
}
