// A trade on the token's SunSwap V2 pair after its launch: the caller's amount, filled by the market's
// rule (fillDex: Uniswap V2's amounts, the router's fee on the TRX side).
import { DexError, fillDex, type PairReserves } from '../../tron/market/index.js';
import { Errors } from '../errors.js';
import { positiveSun, tokenAmountOf } from './input.js';
import type { Fill, PlanTerms, TradeInput } from './types.js';

export async function fillOnDex(
  input: TradeInput,
  terms: PlanTerms,
  holding: () => Promise<bigint>,
  r: PairReserves,
): Promise<Fill> {
  const amountIn =
    input.side === 'buy'
      ? positiveSun(input.amount, Errors.badTradeAmount)
      : tokenAmountOf(input.amount, await holding(), terms.decimals);
  try {
    return fillDex(input.side, amountIn, r, terms.feeBps);
  } catch (e) {
    if (e instanceof DexError) throw Errors.badTradeAmount(`The pool cannot fill this trade: ${e.message}`);
    throw e;
  }
}
