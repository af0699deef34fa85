// Buttons around a token's card: the card itself (refresh, its chart's interval), its holders' and
// trades' pages, the positions and a position's PnL picture (token.feature.ts, lists.feature.ts,
// positions.feature.ts).
import { CARD_INTERVALS } from '../charts.js';
import { button, coded, int, optional, TOKEN, word } from './button.js';

/** A token's card (`r:TOKEN`); with an interval, its chart at that interval (`r:TOKEN:1h`). */
export const cardData = button('r', { token: TOKEN, interval: optional(word(...CARD_INTERVALS)) });

/** A page of a token's holders (`h:TOKEN:2`) or trades (`t:TOKEN:2`). */
export const pageData = button(undefined, { list: coded({ h: 'holders', t: 'trades' }), token: TOKEN, page: int(3) });

/** The user's positions (`pos`). */
export const positionsData = button('pos', {});

/** A position's PnL card, a picture to share (`pp:TOKEN`). */
export const pnlData = button('pp', { token: TOKEN });
