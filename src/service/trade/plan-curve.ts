// A trade on the token's launchpad curve: the launchpad's quote with the router's fee on the TRX side.
import { CurveError, minOutFor, priceTrx, quoteBuy, quoteSell, routerFeeOf } from '../../tron/market/index.js';
import type { FeeParams, Pool } from '../../tron/market/index.js';
import { Errors } from '../errors.js';
import { curveImpactBps } from './impact.js';
import { positiveSun, tokenAmountOf } from './input.js';
import type { PlannedTrade, PlanTarget, PlanTerms, TradeInput } from './types.js';

export async function planCurve(
  input: TradeInput,
  target: PlanTarget,
  terms: PlanTerms,
  pool: Pool,
  fees: FeeParams,
): Promise<PlannedTrade> {
  const { decimals } = terms;
  const common = {
    family: target.family,
    venue: 'curve' as const,
    token: target.token,
    symbol: target.symbol,
    decimals,
    slippageBps: terms.slippageBps,
    priceBefore: priceTrx(pool, decimals),
    feeLimit: terms.feeLimit,
  };
  try {
    if (input.side === 'buy') {
      const paid = positiveSun(input.amount, Errors.badTradeAmount);
      const routerFee = routerFeeOf(paid, terms.feeBps);
      const q = quoteBuy(pool, paid - routerFee, fees);
      return {
        ...common,
        side: 'buy',
        amountIn: paid,
        expectedOut: q.tokenOut,
        minOut: minOutFor(q.tokenOut, terms.slippageBps),
        launchpadFee: q.fee,
        routerFee,
        refund: q.refund,
        fills: q.fills,
        impactBps: curveImpactBps('buy', pool, q.trxIn, q.tokenOut),
        priceAfter: priceTrx(q.after, decimals),
      };
    }
    const tokenIn = tokenAmountOf(input.amount, await target.holding(), decimals);
    const q = quoteSell(pool, tokenIn, fees);
    const routerFee = routerFeeOf(q.trxOut, terms.feeBps);
    const out = q.trxOut - routerFee;
    return {
      ...common,
      side: 'sell',
      amountIn: tokenIn,
      expectedOut: out,
      minOut: minOutFor(out, terms.slippageBps),
      launchpadFee: q.fee,
      routerFee,
      refund: 0n,
      fills: false,
      impactBps: curveImpactBps('sell', pool, q.gross, tokenIn),
      priceAfter: priceTrx(q.after, decimals),
    };
  } catch (e) {
    if (e instanceof CurveError) throw Errors.badTradeAmount(`The curve cannot fill this trade: ${e.message}`);
    throw e;
  }
}
