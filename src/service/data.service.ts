// Data operations: token details, trades, holders, balance and listings, read from the indexer's
// tables (and the chain for balances). No HTTP here: typed input, typed output, ServiceError.
import { and, asc, desc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { AppDb } from '../db/index.js';
import * as t from '../db/schema.js';
import {
  TOTAL_SALE,
  TRX_TO_FILL,
  initialPool,
  priceTrx,
  progressBps,
  progressPct,
  realTrxOf,
  soldOf,
  type Pool,
} from '../tron/market/index.js';
import { ratioNumber, tokenNumber, trxNumber } from '../tron/units.js';
import type { Family, FamilyName } from '../tron/families.js';
import { Errors } from './errors.js';
import type { ChainGateway } from '../tron/gateway.js';

export interface DataDeps {
  db: AppDb;
  chain: ChainGateway;
  families: Family[];
  trxUsd: number;
  now?: () => number;
}

const DAY = 24 * 3600 * 1000;

export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d';
const INTERVAL_MS: Record<CandleInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': DAY,
};

type TokenRow = typeof t.tokens.$inferSelect;
export type HolderType = 'curve' | 'dev' | 'pool' | 'trader';

/** curve = the launchpad contract, dev = the creator, pool = the DEX pair after launch. */
const holderType = (address: string, row: TokenRow): HolderType =>
  address === row.launchpad ? 'curve' : address === row.creator ? 'dev' : address === row.pair ? 'pool' : 'trader';

/** Values handed out by the read cache: the same object until the index changes, never modified. */
const cachedReads = new WeakSet<object>();
export const isCachedRead = (value: object): boolean => cachedReads.has(value);
/** Marks a cached value and its members (callers spread the value into their envelope). */
function markCached(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  cachedReads.add(value);
  for (const member of Object.values(value) as unknown[])
    if (typeof member === 'object' && member !== null) cachedReads.add(member);
}

/** How long a computed read may be served again while nothing was indexed (the 24 h window slides). */
const READ_CACHE_MS = 2_000;

