// Every inline keyboard in one place. The buttons' data comes from their codecs (callback-data/), which
// keep it under Telegram's 64 bytes and read it back for the handlers.
import { InlineKeyboard } from 'grammy';
import { CARD_INTERVALS, type CardInterval } from './charts.js';
import {
  cancelTradeData,
  cardData,
  confirmTradeData,
  customAmountData,
  pageData,
  positionsData,
  requoteData,
  tokenOrdersData,
  tradePresetData,
  walletMenuData,
} from './callback-data/index.js';
import type { Settings } from './store.js';
import type { Side } from '../tron/market/index.js';

/**
 * A token card's buttons; in a private chat also the way back to the user's positions and wallet;
 * with `shareUrl`, a Share button (Telegram's share dialog with the token's link in the bot).
 */
export function cardKeyboard(
  token: string,
  s: Settings,
  privateChat = false,
  interval: CardInterval = '1h',
  shareUrl?: string,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  // the chart's interval, switched in place
  for (const iv of CARD_INTERVALS) kb.text(iv === interval ? `• ${iv}` : iv, cardData.build({ token, interval: iv }));
  kb.row();
  // a preset a button cannot carry (more than 9 digits or 6 decimals) gets no button rather than a dead one
  for (const a of s.buyPresets) {
    const data = tradePresetData.tryBuild({ side: 'buy', token, amount: String(a) });
    if (data) kb.text(`Buy ${a} TRX`, data);
  }
  kb.text('Buy X TRX', customAmountData.build({ side: 'buy', token })).row();
  for (const p of s.sellPresets) {
    const data = tradePresetData.tryBuild({ side: 'sell', token, amount: String(p) });
    if (data) kb.text(`Sell ${p}%`, data);
  }
  kb.text('Sell X', customAmountData.build({ side: 'sell', token })).row();
  kb.text('👥 Holders', pageData.build({ list: 'holders', token, page: 1 }))
    .text('📜 Trades', pageData.build({ list: 'trades', token, page: 1 }))
    .text('🔄 Refresh', cardData.build({ token, interval }));
  if (shareUrl) kb.row().url('📤 Share', shareUrl);
  if (privateChat)
    kb.row()
      .text('📋 Orders', tokenOrdersData.build({ token }))
      .text('📊 Positions', positionsData.build({}))
      .text('👛 Wallet', walletMenuData.build({ action: 'r' }));
  return kb;
}

/** Under a trade's result: back to the token's card, and in a private chat to the positions. */
export function resultKeyboard(token: string, symbol: string, privateChat: boolean): InlineKeyboard {
  const kb = new InlineKeyboard().text(`⬅️ $${symbol.slice(0, 12)}`, cardData.build({ token }));
  return privateChat ? kb.text('📊 Positions', positionsData.build({})) : kb;
}

/** Under a curve trade that landed after the launch: the same trade freshly quoted on the DEX, in one tap. */
export function launchedKeyboard(id: string, token: string, symbol: string, side: Side): InlineKeyboard {
  return new InlineKeyboard()
    .text(`🔁 ${side === 'buy' ? 'Buy' : 'Sell'} on SunSwap`, requoteData.build({ id }))
    .text(`⬅️ $${symbol.slice(0, 12)}`, cardData.build({ token }));
}

export function confirmKeyboard(id: string): InlineKeyboard {
  return new InlineKeyboard()
    .text('✅ Confirm', confirmTradeData.build({ id }))
    .text('✖️ Cancel', cancelTradeData.build({ id }));
}

export function pagerKeyboard(
  list: 'holders' | 'trades',
  token: string,
  page: number,
  hasNext: boolean,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (page > 1) kb.text('◀️ Prev', pageData.build({ list, token, page: page - 1 }));
  if (hasNext) kb.text('Next ▶️', pageData.build({ list, token, page: page + 1 }));
  kb.row().text('⬅️ Token', cardData.build({ token }));
  return kb;
}

/** One button per listed token, opening its card. */
export function tokenListKeyboard(tokens: Array<{ address: string; symbol: string }>): InlineKeyboard {
  const kb = new InlineKeyboard();
  tokens.forEach((t, i) => {
    kb.text(`${i + 1}. $${t.symbol.slice(0, 12)}`, cardData.build({ token: t.address }));
    if (i % 3 === 2) kb.row();
  });
  return kb;
}
