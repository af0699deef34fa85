// What a wallet holds of a token, as the trading side knows it without the API: the balance the node
// shows, and the position the trading side recorded from its own trades (each included trade's fill,
// read from the node's receipt). A sell by hand may sell what the node shows; an automated sell (an
// order, a copy) no more than the recorded position, less the sells already on their way.
import type { NodeMarket } from './market.js';
import type { TradeRow, TradingStore, WalletRow } from './store.js';
import { quoteOfTrade } from './trade-row.js';

const IN_FLIGHT = ['approving', 'signed', 'broadcast'];

export function createHoldings(deps: { store: TradingStore; market: NodeMarket }) {
  const { store, market } = deps;

  /**
   * Reads a trade's fill from the node's receipt and keeps it on the row; undefined while the node
   * shows none (not in a block yet, or the read failed).
   */
  async function record(t: Pick<TradeRow, 'id' | 'txid'>): Promise<{ tokenUnits: bigint; trxSun: bigint } | undefined> {
    if (!t.txid) return undefined;
    const fill = await market.fillOf(t.txid).catch(() => undefined);
    if (!fill) return undefined;
    const kept = { tokenUnits: fill.tokenUnits, trxSun: fill.trxSun };
    await store.setFill(t.id, kept);
    return kept;
  }

  /** Tokens a trade moved: its kept fill when final, else read again (a fork may have replayed it elsewhere). */
  async function unitsOf(t: TradeRow): Promise<bigint | undefined> {
    if (t.status === 'confirmed' && t.filledTokenUnits !== null) return BigInt(t.filledTokenUnits);
    return (await record(t))?.tokenUnits ?? (t.filledTokenUnits !== null ? BigInt(t.filledTokenUnits) : undefined);
  }

  /**
   * The position the trading side recorded for the wallet: tokens its own included trades bought less
   * those they sold, less the sells on their way now. A buy whose fill cannot be read does not count;
   * a sell whose fill cannot be read counts as its whole amount (never more than was recorded).
   */
  async function recorded(walletId: number, token: string): Promise<bigint> {
    let units = 0n;
    for (const t of await store.walletTokenTrades(walletId, token)) {
      const sold = t.side === 'sell';
      if (IN_FLIGHT.includes(t.status)) {
        if (sold) units -= BigInt(quoteOfTrade(t).amountIn);
        continue;
      }
      const moved = await unitsOf(t);
      if (sold) units -= moved ?? BigInt(quoteOfTrade(t).amountIn);
      else units += moved ?? 0n;
    }
    return units > 0n ? units : 0n;
  }

  return {
    record,
    recorded,
    /**
     * What a sell may take from (`usable`): the node's balance by hand, or no more than the recorded
     * position for an automation; and the balance the node shows (`onChain`), which no holding the
     * API reports may exceed.
     */
    async holding(wallet: WalletRow, token: string, automated: boolean): Promise<{ usable: bigint; onChain: bigint }> {
      const onChain = await market.tokenBalance(token, wallet.address);
      if (!automated) return { usable: onChain, onChain };
      const mine = await recorded(wallet.id, token);
      return { usable: mine < onChain ? mine : onChain, onChain };
    },
  };
}

export type Holdings = ReturnType<typeof createHoldings>;
