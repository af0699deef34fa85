// Buttons of a trade: the card's presets and custom amounts, Confirm / Cancel under a quote, and the
// one-tap re-quote under a trade the launch overtook (trade.feature.ts, keyboards.ts).
import { button, coded, text, TOKEN } from './button.js';

/** A trade's id (trading/trade-flow.ts: 9 random bytes, base64url). */
const TRADE_ID = text(String.raw`[\w-]{8,20}`);

/**
 * A preset: `b:TOKEN:100` buys 100 TRX, `s:TOKEN:50` sells 50 % of the holding. The amount as it is
 * written on the button: up to 9 digits and 6 decimals.
 */
export const tradePresetData = button(undefined, {
  side: coded({ b: 'buy', s: 'sell' }),
  token: TOKEN,
  amount: text(String.raw`\d{1,9}(?:\.\d{1,6})?`),
});

/** Buy X / Sell X: the amount is asked for (`bx:TOKEN`, `sx:TOKEN`). */
export const customAmountData = button(undefined, { side: coded({ bx: 'buy', sx: 'sell' }), token: TOKEN });

/** ✅ Confirm under a quote (`cf:ID`). */
export const confirmTradeData = button('cf', { id: TRADE_ID });
/** ✖️ Cancel under a quote (`cx:ID`). */
export const cancelTradeData = button('cx', { id: TRADE_ID });
/** The same trade again, freshly quoted, after the token launched under it (`rq:ID`). */
export const requoteData = button('rq', { id: TRADE_ID });
