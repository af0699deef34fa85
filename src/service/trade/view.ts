// JSON-ready views of the trade service's answers: numbers for people, exact integer strings (sun,
// token base units) for programs. The API returns them as they are.
import type { TxInfo } from '../../tron/gateway.js';
import { describeNetworkFee } from '../../tron/network-fee.js';
import { TOKEN_DECIMALS, tokenNumber, trxNumber } from '../../tron/units.js';
import { failureCodeOf, type SettledTrade } from './receipts.js';
import type { PlannedTrade, TradeWallet } from './types.js';

/** A wallet: TRX, the token held and the router's allowance. */
export function describeWallet(w: TradeWallet) {
  return {
    trxBalanceSun: w.trxBalanceSun.toString(),
    tokenBalance: w.tokenBalance.toString(),
    allowance: w.allowance.toString(),
  };
}

/** A plan (the quote). */
export function describe(p: PlannedTrade) {
  const outIsTokens = p.side === 'buy';
  const out = (v: bigint) => (outIsTokens ? tokenNumber(v, p.decimals) : trxNumber(v));
  return {
    type: p.side,
    tokenAddress: p.token,
    ...(p.symbol !== undefined ? { symbol: p.symbol } : {}),
    family: p.family.family,
    venue: p.venue,
    ...(p.pair ? { pairAddress: p.pair } : {}),
    amountIn: p.side === 'buy' ? trxNumber(p.amountIn) : tokenNumber(p.amountIn, p.decimals),
    expectedOut: out(p.expectedOut),
    minOut: out(p.minOut),
    launchpadFee: trxNumber(p.launchpadFee),
    routerFee: trxNumber(p.routerFee),
    refund: trxNumber(p.refund),
    fillsCurve: p.fills,
    priceImpact: Number(p.impactBps) / 100,
    slippage: Number(p.slippageBps) / 100,
    priceBefore: p.priceBefore,
    priceAfter: p.priceAfter,
    feeLimit: trxNumber(p.feeLimit),
    networkFee: describeNetworkFee(p.networkFee, trxNumber),
    exact: {
      amountIn: p.amountIn.toString(),
      expectedOut: p.expectedOut.toString(),
      minOut: p.minOut.toString(),
      launchpadFee: p.launchpadFee.toString(),
      routerFee: p.routerFee.toString(),
      routerFeeBps: p.feeBps.toString(),
    },
  };
}

/** A transaction's state as read: the receipt, the router trade it made, and the wallet's balances. */
export interface TxStatus {
  info: TxInfo;
  settled?: SettledTrade | undefined;
  balances?: { trxSun: bigint; tokenUnits: bigint | undefined } | undefined;
}

/** The router trade a receipt shows. */
function describeSettled(s: SettledTrade, confirmed: boolean) {
  return {
    type: s.side,
    user: s.user,
    tokenAddress: s.token,
    trxAmount: trxNumber(s.trxSun),
    trxAmountSun: s.trxSun.toString(),
    tokenAmount: tokenNumber(s.tokenUnits, TOKEN_DECIMALS),
    tokenAmountExact: s.tokenUnits.toString(),
    routerFee: trxNumber(s.routerFeeSun),
    confirmed,
  };
}

/** A transaction's state (txStatus): only what is known is present; a failure carries its code. */
export function describeTxStatus(signature: string, { info, settled, balances }: TxStatus) {
  return {
    signature: signature.toLowerCase(),
    state: info.state,
    ...(info.blockNumber !== undefined ? { blockNumber: info.blockNumber } : {}),
    ...(info.confirmations !== undefined ? { confirmations: info.confirmations } : {}),
    ...(info.feeSun !== undefined ? { fee: trxNumber(BigInt(info.feeSun)) } : {}),
    ...(info.reason ? { reason: info.reason } : {}),
    ...(info.state === 'failed' ? { failureCode: failureCodeOf(info.reason) } : {}),
    ...(settled ? { trade: describeSettled(settled, info.state === 'confirmed') } : {}),
    ...(balances
      ? {
          balances: {
            trxBalanceSun: balances.trxSun.toString(),
            ...(balances.tokenUnits !== undefined ? { tokenBalance: balances.tokenUnits.toString() } : {}),
          },
        }
      : {}),
  };
}
