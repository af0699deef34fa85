// One zod schema per request and response: it validates, types the handler and feeds OpenAPI.
import { z } from 'zod';
import { isBase58Address } from '../tron/address.js';

export const address = z.string().max(64).refine(isBase58Address, { message: 'must be a base58 Tron address (T...)' });
/** Page and limit arrive as numbers or numeric strings (the spec's examples send both). */
const intLike = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);
const pageNum = intLike.pipe(z.number().int().min(1).max(1_000_000));
const limitNum = intLike.pipe(z.number().int().min(1));
const ok = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, status: z.literal('success'), code: z.literal('200') });
const unsigned = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, status: z.literal('unsigned'), code: z.literal('200') });

export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  status: z.literal('error'),
});

// ---- data
export const TokenBalanceQuery = z.strictObject({
  publicKey: address,
  tokenAddress: address,
  tokenDecimals: z.coerce.number().int().min(0).max(36).optional(),
  rpc: z.string().max(512).optional(),
});
export const TokenBalanceResponse = ok({
  data: z.array(
    z.object({
      priceInTRX: z.number(),
      priceInUSD: z.number(),
      balanceInSun: z.string(),
      convertedBalance: z.number(),
    }),
  ),
});

export const TradesBody = z.strictObject({ address, page: pageNum.optional(), limit: limitNum.optional() });
export const Trade = z.object({
  type: z.enum(['BUY', 'SELL']),
  signature: z.string(),
  user: z.string(),
  tokenAddress: z.string(),
  poolAddress: z.string(),
  trxAmount: z.number(),
  tokenAmount: z.number(),
  priceInTrx: z.number(),
  timestamp: z.number().int(),
});
export const TradesResponse = ok({ data: z.array(Trade) });

