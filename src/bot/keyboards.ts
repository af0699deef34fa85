// Every inline keyboard in one place. Callback data stays under Telegram's 64 bytes.
import { InlineKeyboard } from 'grammy';
import { CARD_INTERVALS } from './charts.js';
import type { Settings } from './store.js';
import type { Side } from '../tron/market/index.js';

export const cb = {
  buy: (token: string, amount: number) => `b:${token}:${amount}`,
  buyCustom: (token: string) => `bx:${token}`,
  sell: (token: string, pct: number) => `s:${token}:${pct}`,
  sellCustom: (token: string) => `sx:${token}`,
  holders: (token: string, page: number) => `h:${token}:${page}`,
  trades: (token: string, page: number) => `t:${token}:${page}`,
  /** a token's card; with an interval, its chart at that interval */
  refresh: (token: string, interval?: string) => (interval ? `r:${token}:${interval}` : `r:${token}`),
  confirm: (id: string) => `cf:${id}`,
  cancel: (id: string) => `cx:${id}`,
  /** the same trade again, freshly quoted (after the token launched under it) */
  requote: (id: string) => `rq:${id}`,
  wallet: (action: string, id?: number) => (id === undefined ? `w:${action}` : `w:${action}:${id}`),
  settings: (what: string) => `st:${what}`,
  positions: 'pos',
  /** a token's automated orders, with one-tap TP / SL / trailing stop */
  orders: (token: string) => `ol:${token}`,
  /** a position's PnL card, a picture to share */
  pnl: (token: string) => `pp:${token}`,
};

/**
 * A token card's buttons; in a private chat also the way back to the user's positions and wallet;
 * with `shareUrl`, a Share button (Telegram's share dialog with the token's link in the bot).
 */
export function cardKeyboard(
  token: string,
  s: Settings,
  privateChat = false,
  interval = '1h',
  shareUrl?: string,
): InlineKeyboard {
  const kb = new InlineKeyboard();
  // the chart's interval, switched in place
  for (const iv of CARD_INTERVALS) kb.text(iv === interval ? `• ${iv}` : iv, cb.refresh(token, iv));
  kb.row();
  for (const a of s.buyPresets) kb.text(`Buy ${a} TRX`, cb.buy(token, a));
  kb.text('Buy X TRX', cb.buyCustom(token)).row();
  for (const p of s.sellPresets) kb.text(`Sell ${p}%`, cb.sell(token, p));
  kb.text('Sell X', cb.sellCustom(token)).row();
  kb.text('👥 Holders', cb.holders(token, 1))
    .text('📜 Trades', cb.trades(token, 1))
    .text('🔄 Refresh', cb.refresh(token, interval));
  if (shareUrl) kb.row().url('📤 Share', shareUrl);
  if (privateChat)
    kb.row().text('📋 Orders', cb.orders(token)).text('📊 Positions', cb.positions).text('👛 Wallet', cb.wallet('r'));
  return kb;
}

/** Under a trade's result: back to the token's card, and in a private chat to the positions. */
export function resultKeyboard(token: string, symbol: string, privateChat: boolean): InlineKeyboard {
  const kb = new InlineKeyboard().text(`⬅️ $${symbol.slice(0, 12)}`, cb.refresh(token));
  return privateChat ? kb.text('📊 Positions', cb.positions) : kb;
}

/** Under a curve trade that landed after the launch: the same trade freshly quoted on the DEX, in one tap. */
export function launchedKeyboard(id: string, token: string, symbol: string, side: Side): InlineKeyboard {
  return new InlineKeyboard()
    .text(`🔁 ${side === 'buy' ? 'Buy' : 'Sell'} on SunSwap`, cb.requote(id))
    .text(`⬅️ $${symbol.slice(0, 12)}`, cb.refresh(token));
}

/** /positions: each token's card and a sell-all, then refresh. */
export function positionsKeyboard(list: Array<{ token: string; symbol: string }>): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const p of list)
    kb.text(`$${p.symbol.slice(0, 12)}`, cb.refresh(p.token))
      .text(`Sell 100% $${p.symbol.slice(0, 10)}`, cb.sell(p.token, 100))
      .text('📋 Orders', cb.orders(p.token))
      .text('🖼 Share PnL', cb.pnl(p.token))
      .row();
  return kb.text('🔄 Refresh', cb.positions).text('👛 Wallet', cb.wallet('r'));
}

export function confirmKeyboard(id: string): InlineKeyboard {
  return new InlineKeyboard().text('✅ Confirm', cb.confirm(id)).text('✖️ Cancel', cb.cancel(id));
}

export function pagerKeyboard(kind: 'h' | 't', token: string, page: number, hasNext: boolean): InlineKeyboard {
  const kb = new InlineKeyboard();
  if (page > 1) kb.text('◀️ Prev', `${kind}:${token}:${page - 1}`);
  if (hasNext) kb.text('Next ▶️', `${kind}:${token}:${page + 1}`);
  kb.row().text('⬅️ Token', cb.refresh(token));
  return kb;
}

export function walletKeyboard(): InlineKeyboard {
  return new InlineKeyboard()
    .text('➕ New wallet', cb.wallet('new'))
    .text('📥 Import', cb.wallet('imp'))
    .row()
    .text('🔑 Export', cb.wallet('exp'))
    .text('🔀 Switch', cb.wallet('sw'))
    .row()
    .text('💸 Withdraw TRX', cb.wallet('wd'))
    .text('🗑 Remove', cb.wallet('rm'))
    .row()
    .text('🔄 Refresh', cb.wallet('r'));
}

/** What a wallet's own button does: make it active, export its key, or remove it (asked, then for good). */
export type WalletPick = 'use' | 'expok' | 'rm' | 'rmok';
/** Reads a wallet's own button (built by cb.wallet(pick, id)): its id is the first match. */
export const walletPick = (pick: WalletPick): RegExp => new RegExp(`^w:${pick}:(\\d+)$`);

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
        cb.wallet(action, w.id),
      )
      .row(),
  );
  return kb.text('✖️ Cancel', cb.wallet('no'));
}

/** Under the warning before a wallet is removed. */
export function removeWalletKeyboard(id: number): InlineKeyboard {
  return new InlineKeyboard().text('🗑 Remove for good', cb.wallet('rmok', id)).text('✖️ Cancel', cb.wallet('no'));
}

export function settingsKeyboard(s: Settings): InlineKeyboard {
  return new InlineKeyboard()
    .text(`Slippage ${s.slippage}%`, cb.settings('slip'))
    .text(`Fee limit +${s.extraFeeLimit}`, cb.settings('fee'))
    .row()
    .text('Buy presets', cb.settings('buy'))
    .text('Sell presets', cb.settings('sell'))
    .row()
    .text(`Confirm: ${s.confirm ? 'on ✅' : 'off'}`, cb.settings('conf'));
}

/** One button per listed token, opening its card. */
export function tokenListKeyboard(tokens: Array<{ address: string; symbol: string }>): InlineKeyboard {
  const kb = new InlineKeyboard();
  tokens.forEach((t, i) => {
    kb.text(`${i + 1}. $${t.symbol.slice(0, 12)}`, cb.refresh(t.address));
    if (i % 3 === 2) kb.row();
  });
  return kb;
}