export function createDataService(deps: DataDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // Reads change only when the indexer applies events or metadata is set: cache them by version.
  let version = 0;
  const cache = new Map<string, { version: number; at: number; value: unknown }>();
  function memo<T>(key: string, fn: () => T): T {
    const hit = cache.get(key);
    const t = now();
    if (hit && hit.version === version && t - hit.at < READ_CACHE_MS) return hit.value as T;
    const value = fn();
    markCached(value);
    if (cache.size > 5_000) cache.clear();
    cache.set(key, { version, at: t, value });
    return value;
  }

  const findToken = (address: string, family?: FamilyName): TokenRow => {
    const row = db.select().from(t.tokens).where(eq(t.tokens.address, address)).get();
    if (!row || (family && row.family !== family)) throw Errors.tokenNotFound();
    return row;
  };

  const poolOf = (row: TokenRow): Pool => ({
    trxReserve: BigInt(row.trxReserve),
    tokenReserve: BigInt(row.tokenReserve),
  });

  /** Price 24 h ago: after the last trade before then, or the starting price for a younger token. */
  function stats24h(row: TokenRow) {
    const since = now() - DAY;
    const volume = db
      .select({ v: sql<string>`coalesce(sum(cast(${t.trades.trxAmount} as integer)), 0)` })
      .from(t.trades)
      .where(and(eq(t.trades.token, row.address), gt(t.trades.timestamp, since)))
      .get();
    const before = db
      .select()
      .from(t.trades)
      .where(and(eq(t.trades.token, row.address), lte(t.trades.timestamp, since)))
      .orderBy(desc(t.trades.timestamp), desc(t.trades.id))
      .limit(1)
      .get();
    const thenPool = before
      ? { trxReserve: BigInt(before.trxReserveAfter), tokenReserve: BigInt(before.tokenReserveAfter) }
      : initialPool();
    const p0 = priceTrx(thenPool, row.decimals);
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

  function summary(row: TokenRow) {
    const pool = poolOf(row);
    const launched = row.status === 'LAUNCHED';
    const sold = soldOf(pool);
    const raised = realTrxOf(pool);
    const price = priceTrx(pool, row.decimals);
    const supply = BigInt(row.totalSupply);
    const pct = launched ? 100 : progressPct(pool);
    const s = stats24h(row);
    return {
      currentStatus: row.status,
      priceInTrx: price,
      totalSupply: tokenNumber(supply, row.decimals),
      currentSold: tokenNumber(launched ? TOTAL_SALE : sold, row.decimals),
      marketCap: Math.round(price * tokenNumber(supply, row.decimals) * deps.trxUsd * 100) / 100,
      trxReserve: launched ? 0 : trxNumber(raised),
      tokenReserve: launched ? 0 : tokenNumber(TOTAL_SALE - sold, row.decimals),
      volume24Hr: trxNumber(s.volumeSun),
      priceChange24Hr: Math.round(s.change * 100) / 100,
      pumpPercentage: pct,
      createTxHash: row.createTx,
      launchTxHash: row.launchTx,
      active: !launched,
      venue: launched ? ('dex' as const) : ('curve' as const),
      dex: dexOf(row),
    };
  }

  return {
    /** Drops cached reads (the indexer calls it after applying events). */
    invalidate(): void {
      version++;
      cache.clear();
    },

    getTokenDetails(family: FamilyName, address: string) {
      return memo(`details:${family}:${address}`, () => this.tokenDetailsUncached(family, address));
    },

    tokenDetailsUncached(family: FamilyName, address: string) {
      const row = findToken(address, family);
      const meta = db.select().from(t.tokenMetadata).where(eq(t.tokenMetadata.address, address)).get();
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
        data: summary(row),
      };
    },

    getRecentTrades(address: string, page: number, limit: number) {
      return memo(`trades:${address}:${page}:${limit}`, () => this.recentTradesUncached(address, page, limit));
    },

    recentTradesUncached(address: string, page: number, limit: number) {
      const row = findToken(address);
      const rows = db
        .select()
        .from(t.trades)
        .where(eq(t.trades.token, address))
        .orderBy(desc(t.trades.timestamp), desc(t.trades.id))
        .limit(limit)
        .offset((page - 1) * limit)
        .all();
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
        };
      });
    },

    getTokenHolders(family: FamilyName, address: string, page: number, limit: number) {
      return memo(`holders:${family}:${address}:${page}:${limit}`, () =>
        this.holdersUncached(family, address, page, limit),
      );
    },

    holdersUncached(family: FamilyName, address: string, page: number, limit: number) {
      const row = findToken(address, family);
      const price = priceTrx(poolOf(row), row.decimals);
      const supply = BigInt(row.totalSupply);
      const rows = db
        .select()
        .from(t.holders)
        .where(eq(t.holders.token, address))
        .orderBy(desc(t.holders.sortKey), asc(t.holders.address))
        .limit(limit)
        .offset((page - 1) * limit)
        .all();
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
    },

    async getTokenBalance(publicKey: string, tokenAddress: string, decimals: number) {
      let balance: bigint;
      try {
        balance = await deps.chain.tokenBalance(tokenAddress, publicKey);
      } catch {
        throw Errors.balanceFailed();
      }
      const row = db.select().from(t.tokens).where(eq(t.tokens.address, tokenAddress)).get();
      let priceInTrx = 0;
      if (row) priceInTrx = priceTrx(poolOf(row), row.decimals);
      else {
        // not indexed (yet): ask each launchpad
        for (const fam of deps.families) {
          const pool = await deps.chain.pool(fam, tokenAddress).catch(() => undefined);
          if (pool && pool.tokenReserve > 0n) {
            priceInTrx = priceTrx(pool, decimals);
            break;
          }
        }
      }
      return [
        {
          priceInTRX: priceInTrx,
          priceInUSD: priceInTrx * deps.trxUsd,
          balanceInSun: balance.toString(),
          convertedBalance: tokenNumber(balance, decimals),
        },
      ];
    },

    listTokens(sort: 'new' | 'volume' | 'progress', page: number, limit: number) {
      const rows = db.select().from(t.tokens).all();
      const items = rows.map((r) => ({ row: r, s: summary(r) }));
      if (sort === 'new') items.sort((a, b) => b.row.createdAt - a.row.createdAt);
      if (sort === 'volume') items.sort((a, b) => b.s.volume24Hr - a.s.volume24Hr || b.row.createdAt - a.row.createdAt);
      if (sort === 'progress') {
        items.sort((a, b) => {
          const ra = BigInt(a.row.trxReserve);
          const rb = BigInt(b.row.trxReserve);
          return b.s.pumpPercentage - a.s.pumpPercentage || (rb > ra ? 1 : rb < ra ? -1 : 0);
        });
      }
      return items.slice((page - 1) * limit, page * limit).map(({ row, s }) => ({
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
    },

    /**
     * OHLCV candles from the indexed trades: a trade's price is the pool's price after it (the curve's
     * virtual reserves, or the pair's after the launch), so the candles carry on across the launch.
     * A candle opens at the previous close; one without trades is flat at it with zero volume. Prices
     * are compared as exact ratios and turned into numbers only here, at the JSON edge.
     */
    getCandles(
      address: string,
      interval: CandleInterval,
      opts: { from?: number | undefined; to?: number | undefined; limit?: number | undefined } = {},
    ) {
      const row = findToken(address);
      const step = INTERVAL_MS[interval];
      const limit = opts.limit ?? 100;
      const lastStart = Math.floor((opts.to ?? now()) / step) * step;
      const born = Math.floor(row.createdAt / step) * step;
      let first = opts.from !== undefined ? Math.floor(opts.from / step) * step : lastStart - (limit - 1) * step;
      first = Math.max(first, born);
      const last = Math.min(lastStart, first + (limit - 1) * step);
      const key = `candles:${address}:${interval}:${first}:${last}`;
      return memo(key, () => {
        const before = db
          .select()
          .from(t.trades)
          .where(and(eq(t.trades.token, address), lt(t.trades.timestamp, first)))
          .orderBy(desc(t.trades.timestamp), desc(t.trades.id))
          .limit(1)
          .get();
        const inRange = db
          .select()
          .from(t.trades)
          .where(and(eq(t.trades.token, address), gte(t.trades.timestamp, first), lt(t.trades.timestamp, last + step)))
          .orderBy(asc(t.trades.timestamp), asc(t.trades.id))
          .all();
        const priceOf = (r: { trxReserveAfter: string; tokenReserveAfter: string }): Pool => ({
          trxReserve: BigInt(r.trxReserveAfter),
          tokenReserve: BigInt(r.tokenReserveAfter),
        });
        // a < b, exactly, for two prices as reserves
        const less = (a: Pool, b: Pool) => a.trxReserve * b.tokenReserve < b.trxReserve * a.tokenReserve;
        let close: Pool = before ? priceOf(before) : initialPool();
        const candles = [];
        let i = 0;
        for (let start = first; start <= last; start += step) {
          const open = close;
          let high = open;
          let low = open;
          let volume = 0n;
          let count = 0;
          for (; i < inRange.length && inRange[i]!.timestamp < start + step; i++) {
            const p = priceOf(inRange[i]!);
            if (less(high, p)) high = p;
            if (less(p, low)) low = p;
            close = p;
            volume += BigInt(inRange[i]!.trxAmount);
            count++;
          }
          const n = (p: Pool) => priceTrx(p, row.decimals);
          const o = { open: n(open), high: n(high), low: n(low), close: n(close) };
          candles.push({
            time: start,
            ...o,
            usd: {
              open: o.open * deps.trxUsd,
              high: o.high * deps.trxUsd,
              low: o.low * deps.trxUsd,
              close: o.close * deps.trxUsd,
            },
            volume: trxNumber(volume),
            trades: count,
          });
        }
        return { address, symbol: row.symbol, interval, trxUsd: deps.trxUsd, candles };
      });
    },

    getTokenSafety(address: string) {
      return memo(`safety:${address}`, () => this.safetyUncached(address));
    },

    /**
     * Facts that tell a rug from a fair launch, each from the index with its figure, and a verdict:
     * danger when the creator holds most of the supply, dumped an earlier token, or ten wallets hold
     * nearly everything; caution for a large creator share, a creator who sold most of their first
     * buy, bundled buys in the creation block, or concentrated holders.
     */
    safetyUncached(address: string) {
      const row = findToken(address);
      const supply = BigInt(row.totalSupply);
      const pct = (v: bigint) => Math.round(ratioNumber(v * 100n, supply) * 100) / 100;
      const excluded = new Set([row.launchpad, row.pair].filter((x): x is string => !!x));
      const balanceOf = (a: string) =>
        BigInt(
          db
            .select({ b: t.holders.balance })
            .from(t.holders)
            .where(and(eq(t.holders.token, address), eq(t.holders.address, a)))
            .get()?.b ?? '0',
        );
      const holders = db
        .select()
        .from(t.holders)
        .where(eq(t.holders.token, address))
        .orderBy(desc(t.holders.sortKey))
        .all()
        .filter((h) => !excluded.has(h.address));
      const top10 = holders.slice(0, 10).reduce((sum, h) => sum + BigInt(h.balance), 0n);
      const trades = db.select().from(t.trades).where(eq(t.trades.token, address)).orderBy(asc(t.trades.id)).all();
      const createBlock = trades.find((x) => x.txid === row.createTx)?.blockNumber;
      const firstBuy = trades
        .filter((x) => x.txid === row.createTx && x.type === 'BUY' && x.user === row.creator)
        .reduce((sum, x) => sum + BigInt(x.tokenAmount), 0n);
      const creatorSold = trades
        .filter((x) => x.user === row.creator && x.type === 'SELL')
        .reduce((sum, x) => sum + BigInt(x.tokenAmount), 0n);
      const soldPct = firstBuy > 0n ? Math.min(100, Math.round(ratioNumber(creatorSold * 10_000n, firstBuy)) / 100) : 0;
      const bundles = trades.filter(
        (x) => x.type === 'BUY' && x.user !== row.creator && createBlock !== undefined && x.blockNumber === createBlock,
      );
      const bundleTokens = bundles.reduce((sum, x) => sum + BigInt(x.tokenAmount), 0n);
      // the creator's earlier tokens, and the ones they sold most of their stake of within an hour
      const earlier = db
        .select()
        .from(t.tokens)
        .where(and(eq(t.tokens.creator, row.creator), lt(t.tokens.createdAt, row.createdAt)))
        .all();
      const dumps = earlier.filter((tok) => {
        const hour = db
          .select()
          .from(t.trades)
          .where(
            and(
              eq(t.trades.token, tok.address),
              eq(t.trades.user, row.creator),
              lte(t.trades.timestamp, tok.createdAt + 3_600_000),
            ),
          )
          .all();
        const bought = hour.filter((x) => x.type === 'BUY').reduce((s, x) => s + BigInt(x.tokenAmount), 0n);
        const sold = hour.filter((x) => x.type === 'SELL').reduce((s, x) => s + BigInt(x.tokenAmount), 0n);
        return bought > 0n && sold * 2n >= bought;
      }).length;
      const facts = {
        creatorSharePct: pct(balanceOf(row.creator)),
        creatorFirstBuy: tokenNumber(firstBuy, row.decimals),
        creatorFirstBuyPct: pct(firstBuy),
        creatorSoldPct: soldPct,
        top10SharePct: pct(top10),
        holderCount: holders.length,
        bundleBuys: bundles.length,
        bundleSharePct: pct(bundleTokens),
        creatorTokens: earlier.length,
        creatorDumps: dumps,
        ageSeconds: Math.max(0, Math.floor((now() - row.createdAt) / 1000)),
      };
      const danger: string[] = [];
      const caution: string[] = [];
      if (facts.creatorSharePct > 50) danger.push(`the creator holds ${facts.creatorSharePct}% of the supply`);
      else if (facts.creatorSharePct > 15) caution.push(`the creator holds ${facts.creatorSharePct}% of the supply`);
      if (dumps > 0)
        danger.push(`the creator dumped ${dumps} of ${earlier.length} earlier token${earlier.length === 1 ? '' : 's'}`);
      if (facts.top10SharePct > 90) danger.push(`the top 10 holders have ${facts.top10SharePct}%`);
      else if (facts.top10SharePct > 60) caution.push(`the top 10 holders have ${facts.top10SharePct}%`);
      if (firstBuy > 0n && soldPct >= 50) caution.push(`the creator sold ${soldPct}% of their first buy`);
      if (bundles.length > 0)
        caution.push(
          `${bundles.length} bundled buy${bundles.length === 1 ? '' : 's'} in the creation block (${facts.bundleSharePct}%)`,
        );
      const verdict: 'ok' | 'caution' | 'danger' = danger.length ? 'danger' : caution.length ? 'caution' : 'ok';
      return { address, symbol: row.symbol, verdict, reasons: [...danger, ...caution], ...facts };
    },

    getTokenPrice(address: string) {
      const row = findToken(address);
      const p = priceTrx(poolOf(row), row.decimals);
      return {
        address,
        symbol: row.symbol,
        priceInTrx: p,
        priceInUSD: p * deps.trxUsd,
        trxUsd: deps.trxUsd,
        currentStatus: row.status,
        exact: { trxReserveSun: row.trxReserve, tokenReserve: row.tokenReserve, decimals: row.decimals },
        totalSupply: row.totalSupply,
      };
    },

    getCurveProgress(address: string) {
      const row = findToken(address);
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
    },

    /** A user's own trades (cost basis, positions), newest first. */
    getUserTrades(user: string, token: string | undefined, page: number, limit: number) {
      const conds = [eq(t.trades.user, user)];
      if (token) conds.push(eq(t.trades.token, token));
      return db
        .select({ tr: t.trades, tok: t.tokens })
        .from(t.trades)
        .innerJoin(t.tokens, eq(t.tokens.address, t.trades.token))
        .where(and(...conds))
        .orderBy(desc(t.trades.timestamp), desc(t.trades.id))
        .limit(limit)
        .offset((page - 1) * limit)
        .all()
        .map(({ tr, tok }) => ({
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
        }));
    },

    /** TRX balance (from the chain) and the launchpad tokens held (from the index). */
    async getWallet(address: string) {
      let trx: bigint;
      try {
        trx = await deps.chain.trxBalance(address);
      } catch {
        throw Errors.balanceFailed();
      }
      const rows = db
        .select({ h: t.holders, tok: t.tokens })
        .from(t.holders)
        .innerJoin(t.tokens, eq(t.tokens.address, t.holders.token))
        .where(eq(t.holders.address, address))
        .all();
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
    },

    /** Off-chain metadata for a token (seed, create helper). */
    setMetadata(
      address: string,
      m: {
        description?: string;
        image?: string;
        twitter?: string | null;
        telegram?: string | null;
        website?: string | null;
      },
    ) {
      const row = {
        address,
        description: m.description ?? '',
        image: m.image ?? '',
        twitter: m.twitter ?? null,
        telegram: m.telegram ?? null,
        website: m.website ?? null,
      };
      db.insert(t.tokenMetadata).values(row).onConflictDoUpdate({ target: t.tokenMetadata.address, set: row }).run();
      this.invalidate();
    },
  };
}

export type DataService = ReturnType<typeof createDataService>;
