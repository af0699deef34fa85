// Buttons of automated orders (orders.feature.ts and the engine's messages, notifiers/order.notifier.ts).
import { button, text, TOKEN, word } from './button.js';

/** An order's id (trading/orders/create.ts: 6 random bytes, base64url). */
const ORDER_ID = text(String.raw`[\w-]{6,12}`);

/** All the user's open orders (`ol`). */
export const ordersData = button('ol', {});
/** A token's orders, with one-tap TP / SL / trailing stop (`ol:TOKEN`). */
export const tokenOrdersData = button('ol', { token: TOKEN });
/** Cancel an order (`oc:ID`). */
export const orderCancelData = button('oc', { id: ORDER_ID });
/** Resume a paused order (`or:ID`). */
export const orderResumeData = button('or', { id: ORDER_ID });
/** One tap: a take-profit, stop-loss or trailing stop on a token with the presets (`op:tp:TOKEN`). */
export const orderPresetData = button('op', { kind: word('tp', 'sl', 'tr'), token: TOKEN });
