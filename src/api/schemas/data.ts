// Data operations (spec 4.2-4.5) and our reads beyond them: price, candles, safety, progress, a
// wallet's holdings and trades, the token list.
import { z } from 'zod';
import { address, intLike, okResponse } from './common.js';
import { CANDLE_INTERVALS } from '../../service/data/index.js';

const pageNum = intLike.pipe(z.number().int().min(1).max(1_000_000));
const limitNum = intLike.pipe(z.number().int().min(1));
/** page and limit of a listing; the routes apply the default and the maximum */
const paging = { page: pageNum.optional(), limit: limitNum.optional() };
const tradeType = z.enum(['BUY', 'SELL']);

export const TokenBalanceQuery = z.strictObject({
  publicKey: address,
  tokenAddress: address,
  tokenDecimals: z.coerce.number().int().min(0).max(36).optional(),
  rpc: z.string().max(512).optional(),
});
export const TokenBalanceResponse = okResponse({
  data: z.array(
    z.object({
      priceInTRX: z.number(),
      priceInUSD: z.number(),
      balanceInSun: z.string(),
      convertedBalance: z.number(),
    }),
  ),
});

export const TradesBody = z.strictObject({ address, ...paging });
export const Trade = z.object({
  type: tradeType,
  signature: z.string(),
  user: z.string(),
  tokenAddress: z.string(),
  poolAddress: z.string(),
  trxAmount: z.number(),
  tokenAmount: z.number(),
  priceInTrx: z.number(),
  timestamp: z.number().int(),
  /** its block (extension) */
  blockNumber: z.number().int(),
  /** its block is solid: final; false while a fork could still take it away (extension) */
  confirmed: z.boolean(),
});
export const TradesResponse = okResponse({ data: z.array(Trade) });

export const DetailsResponse = okResponse({
  metadata: z.object({
    name: z.string(),
    symbol: z.string(),
    description: z.string(),
    image: z.string(),
    twitter: z.string().nullable(),
    telegram: z.string().nullable(),
    website: z.string().nullable(),
    ownerAddress: z.string(),
    contractAddress: z.string(),
  }),
  data: z.object({
    currentStatus: z.string(),
    priceInTrx: z.number(),
    totalSupply: z.number(),
    currentSold: z.number(),
    marketCap: z.number(),
    trxReserve: z.number(),
    tokenReserve: z.number(),
    volume24Hr: z.number(),
    priceChange24Hr: z.number(),
    pumpPercentage: z.number(),
    createTxHash: z.string(),
    launchTxHash: z.string().nullable(),
    active: z.boolean(),
    /** where the token trades now: its launchpad's curve, or its SunSwap V2 pair after the launch */
    venue: z.enum(['curve', 'dex']),
    /** after the launch: the SunSwap V2 pair (token/WTRX), its reserves and liquidity (both sides, in TRX) */
    dex: z
      .object({
        pairAddress: z.string(),
        trxReserve: z.number(),
        tokenReserve: z.number(),
        liquidityInTrx: z.number(),
        exact: z.object({ trxReserveSun: z.string(), tokenReserve: z.string() }),
      })
      .nullable(),
  }),
});

export const HoldersBody = z.strictObject({ address, ...paging });
export const HoldersResponse = okResponse({
  data: z.array(
    z.object({
      address: z.string(),
      balance: z.number(),
      priceInTrx: z.number(),
      valueInTrx: z.number(),
      percentage: z.number(),
      type: z.enum(['curve', 'dev', 'trader', 'pool']),
    }),
  ),
});

export const ListTokensBody = z.strictObject({
  sort: z.enum(['new', 'volume', 'progress']).optional(),
  ...paging,
});
export const ListTokensResponse = okResponse({
  data: z.array(
    z.object({
      address: z.string(),
      family: z.string(),
      name: z.string(),
      symbol: z.string(),
      creator: z.string(),
      createdAt: z.number().int(),
      currentStatus: z.string(),
      priceInTrx: z.number(),
      marketCap: z.number(),
      volume24Hr: z.number(),
      priceChange24Hr: z.number(),
      pumpPercentage: z.number(),
    }),
  ),
});

