// A trade on the token's launchpad curve: the caller's amount, filled by the market's rule (fillCurve).
import { CurveError, fillCurve } from '../../tron/market/index.js';
import type { FeeParams, Pool } from '../../tron/market/index.js';
import { Errors } from '../errors.js';
import { positiveSun, tokenAmountOf } from './input.js';
import type { Fill, PlanTerms, TradeInput } from './types.js';

export async function fillOnCurve(
  input: TradeInput,
  terms: PlanTerms,
  holding: () => Promise<bigint>,
  pool: Pool,
  fees: FeeParams,
): Promise<Fill> {
  const amountIn =
    input.side === 'buy'
      ? positiveSun(input.amount, Errors.badTradeAmount)
      : tokenAmountOf(input.amount, await holding(), terms.decimals);
  try {
    return fillCurve(input.side, amountIn, pool, fees, terms.feeBps);
  } catch (e) {
    if (e instanceof CurveError) throw Errors.badTradeAmount(`The curve cannot fill this trade: ${e.message}`);
    throw e;
  }
}
