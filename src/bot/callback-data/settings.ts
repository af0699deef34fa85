// Buttons of /settings (settings.feature.ts) and of a chat's /alerts (alerts.feature.ts).
import { button, word } from './button.js';

/** A setting (`st:slip` …): slippage, fee limit, buy and sell presets asked for; `conf` toggles confirmations. */
export const settingData = button('st', { setting: word('slip', 'fee', 'buy', 'sell', 'conf') });

/** A chat's alert rule, toggled or stepped (`al:new`, `al:launch`, `al:buy`, `al:prog`). */
export const alertToggleData = button('al', { rule: word('new', 'launch', 'buy', 'prog') });

/** A language picked (`lg:ru`: a message file's name), or the picker asked for from /settings (`lg:menu`). */
export const languageData = button('lg', {
  lang: { pattern: '[a-z]{2,3}|menu', write: (v: string) => v, read: (t: string) => t },
});