export const WalletResponse = okResponse({
  data: z.object({
    address: z.string(),
    trxBalance: z.number(),
    trxBalanceSun: z.string(),
    /** Each network's TRX balance of the address (the same key on each): trxBalance is the first's. */
    networks: z
      .array(
        z.object({
          network: z.string(),
          name: z.string(),
          families: z.array(z.string()),
          /** null: the network's node did not answer */
          trxBalance: z.number().nullable(),
          trxBalanceSun: z.string().nullable(),
        }),
      )
      .optional(),
    positions: z.array(
      z.object({
        token: z.string(),
        family: z.string(),
        name: z.string(),
        symbol: z.string(),
        balance: z.number(),
        balanceExact: z.string(),
        priceInTrx: z.number(),
        valueInTrx: z.number(),
        currentStatus: z.string(),
      }),
    ),
  }),
});
export const PriceResponse = okResponse({
  data: z.object({
    address: z.string(),
    symbol: z.string(),
    priceInTrx: z.number(),
    priceInUSD: z.number(),
    trxUsd: z.number(),
    currentStatus: z.string(),
    /** the reserves the price comes from (the curve's virtual ones, or the pair's after the launch):
     * price = trxReserveSun / 1e6 per tokenReserve / 10^decimals, exactly */
    exact: z.object({ trxReserveSun: z.string(), tokenReserve: z.string(), decimals: z.number().int() }),
    totalSupply: z.string(),
  }),
});
const msTime = intLike.pipe(
  z
    .number()
    .int()
    .min(0)
    .max(10 ** 14),
);
export const CandlesBody = z.strictObject({
  address,
  interval: z.enum(CANDLE_INTERVALS),
  /** ms; the candle holding `from` is the first (default: `limit` candles before `to`) */
  from: msTime.optional(),
  /** ms; default now on the chain (its newest block's time, moved on) */
  to: msTime.optional(),
  /** candles at most, 1..1000, default 100 (the newest when `from` is not given) */
  limit: intLike.pipe(z.number().int().min(1).max(1000)).optional(),
});
const ohlc = z.object({ open: z.number(), high: z.number(), low: z.number(), close: z.number() });
export const CandlesResponse = okResponse({
  data: z.object({
    address: z.string(),
    symbol: z.string(),
    interval: z.enum(CANDLE_INTERVALS),
    trxUsd: z.number(),
    /** oldest first; a candle without trades carries the previous close with zero volume */
    candles: z.array(
      ohlc.extend({
        /** the candle's start, ms */
        time: z.number().int(),
        /** the same prices in USD */
        usd: ohlc,
        /** TRX traded (buys: paid in, sells: paid out) and the number of trades */
        volume: z.number(),
        trades: z.number().int(),
      }),
    ),
  }),
});
export const SafetyResponse = okResponse({
  data: z.object({
    address: z.string(),
    symbol: z.string(),
    /** ok, caution or danger, with the reasons that made it so (each with its figure) */
    verdict: z.enum(['ok', 'caution', 'danger']),
    reasons: z.array(z.string()),
    /** the creator's share of the supply now, percent */
    creatorSharePct: z.number(),
    /** tokens the creator got with the creation (their first buy), and how much of it they sold, percent */
    creatorFirstBuy: z.number(),
    creatorFirstBuyPct: z.number(),
    creatorSoldPct: z.number(),
    /** the ten largest holders' share, the curve and the pool left out, percent */
    top10SharePct: z.number(),
    holderCount: z.number().int(),
    /** buys by others in the block that created the token (bundles) */
    bundleBuys: z.number().int(),
    bundleSharePct: z.number(),
    /** the creator's earlier tokens, and how many of them they dumped (sold most of their stake within an hour) */
    creatorTokens: z.number().int(),
    creatorDumps: z.number().int(),
    ageSeconds: z.number().int(),
  }),
});
export const ProgressResponse = okResponse({
  data: z.object({
    address: z.string(),
    symbol: z.string(),
    currentStatus: z.string(),
    sold: z.number(),
    totalForSale: z.number(),
    percent: z.number(),
    trxInCurve: z.number(),
    trxToLaunch: z.number(),
    exact: z.object({ sold: z.string(), trxInCurveSun: z.string(), trxToLaunchSun: z.string() }),
  }),
});
export const UserTradesBody = z.strictObject({ address, tokenAddress: address.optional(), ...paging });
export const UserTradesResponse = okResponse({
  data: z.array(
    z.object({
      type: tradeType,
      signature: z.string(),
      tokenAddress: z.string(),
      symbol: z.string(),
      trxAmount: z.number(),
      trxAmountSun: z.string(),
      routerFeeSun: z.string(),
      tokenAmount: z.number(),
      tokenAmountExact: z.string(),
      timestamp: z.number().int(),
      blockNumber: z.number().int(),
      /** its block is solid: final */
      confirmed: z.boolean(),
    }),
  ),
});
