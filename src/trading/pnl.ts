// Cost basis and profit from a wallet's own trades: what /positions shows and what take-profit and
// stop-loss orders are relative to. Exact integers up to the cost; TRX numbers only for display.
import type { UserTrade, WalletView } from '../client/index.js';
import { TOKEN_DECIMALS, tokenNumber, trxNumber } from '../tron/units.js';
import type { Side } from '../tron/market/index.js';

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
export function fillPriceTrx(side: Side, amountIn: bigint, received: number | undefined): number | undefined {
  if (received === undefined || received === 0) return undefined;
  return side === 'buy' ? trxNumber(amountIn) / received : received / tokenNumber(amountIn, TOKEN_DECIMALS);
}

/** A holding with what it cost and what it is worth now. */
export interface Position {
  token: string;
  symbol: string;
  balance: number;
  valueTrx: number;
  /** TRX paid for what is still held (average cost), fees included */
  costTrx: number;
  pnlTrx: number;
  /** null when nothing held was bought here (no cost to go from) */
  pnlPct: number | null;
}

/** The wallet's holdings with their cost basis from its own trades and the profit or loss. */
export function positions(w: WalletView, trades: UserTrade[]): Position[] {
  return w.positions.map((p) => {
    const { units, costSun } = costBasis(trades.filter((t) => t.tokenAddress === p.token));
    // tokens received from elsewhere have no cost; scale the cost to what is held now
    const held = BigInt(p.balanceExact);
    const cost = units > 0n ? trxNumber((costSun * (held < units ? held : units)) / units) : 0;
    const pnl = p.valueInTrx - cost;
    return {
      token: p.token,
      symbol: p.symbol,
      balance: p.balance,
      valueTrx: p.valueInTrx,
      costTrx: cost,
      pnlTrx: pnl,
      pnlPct: cost > 0 ? (pnl / cost) * 100 : null,
    };
  });
}

/** TRX per token: what the holding cost on average, and what it is worth now (0 for an empty one). */
export function perToken(p: Position): { entryTrx: number; nowTrx: number } {
  if (p.balance <= 0) return { entryTrx: 0, nowTrx: 0 };
  return { entryTrx: p.costTrx / p.balance, nowTrx: p.valueTrx / p.balance };
}

/** When the wallet first bought among these trades (ms), undefined when it never did. */
export function firstBuyAt(trades: UserTrade[]): number | undefined {
  const buys = trades.filter((t) => t.type === 'BUY').map((t) => t.timestamp);
  return buys.length ? Math.min(...buys) : undefined;
}
