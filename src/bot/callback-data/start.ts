// Buttons of /start (the main places) and of /help (its topic pages), start.feature.ts.
import { button, word } from './button.js';

/** A main place opened from the start message (`go:new`, `go:top`, `go:wallet`, `go:settings`, `go:help`). */
export const startMenuData = button('go', { place: word('new', 'top', 'wallet', 'settings', 'help') });

/** A page of /help: its first page (`hp:home`) or a topic's (`hp:trading` …). */
export const helpPageData = button('hp', { page: word('home', 'trading', 'orders', 'automation', 'wallet', 'groups') });
