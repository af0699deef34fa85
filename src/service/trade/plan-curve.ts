// A trade on the token's launchpad curve: the launchpad's quote, the router's fee on the TRX side.
import { CurveError, quoteBuy, quoteSell, routerFeeOf } from '../../tron/market/index.js';
import type { FeeParams, Pool } from '../../tron/market/index.js';
import { Errors } from '../errors.js';
import { curveImpactBps } from './impact.js';
import { positiveSun, tokenAmountOf } from './input.js';
import type { Fill, PlanTerms, TradeInput } from './types.js';

export async function fillOnCurve(
  input: TradeInput,
  terms: PlanTerms,
  holding: () => Promise<bigint>,
  pool: Pool,
  fees: FeeParams,
): Promise<Fill> {
  try {
    if (input.side === 'buy') {
      const paid = positiveSun(input.amount, Errors.badTradeAmount);
      const routerFee = routerFeeOf(paid, terms.feeBps);
      const q = quoteBuy(pool, paid - routerFee, fees);
      return {
        amountIn: paid,
        expectedOut: q.tokenOut,
        launchpadFee: q.fee,
        routerFee,
        refund: q.refund,
        fills: q.fills,
        impactBps: curveImpactBps('buy', pool, q.trxIn, q.tokenOut),
        after: q.after,
      };
    }
    const tokenIn = tokenAmountOf(input.amount, await holding(), terms.decimals);
    const q = quoteSell(pool, tokenIn, fees);
    const routerFee = routerFeeOf(q.trxOut, terms.feeBps);
    return {
      amountIn: tokenIn,
      expectedOut: q.trxOut - routerFee,
      launchpadFee: q.fee,
      routerFee,
      refund: 0n,
      fills: false,
      impactBps: curveImpactBps('sell', pool, q.gross, tokenIn),
      after: q.after,
    };
  } catch (e) {
    if (e instanceof CurveError) throw Errors.badTradeAmount(`The curve cannot fill this trade: ${e.message}`);
    throw e;
  }
}
