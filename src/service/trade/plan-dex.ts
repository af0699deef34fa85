// A trade on the token's SunSwap V2 pair after its launch: Uniswap V2's amounts, the router's fee on
// the TRX side (the pair's own 0.3 % is inside the amounts).
import { DexError, getAmountOut, routerFeeOf, type PairReserves } from '../../tron/market/index.js';
import { Errors } from '../errors.js';
import { dexImpactBps } from './impact.js';
import { positiveSun, tokenAmountOf } from './input.js';
import type { Fill, PlanTerms, TradeInput } from './types.js';

const tooSmall = () => Errors.badTradeAmount('The pool cannot fill this trade: amount too small');

export async function fillOnDex(
  input: TradeInput,
  terms: PlanTerms,
  holding: () => Promise<bigint>,
  r: PairReserves,
): Promise<Fill> {
  const onPair = { launchpadFee: 0n, refund: 0n, fills: false };
  try {
    if (input.side === 'buy') {
      const paid = positiveSun(input.amount, Errors.badTradeAmount);
      const routerFee = routerFeeOf(paid, terms.feeBps);
      const trxIn = paid - routerFee;
      const tokenOut = getAmountOut(trxIn, r.trxReserve, r.tokenReserve);
      if (tokenOut <= 0n) throw tooSmall();
      return {
        ...onPair,
        amountIn: paid,
        expectedOut: tokenOut,
        routerFee,
        impactBps: dexImpactBps('buy', r, trxIn, tokenOut),
        after: { trxReserve: r.trxReserve + trxIn, tokenReserve: r.tokenReserve - tokenOut },
      };
    }
    const tokenIn = tokenAmountOf(input.amount, await holding(), terms.decimals);
    const gross = getAmountOut(tokenIn, r.tokenReserve, r.trxReserve);
    const routerFee = routerFeeOf(gross, terms.feeBps);
    if (gross - routerFee <= 0n) throw tooSmall();
    return {
      ...onPair,
      amountIn: tokenIn,
      expectedOut: gross - routerFee,
      routerFee,
      impactBps: dexImpactBps('sell', r, gross, tokenIn),
      after: { trxReserve: r.trxReserve - gross, tokenReserve: r.tokenReserve + tokenIn },
    };
  } catch (e) {
    if (e instanceof DexError) throw Errors.badTradeAmount(`The pool cannot fill this trade: ${e.message}`);
    throw e;
  }
}
