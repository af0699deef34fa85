// The account's messages and buttons: /wallet, its wallet lists and /settings.
import { InlineKeyboard } from 'grammy';
import type { WalletView } from '../client/index.js';
import {
  settingData,
  walletMenuData,
  walletPickData,
  type WalletAction,
  type WalletPick,
} from './callback-data/index.js';
import { compact, esc, trx } from './format.js';
import type { Settings } from './store.js';
import { slHoldText } from './orders-text.js';

/** /wallet's text; `resources` are the lines of the wallet's energy and bandwidth (energy-text.ts). */
export function walletText(w: WalletView, index: number, count: number, resources: string[] = []): string {
  const pos = w.positions
    .slice(0, 15)
    .map((p) => `• $${esc(p.symbol)}: ${compact(p.balance)} ≈ ${trx(Math.round(p.valueInTrx * 100) / 100)}`);
  return [
    `<b>👛 Wallet ${index} of ${count}</b>`,
    `<code>${esc(w.address)}</code>`,
    '',
    `Balance: <b>${trx(w.trxBalance)}</b>`,
    ...resources,
    '',
    pos.length ? '<b>Positions</b>' : 'No token positions yet.',
    ...pos,
  ].join('\n');
}

/** /settings' text; `sponsorship` says whether the bot pays the energy of the user's trades (energy-text.ts). */
export function settingsText(s: Settings, sponsorship?: string): string {
  return [
    '<b>⚙️ Settings</b>',
    `Slippage: ${s.slippage}%`,
    `Buy presets: ${s.buyPresets.join(' / ')} TRX`,
    `Sell presets: ${s.sellPresets.join(' / ')} %`,
    `Confirm before trading: ${s.confirm ? 'on' : 'off'}`,
    `Extra fee limit: ${s.extraFeeLimit} TRX`,
    `Automatic TP/SL on every buy: ${
      s.autoTpSl
        ? [
            s.autoTpSl.tp ? `TP +${s.autoTpSl.tp.gainPct}% sell ${s.autoTpSl.tp.sellPct}%` : '',
            s.autoTpSl.sl ? `SL −${s.autoTpSl.sl.lossPct}% sell ${s.autoTpSl.sl.sellPct}%` : '',
          ]
            .filter(Boolean)
            .join(', ')
        : 'off'
    } (<code>/autotpsl +100% 50% -30% 100%</code> or <code>off</code>)`,
    `Stop-loss: ${slHoldText(s.slHoldBlocks)} (1 = at once; change with <code>/slhold N</code>)`,
    ...(sponsorship ? [sponsorship] : []),
  ].join('\n');
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
