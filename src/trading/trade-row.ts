// A trade row, written once: the trade flow (a trade by hand), the order engine and the sniper all
// make their rows with newTradeRow, and the quote a row keeps has one shape, parsed when it is read
// back (bot migration 0005 rewrote the rows of the three shapes that came before).
import { z } from 'zod';
import type { Quote } from '../client/index.js';
import type { NewTrade, TradeRow } from './store.js';
import type { Side } from '../tron/market/index.js';
import { FAMILY_NAMES, type FamilyName } from '../tron/families.js';

const uint = z.string().regex(/^\d+$/);

/** What a trade row keeps of its quote (the JSON in trades.quote). */
export const TradeQuote = z.strictObject({
  /** the token's symbol as the user is shown it */
  symbol: z.string(),
  /** where the facade quoted it; null for a trade sent without a quote (a snipe or a copy: its build is its quote) */
  venue: z.enum(['curve', 'dex']).nullable(),
  /**
   * What the trade puts in, exact: sun for a buy, token base units for a sell. '0' for an automated
   * sell, which has no quote before its build (what it sells is a share of the holding then).
   */
  amountIn: uint,
  /** the router's allowance for the token, read with the quote; null when it was not read */
  allowance: uint.nullable(),
  // What signing is pinned to (src/trading/signing.ts); absent in rows from before they were kept.
  /** the launchpad family the quote named (which of this bot's routers trades it) */
  family: z.enum(FAMILY_NAMES).nullable().optional(),
  /** the least output shown to the user: the signed trade accepts no less (exact) */
  minOut: uint.nullable().optional(),
  /** the output and the router's fee the user was shown (exact): the fee signed is no larger */
  expectedOut: uint.nullable().optional(),
  routerFee: uint.nullable().optional(),
});
export type TradeQuote = z.infer<typeof TradeQuote>;

/** What a row keeps of the facade's quote, shown as `symbol`. */
export function keptQuote(q: Quote, symbol: string): TradeQuote {
  return {
    symbol,
    venue: q.venue,
    amountIn: q.exact.amountIn,
    allowance: q.wallet?.allowance ?? null,
    family: (FAMILY_NAMES as readonly string[]).includes(q.family) ? (q.family as FamilyName) : null,
    minOut: q.exact.minOut,
    expectedOut: q.exact.expectedOut,
    routerFee: q.exact.routerFee,
  };
}

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
    slippage: Math.round(f.slippagePct * 100),
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
