// A token's details, the listings, its price and its curve's progress, from the indexed row.
import { and, asc, desc, eq, getTableColumns, gt, lte, sql, type SQL } from 'drizzle-orm';
import { sumOf } from '../../db/engine.js';
import type { FamilyName } from '../../tron/families.js';
import {
  TOTAL_SALE,
  TRX_TO_FILL,
  VIRTUAL_TRX_START,
  initialPool,
  priceTrx,
  progressBps,
  progressPct,
  realTrxOf,
  soldOf,
} from '../../tron/market/index.js';
import { BPS, tokenNumber, trxNumber } from '../../tron/units.js';
import { DAY_MS, findToken, poolAfter, poolOf, withPage, type DataContext, type TokenRow } from './rows.js';

export type TokenSort = 'new' | 'volume' | 'progress';

/** TRX traded in the last 24 h, and the price's change since: after the last trade before then, or
 * from the starting price for a younger token. */
async function stats24h(ctx: DataContext, row: TokenRow) {
  const { q, t } = ctx.db;
  const since = ctx.nowOf(row.family) - DAY_MS;
  const [volume] = await q
    .select({ v: sumOf(t.trades.trxAmount) })
    .from(t.trades)
    .where(and(eq(t.trades.token, row.address), gt(t.trades.timestamp, since)));
  const [before] = await q
    .select()
    .from(t.trades)
    .where(and(eq(t.trades.token, row.address), lte(t.trades.timestamp, since)))
    .orderBy(desc(t.trades.timestamp), desc(t.trades.id))
    .limit(1);
  const p0 = priceTrx(before ? poolAfter(before) : initialPool(), row.decimals);
  const p1 = priceTrx(poolOf(row), row.decimals);
  return { volumeSun: BigInt(volume?.v ?? 0), change: p0 === 0 ? 0 : ((p1 - p0) / p0) * 100 };
}

/** After the launch the row's reserves are the pair's (WTRX sun, token base units). */
function dexOf(row: TokenRow) {
  if (row.status !== 'LAUNCHED' || !row.pair) return null;
  const trx = BigInt(row.trxReserve);
  const tok = BigInt(row.tokenReserve);
  return {
    pairAddress: row.pair,
    trxReserve: trxNumber(trx),
    tokenReserve: tokenNumber(tok, row.decimals),
    liquidityInTrx: trxNumber(2n * trx),
    exact: { trxReserveSun: trx.toString(), tokenReserve: tok.toString() },
  };
}

/** A token's curve progress in percent (100 once launched). */
const progressOf = (row: Pick<TokenRow, 'status' | 'trxReserve' | 'tokenReserve'>): number =>
  row.status === 'LAUNCHED' ? 100 : progressPct(poolOf(row));

/** The market figures of a token's details and of the listings. */
async function summary(ctx: DataContext, row: TokenRow) {
  const pool = poolOf(row);
  const launched = row.status === 'LAUNCHED';
  const sold = soldOf(pool);
  const price = priceTrx(pool, row.decimals);
  const supply = BigInt(row.totalSupply);
  const s = await stats24h(ctx, row);
  return {
    currentStatus: row.status,
    priceInTrx: price,
    totalSupply: tokenNumber(supply, row.decimals),
    currentSold: tokenNumber(launched ? TOTAL_SALE : sold, row.decimals),
    marketCap: Math.round(price * tokenNumber(supply, row.decimals) * ctx.trxUsd * 100) / 100,
    trxReserve: launched ? 0 : trxNumber(realTrxOf(pool)),
    tokenReserve: launched ? 0 : tokenNumber(TOTAL_SALE - sold, row.decimals),
    volume24Hr: trxNumber(s.volumeSun),
    priceChange24Hr: Math.round(s.change * 100) / 100,
    pumpPercentage: progressOf(row),
    createTxHash: row.createTx,
    launchTxHash: row.launchTx,
    active: !launched,
    venue: launched ? ('dex' as const) : ('curve' as const),
    dex: dexOf(row),
  };
}

export async function tokenDetails(ctx: DataContext, family: FamilyName, address: string) {
  const { q, t } = ctx.db;
  const row = await findToken(ctx.db, address, family);
  const [meta] = await q.select().from(t.tokenMetadata).where(eq(t.tokenMetadata.address, address));
  return {
    metadata: {
      name: row.name,
      symbol: row.symbol,
      description: meta?.description ?? '',
      image: meta?.image ?? '',
      twitter: meta?.twitter ?? null,
      telegram: meta?.telegram ?? null,
      website: meta?.website ?? null,
      ownerAddress: row.creator,
      contractAddress: row.address,
    },
    data: await summary(ctx, row),
  };
}

