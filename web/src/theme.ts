// Telegram's theme as CSS variables on the document (set from script: CSSOM is allowed under the
// page's CSP, style attributes in the markup are not). The stylesheet holds the light defaults and the
// dark ones; `data-theme="dark"` picks them when the theme's background is dark.
import { isColorDark } from '@tma.js/sdk';

/** The themeParams the page uses, and the CSS variable each sets. */
const VARIABLES: Record<string, string> = {
  bg_color: '--tg-bg',
  text_color: '--tg-text',
  hint_color: '--tg-hint',
  link_color: '--tg-link',
  button_color: '--tg-button',
  button_text_color: '--tg-button-text',
  secondary_bg_color: '--tg-secondary-bg',
};

export function applyTheme(theme: Record<string, string>, root: HTMLElement = document.documentElement): void {
  const bg = theme.bg_color;
  const dark = bg !== undefined && isColorDark(bg);
  root.dataset.theme = dark ? 'dark' : 'light';
  for (const [key, variable] of Object.entries(VARIABLES)) {
    const value = theme[key];
    if (value) root.style.setProperty(variable, value);
    else root.style.removeProperty(variable);
  }
}

/** A CSS variable's value now (for the chart, which draws on a canvas). */
export function cssVar(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}