export const AddressBody = z.strictObject({ address });
export const DetailsResponse = ok({
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

export const HoldersBody = z.strictObject({ address, page: pageNum.optional(), limit: limitNum.optional() });
export const HoldersResponse = ok({
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
  page: pageNum.optional(),
  limit: limitNum.optional(),
});
export const ListTokensResponse = ok({
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

export const WalletBody = z.strictObject({ address });
export const WalletResponse = ok({
  data: z.object({
    address: z.string(),
    trxBalance: z.number(),
    trxBalanceSun: z.string(),
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

// ---- trading
export const UserTokenBody = z.strictObject({ tokenAddress: address, userAddress: address });
export const UnsignedTxSchema = z.object({
  txID: z.string(),
  raw_data: z.record(z.string(), z.unknown()),
  raw_data_hex: z.string(),
  visible: z.boolean(),
});
export const AllowanceResponse = unsigned({ amount: z.string() });
export const ApproveResponse = unsigned({ unsignedTx: UnsignedTxSchema });

const side = z.enum(['buy', 'sell']);
const tradeAmount = z.union([z.number().positive(), z.string().min(1).max(40)]);
const slippage = z.number().min(0).max(100);
const priorityFee = z.number().min(0).max(15_000);

export const LocalTradeBody = z.strictObject({
  type: side.optional(),
  action: side.optional(),
  tokenAddress: address,
  amount: tradeAmount,
  userAddress: address,
  slippage: slippage.optional(),
  priorityFee: priorityFee.optional(),
});

export const Quote = z.object({
  type: side,
  tokenAddress: z.string(),
  /** the token's symbol, once the index knows the token */
  symbol: z.string().optional(),
  family: z.string(),
  /** curve before the launch, dex (the SunSwap V2 pair) after */
  venue: z.enum(['curve', 'dex']),
  pairAddress: z.string().optional(),
  amountIn: z.number(),
  expectedOut: z.number(),
  minOut: z.number(),
  launchpadFee: z.number(),
  routerFee: z.number(),
  refund: z.number(),
  fillsCurve: z.boolean(),
  priceImpact: z.number(),
  slippage: z.number(),
  priceBefore: z.number(),
  priceAfter: z.number(),
  feeLimit: z.number(),
  exact: z.object({
    amountIn: z.string(),
    expectedOut: z.string(),
    minOut: z.string(),
    launchpadFee: z.string(),
    routerFee: z.string(),
  }),
  /** with userAddress: the wallet as the trade sees it (sun, token base units), read with the quote */
  wallet: z.object({ trxBalanceSun: z.string(), tokenBalance: z.string(), allowance: z.string() }).optional(),
});
export const LocalTradeResponse = unsigned({ unsignedTx: UnsignedTxSchema, quote: Quote });

export const TradeBody = z.strictObject({
  action: side,
  tokenAddress: address,
  amount: tradeAmount,
  privateKey: z.string().min(1).max(200),
  slippage: slippage.optional(),
  priorityFee: priorityFee.optional(),
});
export const SignatureResponse = ok({ signature: z.string() });

export const QuoteBody = z.strictObject({
  type: side,
  tokenAddress: address,
  amount: tradeAmount,
  userAddress: address.optional(),
  slippage: slippage.optional(),
});
export const QuoteResponse = ok({ data: Quote });

export const BroadcastBody = z.strictObject({
  signedTx: z.object({
    txID: z.string().regex(/^[0-9a-fA-F]{64}$/),
    raw_data: z.record(z.string(), z.unknown()),
    raw_data_hex: z
      .string()
      .regex(/^[0-9a-fA-F]*$/)
      .max(20_000)
      .optional(),
    signature: z
      .array(z.string().regex(/^[0-9a-fA-F]{130}$/))
      .min(1)
      .max(5),
    visible: z.boolean().optional(),
  }),
});
export const TxStatusBody = z.strictObject({
  signature: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be a 64-hex transaction id'),
  /** once final, also answer this wallet's TRX balance (and its balance of tokenAddress) */
  userAddress: address.optional(),
  tokenAddress: address.optional(),
});
export const TxStatusResponse = ok({
  data: z.object({
    signature: z.string(),
    state: z.enum(['pending', 'confirmed', 'failed', 'unknown']),
    blockNumber: z.number().int().optional(),
    fee: z.number().optional(),
    reason: z.string().optional(),
    /**
     * why a failed trade failed, for programs: TOKEN_LAUNCHED (a curve trade landed after the launch:
     * quote again, it goes to the DEX), CURVE_FULL (waiting for the launch), SLIPPAGE, EXPIRED,
     * OUT_OF_ENERGY, REVERTED (anything else)
     */
    failureCode: z
      .enum(['TOKEN_LAUNCHED', 'CURVE_FULL', 'SLIPPAGE', 'EXPIRED', 'OUT_OF_ENERGY', 'REVERTED'])
      .optional(),
    /** a confirmed router trade, from the receipt: what was paid and received */
    trade: z
      .object({
        type: side,
        user: z.string(),
        tokenAddress: z.string(),
        trxAmount: z.number(),
        trxAmountSun: z.string(),
        tokenAmount: z.number(),
        tokenAmountExact: z.string(),
        routerFee: z.number(),
      })
      .optional(),
    /** with userAddress, once final: the wallet's balances as of the head block */
    balances: z.object({ trxBalanceSun: z.string(), tokenBalance: z.string().optional() }).optional(),
  }),
});

const link = z.url({ protocol: /^https?$/ }).max(300);
export const CreateTokenBody = z.strictObject({
  family: z.enum(['launchpad', 'launchpad2']).optional(),
  userAddress: address,
  name: z.string().trim().min(1).max(32),
  symbol: z
    .string()
    .trim()
    .regex(/^[\p{L}\p{N}$_.-]{1,16}$/u, 'must be 1-16 letters or digits'),
  description: z.string().max(1000).optional(),
  image: link.optional(),
  twitter: link.optional(),
  telegram: link.optional(),
  website: link.optional(),
  initialBuy: z.number().min(0).max(1_000_000).optional(),
});

export const TransferBody = z.strictObject({
  fromAddress: address,
  toAddress: address,
  amount: z.union([z.number().positive(), z.string().min(1).max(40)]),
  tokenAddress: address.optional(),
});
export const SendTransferBody = z.strictObject({
  privateKey: z.string().min(1).max(200),
  toAddress: address,
  amount: z.union([z.number().positive(), z.string().min(1).max(40)]),
  tokenAddress: address.optional(),
});
export const PriceResponse = ok({
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
export const CANDLE_INTERVALS = ['1m', '5m', '15m', '1h', '4h', '1d'] as const;
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
  /** ms; default now */
  to: msTime.optional(),
  /** candles at most, 1..1000, default 100 (the newest when `from` is not given) */
  limit: intLike.pipe(z.number().int().min(1).max(1000)).optional(),
});
const ohlc = z.object({ open: z.number(), high: z.number(), low: z.number(), close: z.number() });
export const CandlesResponse = ok({
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
export const SafetyResponse = ok({
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
export const ProgressResponse = ok({
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
export const UserTradesBody = z.strictObject({
  address,
  tokenAddress: address.optional(),
  page: pageNum.optional(),
  limit: limitNum.optional(),
});
export const UserTradesResponse = ok({
  data: z.array(
    z.object({
      type: z.enum(['BUY', 'SELL']),
      signature: z.string(),
      tokenAddress: z.string(),
      symbol: z.string(),
      trxAmount: z.number(),
      trxAmountSun: z.string(),
      routerFeeSun: z.string(),
      tokenAmount: z.number(),
      tokenAmountExact: z.string(),
      timestamp: z.number().int(),
    }),
  ),
});
export const FEED_KIND = z.enum(['create', 'buy', 'sell', 'progress', 'launch']);
export const WebhookBody = z.strictObject({
  url: z.url({ protocol: /^https?$/ }).max(500),
  events: z.array(FEED_KIND).min(1).max(5),
  tokens: z.array(address).max(100).optional(),
});
const Webhook = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()),
  tokens: z.array(z.string()).nullable(),
  createdAt: z.number().int(),
});
export const WebhookCreated = ok({ data: Webhook.extend({ secret: z.string() }) });
export const WebhookList = ok({ data: z.array(Webhook) });
export const WebhookId = z.strictObject({ id: z.coerce.number().int().positive() });
export const DeliveriesResponse = ok({
  data: z.array(
    z.object({
      id: z.number().int(),
      seq: z.number().int(),
      status: z.string(),
      attempts: z.number().int(),
      lastStatus: z.number().int().nullable(),
      lastError: z.string().nullable(),
      deliveredAt: z.number().int().nullable(),
    }),
  ),
});
export const StreamQuery = z.strictObject({
  tokens: z.string().max(4000).optional(),
  events: z.string().max(100).optional(),
  lastEventId: z.coerce.number().int().min(0).optional(),
});

// ---- wallets
export const CreateWalletBody = z.strictObject({
  amount: z.number().int().min(1).max(100).optional(),
  rpc: z.string().max(512).optional(),
});
export const CreateWalletResponse = ok({ data: z.array(z.object({ publicKey: z.string(), privateKey: z.string() })) });