/** A token's curve progress in whole percent, in SQL: `progressOf` of its row, on both engines. */
function progressSql(t: DataContext['db']['t']): SQL {
  const n = (v: bigint) => sql.raw(String(v));
  const raised = sql`(cast(${t.tokens.trxReserve} as bigint) - ${n(VIRTUAL_TRX_START)})`;
  const bps = sql`(${raised} * ${n(BPS)} / ${n(TRX_TO_FILL)})`;
  return sql`case when ${t.tokens.status} = 'LAUNCHED' then 100 when ${raised} <= 0 then 0
    when ${bps} >= ${n(BPS)} then 100 else ${bps} / 100 end`;
}

/**
 * A page of the listing, ordered and cut by the database: newest first; by 24 h volume (every
 * token's, summed in one grouped query the order joins); by progress, the TRX in the curve (the
 * pair's, once launched) breaking ties. Then, whatever the sort, the newer token first and the
 * address in byte order, so that pages are the same on both engines and no token shows on two of
 * them. Only the page's tokens are read: a listing costs the same few queries with ten tokens or
 * a hundred thousand.
 */
export async function listTokens(ctx: DataContext, sort: TokenSort, page: number, limit: number) {
  const { q, t } = ctx.db;
  // text columns compare byte by byte on both engines (Postgres's are collated "C")
  const ties = [desc(t.tokens.createdAt), asc(t.tokens.address)];
  const listing = q.select(getTableColumns(t.tokens)).from(t.tokens).$dynamic();
  if (sort === 'volume') {
    const day = q
      .select({ token: t.trades.token, sun: sumOf(t.trades.trxAmount).as('sun') })
      .from(t.trades)
      .where(gt(t.trades.timestamp, ctx.now() - DAY_MS))
      .groupBy(t.trades.token)
      .as('day');
    listing.leftJoin(day, eq(day.token, t.tokens.address)).orderBy(desc(sql`coalesce(${day.sun}, 0)`), ...ties);
  } else if (sort === 'progress') {
    listing.orderBy(desc(progressSql(t)), desc(sql`cast(${t.tokens.trxReserve} as bigint)`), ...ties);
  } else listing.orderBy(...ties);
  const rows = await withPage(listing, page, limit);
  const items = await Promise.all(rows.map(async (row) => ({ row, s: await summary(ctx, row) })));
  return items.map(({ row, s }) => ({
    address: row.address,
    family: row.family,
    name: row.name,
    symbol: row.symbol,
    creator: row.creator,
    createdAt: row.createdAt,
    currentStatus: s.currentStatus,
    priceInTrx: s.priceInTrx,
    marketCap: s.marketCap,
    volume24Hr: s.volume24Hr,
    priceChange24Hr: s.priceChange24Hr,
    pumpPercentage: s.pumpPercentage,
  }));
}

export async function tokenPrice(ctx: DataContext, address: string) {
  const row = await findToken(ctx.db, address);
  const p = priceTrx(poolOf(row), row.decimals);
  return {
    address,
    symbol: row.symbol,
    priceInTrx: p,
    priceInUSD: p * ctx.trxUsd,
    trxUsd: ctx.trxUsd,
    currentStatus: row.status,
    exact: { trxReserveSun: row.trxReserve, tokenReserve: row.tokenReserve, decimals: row.decimals },
    totalSupply: row.totalSupply,
  };
}

export async function curveProgress(ctx: DataContext, address: string) {
  const row = await findToken(ctx.db, address);
  const pool = poolOf(row);
  const launched = row.status === 'LAUNCHED';
  const sold = launched ? TOTAL_SALE : soldOf(pool);
  const raised = launched ? TRX_TO_FILL : realTrxOf(pool);
  const toLaunch = TRX_TO_FILL > raised ? TRX_TO_FILL - raised : 0n;
  return {
    address,
    symbol: row.symbol,
    currentStatus: row.status,
    sold: tokenNumber(sold, row.decimals),
    totalForSale: tokenNumber(TOTAL_SALE, row.decimals),
    percent: launched ? 100 : Number(progressBps(pool)) / 100,
    trxInCurve: launched ? 0 : trxNumber(raised),
    trxToLaunch: trxNumber(toLaunch),
    exact: {
      sold: sold.toString(),
      trxInCurveSun: (launched ? 0n : raised).toString(),
      trxToLaunchSun: toLaunch.toString(),
    },
  };
}

export interface TokenMetadata {
  description?: string;
  image?: string;
  twitter?: string | null;
  telegram?: string | null;
  website?: string | null;
}

/** Stores a token's off-chain metadata (seed, create helper), replacing what it had. */
export async function saveMetadata(ctx: DataContext, address: string, m: TokenMetadata): Promise<void> {
  const { t } = ctx.db;
  const row = {
    address,
    description: m.description ?? '',
    image: m.image ?? '',
    twitter: m.twitter ?? null,
    telegram: m.telegram ?? null,
    website: m.website ?? null,
  };
  await ctx.db.tx((q) =>
    q.insert(t.tokenMetadata).values(row).onConflictDoUpdate({ target: t.tokenMetadata.address, set: row }),
  );
}
