// The trade service's inputs and its plan of a trade, shared by the planners, builders and views.
import type { AppDatabase } from '../../db/index.js';
import type { Family } from '../../tron/families.js';
import type { Chains } from '../../tron/chains.js';
import type { TradeFill } from '../../tron/market/index.js';
import type { NetworkFee } from '../../tron/network-fee.js';

export interface TradeDeps {
  db: AppDatabase;
  /** Each family's node: a trade, its token and its transaction are on its family's network. */
  chains: Chains;
  families: Family[];
  /** The most fee limit a trade transaction carries (sun), before the caller's priority fee; its own is its estimate's. */
  feeLimitSun: bigint;
  /** How long `trade` waits for an automatic approval to confirm. */
  approvalWaitMs?: number;
}

/** Who is calling: the API key and its plan's router fee. */
export interface Caller {
  apiKeyId: number;
  feeBps: number;
}

export type { Side } from '../../tron/market/index.js';
import type { Side } from '../../tron/market/index.js';

export interface TradeInput {
  side: Side;
  tokenAddress: string;
  /** TRX for buys; tokens or "NN%" of the holding for sells. */
  amount: number | string;
  userAddress: string;
  /** Percent, default 5. */
  slippage?: number | undefined;
  /** Extra TRX allowed for fees (raises the fee limit). */
  priorityFee?: number | undefined;
  /** The least output the trade accepts, exact (a confirmed quote's minimum); else from the slippage. */
  minOut?: string | undefined;
}

export interface CreateTokenInput {
  family?: 'launchpad' | 'launchpad2' | undefined;
  userAddress: string;
  name: string;
  symbol: string;
  description?: string | undefined;
  image?: string | undefined;
  twitter?: string | undefined;
  telegram?: string | undefined;
  website?: string | undefined;
  /** TRX for the creator's first buy. */
  initialBuy?: number | undefined;
}

export interface TransferInput {
  fromAddress: string;
  toAddress: string;
  amount: number | string;
  tokenAddress?: string | undefined;
  /** The network of a TRX transfer, by a family on it (a token's is its own); default the first. */
  family?: 'launchpad' | 'launchpad2' | undefined;
}

/** A wallet as a trade sees it: TRX, the token held, and the allowance for the token's router. */
export interface TradeWallet {
  trxBalanceSun: bigint;
  tokenBalance: bigint;
  allowance: bigint;
}

/** Where a token trades: its launchpad's curve, or its SunSwap V2 pair after the launch. */
export type Venue = 'curve' | 'dex';

export interface PlannedTrade {
  family: Family;
  side: Side;
  venue: Venue;
  /** the SunSwap V2 pair (DEX trades) */
  pair?: string | undefined;
  /** the router's deadline, block seconds (the transaction reverts in a later block) */
  deadline: bigint;
  token: string;
  /** the token's symbol, once indexed */
  symbol?: string | undefined;
  decimals: number;
  /** sun for buys, base units for sells */
  amountIn: bigint;
  /** base units for buys, sun for sells (to the user, after both fees) */
  expectedOut: bigint;
  minOut: bigint;
  launchpadFee: bigint;
  routerFee: bigint;
  refund: bigint;
  fills: boolean;
  impactBps: bigint;
  slippageBps: bigint;
  /** the router's fee rate this caller pays (its plan's, after any discount) */
  feeBps: bigint;
  priceBefore: number;
  priceAfter: number;
  /** the transaction's fee_limit: the network fee's, from the estimate with a margin */
  feeLimit: bigint;
  /** what the trade costs the user in network fees (energy and bandwidth), as estimated on the node */
  networkFee: NetworkFee;
}

/** The caller's terms for a plan: slippage and router fee (bps), and the TRX it adds to the fee limit (sun). */
export interface PlanTerms {
  decimals: number;
  slippageBps: bigint;
  /** the least output the caller accepts, when given (a confirmed quote's); else from the slippage */
  minOut?: bigint | undefined;
  feeBps: bigint;
  extraFeeSun: bigint;
}

/** A trade as a venue fills it: the plan's amounts, its price impact and the reserves after it. */
export type Fill = TradeFill;
