// Trading operations (spec 4.6-4.9), quote, broadcast, txStatus, token creation and transfers.
import { z } from 'zod';
import { address, okResponse, unsignedResponse } from './common.js';
import { SIDES } from '../../tron/market/index.js';
import { FAMILY_NAMES } from '../../tron/families.js';

export const UserTokenBody = z.strictObject({ tokenAddress: address, userAddress: address });
export const UnsignedTxSchema = z.object({
  txID: z.string(),
  raw_data: z.record(z.string(), z.unknown()),
  raw_data_hex: z.string(),
  visible: z.boolean(),
});
export const AllowanceResponse = unsignedResponse({ amount: z.string() });
export const ApproveResponse = unsignedResponse({ unsignedTx: UnsignedTxSchema });

const side = z.enum(SIDES);
/** a positive number or a decimal string; "NN%" is that share of the holding */
const tradeAmount = z.union([z.number().positive(), z.string().min(1).max(40)]);
const slippage = z.number().min(0).max(100);
const priorityFee = z.number().min(0).max(15_000);
/**
 * The least output the signed trade accepts, exact (token base units for a buy, sun for a sell): the
 * minimum of the quote the user confirmed. An extension of the spec's body; without it, the slippage
 * sets the minimum at build time.
 */
const minOut = z.string().regex(/^[1-9]\d{0,77}$/, 'a positive integer in base units');
/** a key for the routes that sign on the service (never stored) */
const privateKey = z.string().min(1).max(200);

export const LocalTradeBody = z.strictObject({
  type: side.optional(),
  action: side.optional(),
  tokenAddress: address,
  amount: tradeAmount,
  userAddress: address,
  slippage: slippage.optional(),
  priorityFee: priorityFee.optional(),
  minOut: minOut.optional(),
});

/**
 * What the trade costs the user in network fees (TRX burnt for energy and bandwidth), as java-tron
 * will bill it: the call's energy estimated on the node (triggerconstantcontract) as the wallet,
 * less what the router's origin pays from its staked energy (the operator's pool) and what the
 * wallet's own energy covers, at the chain's energy price; plus the transaction's bytes when neither
 * staked nor free bandwidth covers them. Without userAddress, for a wallet with no energy or bandwidth
 * of its own and the typical energy of such a trade.
 */
export const NetworkFee = z
  .object({
    total: z.number().describe('TRX the user burns (energy and bandwidth)'),
    max: z.number().describe('the most it can burn: the fee limit less what the wallet’s energy covers, and the bytes'),
    energy: z.number().describe('energy the call uses'),
    estimatedBy: z
      .enum(['node', 'typical'])
      .describe('node: run on the node as the wallet; typical: a measured figure (no wallet, or the call cannot run)'),
    energyFromPool: z.number().describe('energy the router’s origin pays from its stake (sponsored)'),
    energyFromWallet: z.number().describe('energy the wallet’s own stake (or energy lent to it) pays'),
    energyBurnt: z.number().describe('energy paid by burning TRX'),
    bandwidthBytes: z.number(),
    bandwidthFrom: z.enum(['staked', 'free', 'burn']),
    pool: z
      .enum(['sponsored', 'partial', 'empty', 'off'])
      .describe('the energy pool for this trade: pays all of its share, part, none, or the router is not sponsored'),
    exact: z.object({
      totalSun: z.string(),
      energySun: z.string(),
      bandwidthSun: z.string(),
      maxSun: z.string(),
      feeLimitSun: z.string(),
      energyPriceSun: z.string(),
      bytePriceSun: z.string(),
    }),
  })
  .describe('the network fee the user pays for this trade');

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
  /** the transaction's fee_limit (TRX): the wallet's share of the energy with a margin, not a flat ceiling */
  feeLimit: z.number(),
  networkFee: NetworkFee,
  exact: z.object({
    amountIn: z.string(),
    expectedOut: z.string(),
    minOut: z.string(),
    launchpadFee: z.string(),
    routerFee: z.string(),
    /**
     * the router's fee rate on this caller's plan (basis points): routerFee is this share of the TRX
     * side (of a buy that fills the curve, of what the curve used; the rest comes back in refund)
     */
    routerFeeBps: z.string(),
  }),
  /** with userAddress: the wallet as the trade sees it (sun, token base units), read with the quote */
  wallet: z.object({ trxBalanceSun: z.string(), tokenBalance: z.string(), allowance: z.string() }).optional(),
});
export const LocalTradeResponse = unsignedResponse({ unsignedTx: UnsignedTxSchema, quote: Quote });

export const TradeBody = z.strictObject({
  action: side,
  tokenAddress: address,
  amount: tradeAmount,
  privateKey,
  slippage: slippage.optional(),
  priorityFee: priorityFee.optional(),
  minOut: minOut.optional(),
});
export const SignatureResponse = okResponse({ signature: z.string() });

export const QuoteBody = z.strictObject({
  type: side,
  tokenAddress: address,
  amount: tradeAmount,
  userAddress: address.optional(),
  slippage: slippage.optional(),
});
export const QuoteResponse = okResponse({ data: Quote });

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
export const TxStatusResponse = okResponse({
  data: z.object({
    signature: z.string(),
    /**
     * pending (known, in no block), included (in a head block: done, but a fork may still replace
     * it), confirmed (its block is solid: final), failed (in a block, failed), unknown (not known,
     * e.g. dropped by a fork)
     */
    state: z.enum(['pending', 'included', 'confirmed', 'failed', 'unknown']),
    blockNumber: z.number().int().optional(),
    /** head − the transaction's block */
    confirmations: z.number().int().optional(),
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
    /** a router trade in a block, from the receipt: what was paid and received, and whether final */
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
        /** its block is solid */
        confirmed: z.boolean(),
      })
      .optional(),
    /** with userAddress, once in a block: the wallet's balances as of the head block */
    balances: z.object({ trxBalanceSun: z.string(), tokenBalance: z.string().optional() }).optional(),
  }),
});

const link = z.url({ protocol: /^https?$/ }).max(300);
export const CreateTokenBody = z.strictObject({
  family: z.enum(FAMILY_NAMES).optional(),
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
  amount: tradeAmount,
  tokenAddress: address.optional(),
  /** The network of a TRX transfer (by a family on it); a token's is its own. Default: the first. */
  family: z.enum(FAMILY_NAMES).optional(),
});
export const SendTransferBody = z.strictObject({
  privateKey,
  toAddress: address,
  amount: tradeAmount,
  tokenAddress: address.optional(),
  /** The network of a TRX transfer (by a family on it); a token's is its own. Default: the first. */
  family: z.enum(FAMILY_NAMES).optional(),
});
