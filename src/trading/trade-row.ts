// A trade row, written once: the trade flow (a trade by hand), the order engine and the sniper all
// make their rows with newTradeRow, and the terms a row keeps (trades.quote) have one shape, parsed
// when read back (bot migration 0005 rewrote the rows of the three shapes that came before; the
// fields added since are optional).
import { z } from 'zod';
import type { NewTrade, TradeRow } from './store.js';
import type { Side } from '../tron/market/index.js';
import { FAMILY_NAMES } from '../tron/families.js';
import type { Terms } from './terms.js';
import type { NetworkFee } from '../tron/network-fee.js';

const uint = z.string().regex(/^\d+$/);

/** What a trade row keeps of its terms (the JSON in trades.quote). */
export const TradeQuote = z.strictObject({
  /** the token's symbol as the user is shown it */
  symbol: z.string(),
  /** where the node showed it trading; null for a trade whose terms are made at its build (a snipe or a copy) */
  venue: z.enum(['curve', 'dex']).nullable(),
  /**
   * What the trade puts in, exact: sun for a buy, token base units for a sell. '0' for an automated
   * sell whose terms are made at its build (what it sells is a share of the holding then).
   */
  amountIn: uint,
  /** the router's allowance for the token as the node showed it; null when it was not read */
  allowance: uint.nullable(),
  // The terms (src/trading/terms.ts): what the card showed and what signing is pinned to
  // (src/trading/signing.ts). Absent until they are made; rows from before kept the API's figures.
  /** the launchpad family the node showed (which of this bot's routers trades it) */
  family: z.enum(FAMILY_NAMES).nullable().optional(),
  /** the least output: the signed trade accepts no less (exact) */
  minOut: uint.nullable().optional(),
  /** the output the market on the node gives, and the router's fee, exact */
  expectedOut: uint.nullable().optional(),
  routerFee: uint.nullable().optional(),
  /** the router's rate (bps): the signed trade takes no more; present once the terms are the trading side's own */
  feeBps: uint.optional(),
  launchpadFee: uint.optional(),
  refund: uint.optional(),
  fills: z.boolean().optional(),
  impactBps: z
    .string()
    .regex(/^-?\d+$/)
    .optional(),
  /** the network fee the node's estimate says the wallet burns (sun), the most it can, and the pool's state */
  networkFeeSun: uint.optional(),
  networkFeeMaxSun: uint.optional(),
  energyPool: z.enum(['sponsored', 'partial', 'empty', 'off']).optional(),
  /** energy the trade uses and the share the pool pays */
  energy: z.number().int().nonnegative().optional(),
  energyFromPool: z.number().int().nonnegative().optional(),
  /** energy the bot's lender lends the wallet for this trade (energy-lending.ts), taken back after it */
  energyLent: z.number().int().nonnegative().optional(),
});
export type TradeQuote = z.infer<typeof TradeQuote>;

/** What a row keeps of a trade's terms, shown as `symbol`; `allowance` as the node read it. */
export function keptTerms(
  t: Terms,
  symbol: string,
  allowance?: bigint,
  fee?: NetworkFee & { lent?: number },
): TradeQuote {
  return {
    ...(fee
      ? {
          networkFeeSun: fee.totalSun.toString(),
          networkFeeMaxSun: fee.maxSun.toString(),
          energyPool: fee.pool,
          energy: fee.energy,
          energyFromPool: fee.fromPool,
          ...(fee.lent ? { energyLent: fee.lent } : {}),
        }
      : {}),
    symbol,
    venue: t.venue,
    amountIn: t.amountIn.toString(),
    allowance: allowance === undefined ? null : allowance.toString(),
    family: t.family,
    minOut: t.minOut.toString(),
    expectedOut: t.expectedOut.toString(),
    routerFee: t.routerFee.toString(),
    feeBps: t.feeBps.toString(),
    launchpadFee: t.launchpadFee.toString(),
    refund: t.refund.toString(),
    fills: t.fills,
    impactBps: t.impactBps.toString(),
  };
}

/** Whether a row's terms are the trading side's own (else they are made when it is built). */
export const hasOwnTerms = (q: TradeQuote): boolean =>
  q.feeBps !== undefined && !!q.minOut && !!q.family && q.venue !== null;

/** The quote a trade row keeps, parsed (a row that does not hold the one shape throws). */
export function quoteOfTrade(t: Pick<TradeRow, 'quote'>): TradeQuote {
  return TradeQuote.parse(JSON.parse(t.quote));
}

export interface NewTradeFields {
  id: string;
  userId: number;
  /** where its messages go: the chat it was asked in, or the user's own for automated trades */
  chatId: number;
  walletId: number;
  token: string;
  side: Side;
  /** as the user gave it: TRX for buys, tokens or "NN%" for sells */
  amount: string;
  /** the user's slippage, percent */
  slippagePct: number;
  quote: TradeQuote;
  /** quoted: waits for the user's tap; claimed: automated, taken by its caller already */
  status: 'quoted' | 'claimed';
  at: number;
  expiresAt: number;
  /** the order it executes, or the snipe rule or follow */
  orderId?: string | undefined;
  ruleId?: string | undefined;
}

/** A new trade row: nothing signed, sent or known of its result yet. */
export function newTradeRow(f: NewTradeFields): NewTrade {
  return {
    id: f.id,
    userId: f.userId,
    chatId: f.chatId,
    messageId: null,
    walletId: f.walletId,
    token: f.token,
    side: f.side,
    amount: f.amount,
    slippageBps: Math.round(f.slippagePct * 100),
    quote: JSON.stringify(TradeQuote.parse(f.quote)),
    status: f.status,
    txid: null,
    signedTx: null,
    result: null,
    createdAt: f.at,
    expiresAt: f.expiresAt,
    updatedAt: f.at,
    orderId: f.orderId ?? null,
    ruleId: f.ruleId ?? null,
  };
}
