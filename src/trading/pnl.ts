// Cost basis from a wallet's own trades: what /positions shows and what take-profit and stop-loss
// orders are relative to.
import type { UserTrade } from '../client/index.js';
import { TOKEN_DECIMALS, tokenNumber, trxNumber } from '../tron/units.js';

/** Average-cost basis over a token's trades (oldest first), in exact integers. */
export function costBasis(trades: UserTrade[]): { units: bigint; costSun: bigint } {
  let units = 0n;
  let cost = 0n;
  for (const t of [...trades].sort((a, b) => a.timestamp - b.timestamp)) {
    const amount = BigInt(t.tokenAmountExact);
    if (t.type === 'BUY') {
      units += amount;
      cost += BigInt(t.trxAmountSun) + BigInt(t.routerFeeSun);
    } else if (units > 0n) {
      const sold = amount > units ? units : amount;
      cost -= (cost * sold) / units;
      units -= sold;
    }
  }
  return { units, costSun: cost };
}

/**
 * TRX per whole token a trade got: what went in over what came out (a buy: sun in, tokens out; a
 * sell: tokens in, TRX out). `amountIn` is exact (sun or base units), `received` as the receipt says
 * it; undefined when nothing is known to have come out.
 */
export function fillPriceTrx(side: 'buy' | 'sell', amountIn: bigint, received: number | undefined): number | undefined {
  if (received === undefined || received === 0) return undefined;
  return side === 'buy' ? trxNumber(amountIn) / received : received / tokenNumber(amountIn, TOKEN_DECIMALS);
}
