// A trade on the token's SunSwap V2 pair after its launch: Uniswap V2's amounts, the router's fee on
// the TRX side, and a deadline for the V2 router.
import { DexError, getAmountOut, minOutFor, priceTrx, routerFeeOf } from '../../tron/market/index.js';
import type { PairReserves } from '../../tron/market/index.js';
import { Errors } from '../errors.js';
import { dexImpactBps } from './impact.js';
import { positiveSun, tokenAmountOf } from './input.js';
import type { PlannedTrade, PlanTarget, PlanTerms, TradeInput } from './types.js';

/** How long a DEX trade's deadline runs past the head block (s): longer than the transaction can live. */
export const DEX_DEADLINE_S = 300;

/** The pair as read for a plan: its address, reserves and the head block's time (ms). */
export interface PairView {
  pair: string;
  reserves: PairReserves;
  headMs: number;
}

export async function planDex(
  input: TradeInput,
  target: PlanTarget,
  terms: PlanTerms,
  pair: PairView,
): Promise<PlannedTrade> {
  const r = pair.reserves;
  const priceOf = (trx: bigint, tok: bigint) => priceTrx({ trxReserve: trx, tokenReserve: tok }, terms.decimals);
  const common = {
    family: target.family,
    venue: 'dex' as const,
    pair: pair.pair,
    deadline: BigInt(Math.floor(pair.headMs / 1000) + DEX_DEADLINE_S),
    token: target.token,
    symbol: target.symbol,
    decimals: terms.decimals,
    launchpadFee: 0n,
    refund: 0n,
    fills: false,
    slippageBps: terms.slippageBps,
    priceBefore: priceOf(r.trxReserve, r.tokenReserve),
    feeLimit: terms.feeLimit,
  };
  try {
    if (input.side === 'buy') {
      const paid = positiveSun(input.amount, Errors.badTradeAmount);
      const routerFee = routerFeeOf(paid, terms.feeBps);
      const trxIn = paid - routerFee;
      const tokenOut = getAmountOut(trxIn, r.trxReserve, r.tokenReserve);
      if (tokenOut <= 0n) throw Errors.badTradeAmount('The pool cannot fill this trade: amount too small');
      return {
        ...common,
        side: 'buy',
        amountIn: paid,
        expectedOut: tokenOut,
        minOut: minOutFor(tokenOut, terms.slippageBps),
        routerFee,
        impactBps: dexImpactBps('buy', r, trxIn, tokenOut),
        priceAfter: priceOf(r.trxReserve + trxIn, r.tokenReserve - tokenOut),
      };
    }
    const tokenIn = tokenAmountOf(input.amount, await target.holding(), terms.decimals);
    const gross = getAmountOut(tokenIn, r.tokenReserve, r.trxReserve);
    const routerFee = routerFeeOf(gross, terms.feeBps);
    const out = gross - routerFee;
    if (out <= 0n) throw Errors.badTradeAmount('The pool cannot fill this trade: amount too small');
    return {
      ...common,
      side: 'sell',
      amountIn: tokenIn,
      expectedOut: out,
      minOut: minOutFor(out, terms.slippageBps),
      routerFee,
      impactBps: dexImpactBps('sell', r, gross, tokenIn),
      priceAfter: priceOf(r.trxReserve - gross, r.tokenReserve + tokenIn),
    };
  } catch (e) {
    if (e instanceof DexError) throw Errors.badTradeAmount(`The pool cannot fill this trade: ${e.message}`);
    throw e;
  }
}
