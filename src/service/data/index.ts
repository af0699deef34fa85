// Data operations: token details, trades, holders, balances, listings, candles and safety, read from
// the indexer's tables (and the chain for balances). No HTTP here: typed input, typed output,
// ServiceError. Reads of the index go through the read cache; balances from the chain do not.
import type { FamilyName } from '../../tron/families.js';
import { networkOfRpc, tokenBalance, wallet } from './balances.js';
import { createReadCache } from './cache.js';
import { candleWindow, candles, type CandleInterval, type CandleOptions } from './candles.js';
import { tokenHolders } from './holders.js';
import { findToken, type DataContext, type DataDeps } from './rows.js';
import { tokenSafety } from './safety.js';
import {
  curveProgress,
  listTokens,
  saveMetadata,
  tokenDetails,
  tokenPrice,
  type TokenMetadata,
  type TokenSort,
} from './tokens.js';
import { recentTrades, userTrades } from './trades.js';

export { isCachedRead } from './cache.js';
export { CANDLE_INTERVALS, type CandleInterval } from './candles.js';
export type { HolderType } from './holders.js';
export type { DataDeps } from './rows.js';

export function createDataService(deps: DataDeps) {
  const now = deps.now ?? Date.now;
  const ctx: DataContext = { ...deps, now, nowOf: deps.nowOf ?? (() => now()) };
  // how long a read is kept is the machine's time, whatever the chain's clock does
  const cache = createReadCache(Date.now);
  const { memo } = cache;

  return {
    /** Drops cached reads (the indexer calls it after applying events). */
    invalidate: cache.invalidate,

    getTokenDetails: (family: FamilyName, address: string) =>
      memo(`details:${family}:${address}`, () => tokenDetails(ctx, family, address)),

    getRecentTrades: (address: string, page: number, limit: number) =>
      memo(`trades:${address}:${page}:${limit}`, () => recentTrades(ctx, address, page, limit)),

    getTokenHolders: (family: FamilyName, address: string, page: number, limit: number) =>
      memo(`holders:${family}:${address}:${page}:${limit}`, () => tokenHolders(ctx, family, address, page, limit)),

    /** `rpc`: a served network's URL exactly as configured (else the spec's 400); default the token's network. */
    getTokenBalance: (publicKey: string, tokenAddress: string, decimals: number, rpc?: string) =>
      tokenBalance(ctx, publicKey, tokenAddress, decimals, rpc),

    /** Throws the spec's 400 unless `rpc` is left out or names a served network (createWallet's `rpc`). */
    checkRpc: (rpc: string | undefined): void => void networkOfRpc(ctx, rpc),

    /** The networks served, for people: each one's id, name and families. */
    networks: () =>
      ctx.chains.networks.map((n) => ({ network: n.id, name: n.name, families: n.families.map((f) => f.family) })),

    listTokens: (sort: TokenSort, page: number, limit: number) => listTokens(ctx, sort, page, limit),

    /** OHLCV candles (see candles.ts); cached by the window they cover. */
    async getCandles(address: string, interval: CandleInterval, opts: CandleOptions = {}) {
      const row = await findToken(ctx.db, address);
      const w = candleWindow(row.createdAt, interval, opts, ctx.nowOf(row.family));
      return memo(`candles:${address}:${interval}:${w.first}:${w.last}`, () => candles(ctx, row, interval, w));
    },

    getTokenSafety: (address: string) => memo(`safety:${address}`, () => tokenSafety(ctx, address)),

    getTokenPrice: (address: string) => tokenPrice(ctx, address),

    getCurveProgress: (address: string) => curveProgress(ctx, address),

    /** A user's own trades (cost basis, positions), newest first. */
    getUserTrades: (user: string, token: string | undefined, page: number, limit: number) =>
      userTrades(ctx, user, token, page, limit),

    /** TRX balance (from the chain) and the launchpad tokens held (from the index). */
    getWallet: (address: string) => wallet(ctx, address),

    /** Off-chain metadata for a token (seed, create helper). */
    async setMetadata(address: string, m: TokenMetadata): Promise<void> {
      await saveMetadata(ctx, address, m);
      cache.invalidate();
    },
  };
}

export type DataService = ReturnType<typeof createDataService>;
