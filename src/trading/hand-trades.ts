// Trades by hand before they run: a quote with its own terms becomes a row the user confirms, one
// tap claims it (of any process), and a quote may be cancelled or expire. Functions of the flow's
// context (trade-flow.ts).
import { newId } from './ids.js';
import type { Side } from '../tron/market/index.js';
import type { Accounts } from './accounts.js';
import type { QuoteOptions } from './quoting.js';
import type { TradingStore, TradeRow, UserRow, WalletRow } from './store.js';
import { newTradeRow, type TradeQuote } from './trade-row.js';

export const QUOTE_TTL_MS = 30_000;

export interface HandContext {
  store: TradingStore;
  accounts: Accounts;
  now: () => number;
  termsFor: (
    user: UserRow,
    wallet: WalletRow,
    token: string,
    side: Side,
    words: string,
    opts?: QuoteOptions,
  ) => Promise<{ kept: TradeQuote }>;
}

export function handTrades(c: HandContext) {
  const { store, accounts, now, termsFor } = c;
  return {
    /** Quotes a trade (its own terms, the API's quote checked) and records it as a trade the user can confirm. */
    async quote(
      user: UserRow,
      chatId: number,
      token: string,
      side: Side,
      amount: string,
      /** shown when the index does not know the token's symbol yet */
      symbol?: string,
    ): Promise<{ trade: TradeRow; terms: TradeQuote; symbol: string }> {
      const wallet = await accounts.activeWallet(user);
      const { kept } = await termsFor(user, wallet, token, side, amount, { symbol });
      const id = newId(9);
      const t = now();
      await store.insertTrade(
        newTradeRow({
          id,
          userId: user.telegramId,
          chatId,
          walletId: wallet.id,
          token,
          side,
          amount,
          slippagePct: store.settings(user).slippage,
          quote: kept,
          status: 'quoted',
          at: t,
          expiresAt: t + QUOTE_TTL_MS,
        }),
      );
      return { trade: (await store.trade(id))!, terms: kept, symbol: kept.symbol };
    },

    async attachMessage(id: string, messageId: number): Promise<void> {
      await store.updateTrade(id, { messageId });
    },

    /** One tap wins: 'ok' to go on, otherwise why not. */
    async claim(id: string, userId: number): Promise<'ok' | 'expired' | 'taken' | 'missing' | 'not-yours'> {
      const trade = await store.trade(id);
      if (!trade) return 'missing';
      if (trade.userId !== userId) return 'not-yours';
      if (trade.status !== 'quoted') return 'taken';
      if (now() > trade.expiresAt) {
        await store.transition(id, 'quoted', 'expired');
        return 'expired';
      }
      // claim: quoted -> claimed, one conditional update: one tap of any process wins
      return (await store.transition(id, 'quoted', 'claimed')) ? 'ok' : 'taken';
    },

    async cancel(id: string, userId: number): Promise<boolean> {
      const trade = await store.trade(id);
      return !!trade && trade.userId === userId && (await store.transition(id, 'quoted', 'cancelled'));
    },
  };
}
