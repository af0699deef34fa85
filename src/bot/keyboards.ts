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
  pnlData,
  positionsData,
  requoteData,
  settingData,
  tokenOrdersData,
  tradePresetData,
  walletMenuData,
  walletPickData,
  type WalletAction,
  type WalletPick,
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

/** /positions: each token's card and a sell-all, then refresh. */
export function positionsKeyboard(list: Array<{ token: string; symbol: string }>): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const p of list)
    kb.text(`$${p.symbol.slice(0, 12)}`, cardData.build({ token: p.token }))
      .text(
        `Sell 100% $${p.symbol.slice(0, 10)}`,
        tradePresetData.build({ side: 'sell', token: p.token, amount: '100' }),
      )
      .text('📋 Orders', tokenOrdersData.build({ token: p.token }))
      .text('🖼 Share PnL', pnlData.build({ token: p.token }))
      .row();
  return kb.text('🔄 Refresh', positionsData.build({})).text('👛 Wallet', walletMenuData.build({ action: 'r' }));
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

export function walletKeyboard(): InlineKeyboard {
  const menu = (action: WalletAction) => walletMenuData.build({ action });
  return new InlineKeyboard()
    .text('➕ New wallet', menu('new'))
    .text('📥 Import', menu('imp'))
    .row()
    .text('🔑 Export', menu('exp'))
    .text('🔀 Switch', menu('sw'))
    .row()
    .text('💸 Withdraw TRX', menu('wd'))
    .text('🗑 Remove', menu('rm'))
    .row()
    .text('🔄 Refresh', menu('r'));
}

export function walletListKeyboard(
  wallets: Array<{ id: number; address: string }>,
  activeId: number | null,
  action: Exclude<WalletPick, 'rmok'>,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  wallets.forEach((w, i) =>
    kb
      .text(
        `${w.id === activeId ? '● ' : ''}${i + 1}. ${w.address.slice(0, 6)}…${w.address.slice(-4)}`,
        walletPickData.build({ pick: action, id: w.id }),
      )
      .row(),
  );
  return kb.text('✖️ Cancel', walletMenuData.build({ action: 'no' }));
}

/** Under the warning before a wallet is removed. */
export function removeWalletKeyboard(id: number): InlineKeyboard {
  return new InlineKeyboard()
    .text('🗑 Remove for good', walletPickData.build({ pick: 'rmok', id }))
    .text('✖️ Cancel', walletMenuData.build({ action: 'no' }));
}

export function settingsKeyboard(s: Settings): InlineKeyboard {
  return new InlineKeyboard()
    .text(`Slippage ${s.slippage}%`, settingData.build({ setting: 'slip' }))
    .text(`Fee limit +${s.extraFeeLimit}`, settingData.build({ setting: 'fee' }))
    .row()
    .text('Buy presets', settingData.build({ setting: 'buy' }))
    .text('Sell presets', settingData.build({ setting: 'sell' }))
    .row()
    .text(`Confirm: ${s.confirm ? 'on ✅' : 'off'}`, settingData.build({ setting: 'conf' }));
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
