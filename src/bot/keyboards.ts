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
import type { Speech } from './i18n.js';
import { appLink } from './mini-app.js';
import type { Settings } from './store.js';
import type { Side } from '../tron/market/index.js';

/** A preset as a button shows it: its digits as set (no grouping), with the language's decimal sign. */
const presetText = (s: Speech, n: number): string => {
  const [whole = '0', frac] = String(n).split('.');
  return frac ? whole + s.n.decimal(`0.${frac}`).slice(1) : whole;
};

/** A chart interval's button text. */
function intervalText(s: Speech, iv: CardInterval): string {
  switch (iv) {
    case '5m':
      return s.t('card-interval-5m');
    case '1h':
      return s.t('card-interval-1h');
    default:
      return s.t('card-interval-1d');
  }
}

/**
 * A token card's buttons; in a private chat also the way back to the user's positions and wallet;
 * with `shareUrl`, a Share button (Telegram's share dialog with the token's link in the bot); with
 * `appUrl` (an https address, in a private chat only: Telegram refuses `web_app` buttons elsewhere),
 * the Mini App's Open button with the token preselected.
 */
export function cardKeyboard(
  sp: Speech,
  token: string,
  s: Settings,
  privateChat = false,
  interval: CardInterval = '1h',
  shareUrl?: string,
  appUrl?: string,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  // the chart's interval, switched in place
  for (const iv of CARD_INTERVALS) {
    const label = intervalText(sp, iv);
    kb.text(iv === interval ? `• ${label}` : label, cardData.build({ token, interval: iv }));
  }
  kb.row();
  // a preset a button cannot carry (more than 9 digits or 6 decimals) gets no button rather than a dead one
  for (const a of s.buyPresets) {
    const data = tradePresetData.tryBuild({ side: 'buy', token, amount: String(a) });
    if (data) kb.text(sp.t('card-buy', { amount: presetText(sp, a) }), data);
  }
  kb.text(sp.t('card-buy-x'), customAmountData.build({ side: 'buy', token })).row();
  for (const p of s.sellPresets) {
    const data = tradePresetData.tryBuild({ side: 'sell', token, amount: String(p) });
    if (data) kb.text(sp.t('card-sell', { pct: presetText(sp, p) }), data);
  }
  kb.text(sp.t('card-sell-x'), customAmountData.build({ side: 'sell', token })).row();
  kb.text(sp.t('card-holders'), pageData.build({ list: 'holders', token, page: 1 }))
    .text(sp.t('card-trades'), pageData.build({ list: 'trades', token, page: 1 }))
    .text(sp.t('card-refresh'), cardData.build({ token, interval }));
  if (shareUrl) kb.row().url(sp.t('card-share'), shareUrl);
  if (privateChat)
    kb.row()
      .text(sp.t('card-orders'), tokenOrdersData.build({ token }))
      .text(sp.t('card-positions'), positionsData.build({}))
      .text(sp.t('card-wallet'), walletMenuData.build({ action: 'r' }));
  if (privateChat && appUrl) kb.row().webApp(sp.t('webapp-open'), appLink(appUrl, token));
  return kb;
}

/** /app's button: the Mini App (an https address; private chats only). */
export const appKeyboard = (s: Speech, appUrl: string): InlineKeyboard =>
  new InlineKeyboard().webApp(s.t('webapp-open'), appLink(appUrl));

/** Under a trade's result: back to the token's card, and in a private chat to the positions. */
export function resultKeyboard(s: Speech, token: string, symbol: string, privateChat: boolean): InlineKeyboard {
  const kb = new InlineKeyboard().text(`⬅️ $${symbol.slice(0, 12)}`, cardData.build({ token }));
  return privateChat ? kb.text(s.t('card-positions'), positionsData.build({})) : kb;
}

/** Under a curve trade that landed after the launch: the same trade freshly quoted on the DEX, in one tap. */
export function launchedKeyboard(s: Speech, id: string, token: string, symbol: string, side: Side): InlineKeyboard {
  return new InlineKeyboard()
    .text(side === 'buy' ? s.t('trade-requote-buy') : s.t('trade-requote-sell'), requoteData.build({ id }))
    .text(`⬅️ $${symbol.slice(0, 12)}`, cardData.build({ token }));
}

export function confirmKeyboard(s: Speech, id: string): InlineKeyboard {
  return new InlineKeyboard()
    .text(s.t('trade-confirm'), confirmTradeData.build({ id }))
    .text(s.t('trade-cancel'), cancelTradeData.build({ id }));
}

export function pagerKeyboard(
  s: Speech,
  list: 'holders' | 'trades',
  token: string,
  page: number,
  hasNext: boolean,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (page > 1) kb.text(s.t('list-prev'), pageData.build({ list, token, page: page - 1 }));
  if (hasNext) kb.text(s.t('list-next'), pageData.build({ list, token, page: page + 1 }));
  kb.row().text(s.t('list-back-to-token'), cardData.build({ token }));
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
