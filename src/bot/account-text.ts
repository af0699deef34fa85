// The account's messages and buttons: /wallet, its wallet lists and /settings.
import { InlineKeyboard } from 'grammy';
import type { WalletView } from '../client/index.js';
import {
  languageData,
  settingData,
  walletMenuData,
  walletPickData,
  type WalletAction,
  type WalletPick,
} from './callback-data/index.js';
import { esc } from './format.js';
import type { Speech } from './i18n.js';
import type { Settings } from './store.js';
import { slHoldText } from './orders-text.js';

/** A number as the user typed it (no grouping: "1000", "2.5"), with the language's decimal point ("2,5"). */
export function typedNumber(s: Speech, x: number): string {
  return String(x).replace('.', s.n.decimal('0.1').charAt(1));
}

/**
 * /wallet's text; `resources` are the lines of the wallet's energy and bandwidth (energy-text.ts);
 * `networks`, with several networks, the wallet's TRX on each (from the bot's own nodes): one key,
 * one address, valid on every network.
 */
export function walletText(
  s: Speech,
  w: WalletView,
  index: number,
  count: number,
  resources: string[] = [],
  networks?: ReadonlyArray<{ name: string; sun: bigint | undefined }>,
): string {
  const balance =
    networks && networks.length > 1
      ? [
          ...networks.map((n) =>
            s.t('wallet-balance-on', { network: n.name, balance: n.sun === undefined ? '—' : s.n.trx(n.sun) }),
          ),
          s.t('wallet-same-key'),
        ]
      : [s.t('wallet-balance', { balance: s.n.trxNum(w.trxBalance) })];
  const pos = w.positions
    .slice(0, 15)
    .map((p) => `• $${esc(p.symbol)}: ${s.n.compact(p.balance)} ≈ ${s.n.trxNum(Math.round(p.valueInTrx * 100) / 100)}`);
  return [
    s.t('wallet-title', { index, count }),
    `<code>${esc(w.address)}</code>`,
    '',
    ...balance,
    ...resources,
    '',
    pos.length ? s.t('wallet-positions') : s.t('wallet-no-positions'),
    ...pos,
  ].join('\n');
}

/** The automatic TP/SL of every buy, in words ("off" when none). */
function autoTpSlText(s: Speech, a: Settings['autoTpSl']): string {
  if (!a) return s.t('settings-off');
  return [
    a.tp ? s.t('settings-auto-tp', { gain: typedNumber(s, a.tp.gainPct), sell: typedNumber(s, a.tp.sellPct) }) : '',
    a.sl ? s.t('settings-auto-sl', { loss: typedNumber(s, a.sl.lossPct), sell: typedNumber(s, a.sl.sellPct) }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** /settings' text; `sponsorship` says whether the bot pays the energy of the user's trades (energy-text.ts). */
export function settingsText(s: Speech, st: Settings, sponsorship?: string): string {
  const list = (xs: number[]) => xs.map((x) => typedNumber(s, x)).join(' / ');
  return [
    s.t('settings-title'),
    s.t('settings-slippage', { pct: typedNumber(s, st.slippage) }),
    s.t('settings-buy-presets', { presets: list(st.buyPresets) }),
    s.t('settings-sell-presets', { presets: list(st.sellPresets) }),
    s.t('settings-confirm', { on: st.confirm ? 'yes' : 'no' }),
    s.t('settings-fee-limit', { fee: typedNumber(s, st.extraFeeLimit) }),
    s.t('settings-auto-tpsl', { what: autoTpSlText(s, st.autoTpSl) }),
    s.t('settings-stop-loss', { hold: slHoldText(s, st.slHoldBlocks) }),
    ...(sponsorship ? [sponsorship] : []),
  ].join('\n');
}

export function walletKeyboard(s: Speech): InlineKeyboard {
  const menu = (action: WalletAction) => walletMenuData.build({ action });
  return new InlineKeyboard()
    .text(s.t('wallet-btn-new'), menu('new'))
    .text(s.t('wallet-btn-import'), menu('imp'))
    .row()
    .text(s.t('wallet-btn-export'), menu('exp'))
    .text(s.t('wallet-btn-switch'), menu('sw'))
    .row()
    .text(s.t('wallet-btn-withdraw'), menu('wd'))
    .text(s.t('wallet-btn-remove'), menu('rm'))
    .row()
    .text(s.t('wallet-btn-refresh'), menu('r'));
}

export function walletListKeyboard(
  s: Speech,
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
  return kb.text(s.t('wallet-btn-cancel'), walletMenuData.build({ action: 'no' }));
}

/** Under the warning before a wallet is removed. */
export function removeWalletKeyboard(s: Speech, id: number): InlineKeyboard {
  return new InlineKeyboard()
    .text(s.t('wallet-btn-remove-for-good'), walletPickData.build({ pick: 'rmok', id }))
    .text(s.t('wallet-btn-cancel'), walletMenuData.build({ action: 'no' }));
}

export function settingsKeyboard(s: Speech, st: Settings): InlineKeyboard {
  return new InlineKeyboard()
    .text(s.t('settings-btn-slippage', { pct: typedNumber(s, st.slippage) }), settingData.build({ setting: 'slip' }))
    .text(s.t('settings-btn-fee', { fee: typedNumber(s, st.extraFeeLimit) }), settingData.build({ setting: 'fee' }))
    .row()
    .text(s.t('settings-btn-buy'), settingData.build({ setting: 'buy' }))
    .text(s.t('settings-btn-sell'), settingData.build({ setting: 'sell' }))
    .row()
    .text(s.t('settings-btn-confirm', { on: st.confirm ? 'yes' : 'no' }), settingData.build({ setting: 'conf' }))
    .text(s.t('settings-btn-language', { language: s.t('language-name') }), languageData.build({ lang: 'menu' }));
}
