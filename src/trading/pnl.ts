// Cost basis from a wallet's own trades: what /positions shows and what take-profit and stop-loss
// orders are relative to.
import type { UserTrade } from '../client/index.js';

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
