// A trade's terms, as the trading side makes them itself: the amount from the user's words (or the
// rule's), the output from the market the node shows (the shared market rules, to the unit), the
// minimum from that output and the user's slippage (or a rule's price floor), the router fee at the
// caller's rate within this bot's cap. The API's quote is only checked against them: it must quote
// the same side, venue, family and amount, say the same in its display and exact fields, report no
// holding above what the wallet holds, and give no output more than 1 % worse. The card shows these
// terms and the signed transaction is pinned to them (one source for both).
import type { Quote } from '../client/index.js';
import type { FamilyName } from '../tron/families.js';
import { CurveError, DexError, fillCurve, fillDex, minOutFor, type Side } from '../tron/market/index.js';
import { TOKEN_DECIMALS, tokenNumber, trxNumber } from '../tron/units.js';
import type { MarketNow } from './market.js';
import { TradeError, why, type ErrorKey, type ReasonVar } from './trade-errors.js';

/** A quote may be this much worse than the trading side's own (basis points of the output). */
export const QUOTE_TOLERANCE_BPS = 100n;

export interface Terms {
  side: Side;
  venue: 'curve' | 'dex';
  family: FamilyName;
  /** sun paid in for a buy, token base units sold for a sell: the user's, exactly */
  amountIn: bigint;
  /** what the market on the node gives for it, after every fee (tokens for a buy, sun for a sell) */
  expectedOut: bigint;
  /** the least the signed trade accepts */
  minOut: bigint;
  routerFee: bigint;
  /** the router's fee rate the trade may take at most (bps) */
  feeBps: bigint;
  launchpadFee: bigint;
  refund: bigint;
  fills: boolean;
  impactBps: bigint;
}

const safety = (message: string, key: ErrorKey, vars?: Record<string, ReasonVar>) =>
  new TradeError(message, 'safety', why(key, vars));

/** The router fee rate a quote names, refused above this bot's cap (or when it names none). */
export function feeBpsOf(q: Pick<Quote, 'exact'>, maxFeeBps: bigint): bigint {
  const text = (q.exact as { routerFeeBps?: unknown }).routerFeeBps;
  if (typeof text !== 'string' || !/^\d{1,5}$/.test(text))
    throw safety('the quote names no router fee rate', 'err-safety-no-fee-rate');
  const bps = BigInt(text);
  if (bps > maxFeeBps)
    throw safety(`the router fee of ${Number(bps) / 100} % is above this bot's cap`, 'err-safety-fee-cap', {
      fee: Number(bps) / 100,
    });
  return bps;
}

/**
 * The terms of a trade of `amountIn` at the market `m`, with the router's rate and the slippage (bps);
 * `floor` raises the minimum (a price cap's). A TradeError ('market') when the venue cannot fill it,
 * or when the floor is above what the market gives.
 */
export function ownTerms(
  side: Side,
  amountIn: bigint,
  m: MarketNow,
  feeBps: bigint,
  slippageBps: bigint,
  floor = 0n,
): Terms {
  let fill;
  try {
    fill =
      m.venue === 'curve'
        ? fillCurve(side, amountIn, m.reserves, m.fees, feeBps)
        : fillDex(side, amountIn, m.reserves, feeBps);
  } catch (e) {
    if (e instanceof CurveError || e instanceof DexError)
      throw new TradeError(
        `the ${m.venue === 'curve' ? 'curve' : 'pool'} cannot fill this trade (${e.message})`,
        'market',
        why('err-market-cannot-fill', { venue: m.venue, detail: e.message }),
      );
    throw e;
  }
  const slipped = minOutFor(fill.expectedOut, slippageBps);
  const minOut = slipped > floor ? slipped : floor;
  if (minOut > fill.expectedOut)
    throw new TradeError('the price is above the limit you set', 'market', why('err-market-above-limit'));
  if (minOut <= 0n)
    throw new TradeError(
      'the trade is too small: its minimum rounds to nothing',
      'market',
      why('err-market-too-small'),
    );
  return {
    side,
    venue: m.venue,
    family: m.family.family,
    amountIn,
    expectedOut: fill.expectedOut,
    minOut,
    routerFee: fill.routerFee,
    feeBps,
    launchpadFee: fill.launchpadFee,
    refund: fill.refund,
    fills: fill.fills,
    impactBps: fill.impactBps,
  };
}

/** A quote's display numbers as they must read for its exact fields (the JSON edge's conversion). */
function displayOf(q: Quote): Record<string, number> {
  const x = q.exact;
  const tokens = (v: string) => tokenNumber(BigInt(v), TOKEN_DECIMALS);
  const trx = (v: string) => trxNumber(BigInt(v));
  const [inOf, outOf] = q.type === 'buy' ? [trx, tokens] : [tokens, trx];
  return {
    amountIn: inOf(x.amountIn),
    expectedOut: outOf(x.expectedOut),
    minOut: outOf(x.minOut),
    launchpadFee: trx(x.launchpadFee),
    routerFee: trx(x.routerFee),
  };
}

const UINT = /^\d{1,78}$/;

/**
 * Refuses a quote of the API that does not describe the trade these terms make, or that prices it
 * more than 1 % worse than the market on the node; `holding` is the most the wallet may hold of the
 * token (a sell), which the quote's wallet must not exceed.
 */
export function checkQuote(q: Quote, own: Terms, holding?: bigint): void {
  if (q.type !== own.side) throw safety('the quote is for the other side of the trade', 'err-safety-other-side');
  if (q.family !== own.family)
    throw safety('the quote names another launchpad than the node shows', 'err-safety-other-family');
  if (q.venue !== own.venue)
    throw safety(`the quote trades on the ${q.venue}, the node shows the ${own.venue}`, 'err-safety-other-venue', {
      quoted: String(q.venue),
      shown: own.venue,
    });
  const x = q.exact;
  if (
    ![x.amountIn, x.expectedOut, x.minOut, x.launchpadFee, x.routerFee].every(
      (v) => typeof v === 'string' && UINT.test(v),
    )
  )
    throw safety('the quote carries amounts that are not whole numbers', 'err-safety-not-whole');
  const shown = displayOf(q);
  for (const [field, value] of Object.entries(shown))
    if ((q as unknown as Record<string, unknown>)[field] !== value)
      throw safety(`the quote shows one ${field} and pins another`, 'err-safety-shown-pinned', { field });
  if (BigInt(x.amountIn) !== own.amountIn)
    throw safety('the quote is for another amount than you asked', 'err-safety-other-amount');
  if (holding !== undefined && q.wallet && UINT.test(q.wallet.tokenBalance) && BigInt(q.wallet.tokenBalance) > holding)
    throw safety('the API reports a holding above what your wallet holds on chain', 'err-safety-holding-above');
  if (BigInt(x.expectedOut) * 10_000n < own.expectedOut * (10_000n - QUOTE_TOLERANCE_BPS))
    throw safety('the quote gives more than 1 % less than the market the node shows', 'err-safety-worse-quote');
}
