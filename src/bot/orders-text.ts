// Orders and positions in words: an order's line (its list and the engine's messages), what a stop-loss
// waits for, and /positions' buttons.
import { InlineKeyboard } from 'grammy';
import {
  cardData,
  pnlData,
  positionsData,
  tokenOrdersData,
  tradePresetData,
  walletMenuData,
} from './callback-data/index.js';
import { esc, trx } from './format.js';
import { levelNow } from '../trading/orders/triggers.js';
import { formatPrice } from '../trading/price.js';
import type { OrderRow } from '../trading/store.js';
import { sunToTrx } from '../tron/units.js';

/** What a stop-loss waits for, in words: "sells once the price holds at or below the level for 3 blocks". */
export function slHoldText(blocks: number): string {
  return `sells once the price holds at or below the level for ${blocks} block${blocks === 1 ? '' : 's'}`;
}

/** Basis points as a percent: 2500 -> "25%". */
export const pctOfBps = (bps: string | number) => `${Number(bps) / 100}%`;
const level = (e18: string | bigint | null | undefined) => (e18 ? `${formatPrice(BigInt(e18))} TRX` : '?');

/** One order in words (its list and the engine's messages). */
export function orderLine(o: OrderRow, now: number): string {
  const sym = `$${esc(o.symbol)}`;
  let text: string;
  switch (o.kind) {
    case 'limit':
      text =
        o.side === 'buy'
          ? `🎯 Limit buy ${trx(Number(sunToTrx(BigInt(o.amount))))} of ${sym} at ≤ ${level(o.triggerE18)}`
          : `🎯 Limit sell ${pctOfBps(o.amount)} of ${sym} at ≥ ${level(o.triggerE18)}`;
      break;
    case 'tp':
      text = `💰 Take profit on ${sym}: sell ${pctOfBps(o.amount)} at ≥ ${level(o.triggerE18)} (entry ${level(o.entryE18)})`;
      break;
    case 'sl':
      text = `🛑 Stop loss on ${sym}: sell ${pctOfBps(o.amount)} at ≤ ${level(o.triggerE18)} (entry ${level(o.entryE18)})`;
      if (o.holdBlocks > 1) text += ` · holds ${o.holdBlocks} blocks`;
      break;
    case 'trail':
      text = `📉 Trailing stop on ${sym}: sell ${pctOfBps(o.amount)} ${pctOfBps(o.trailBps ?? 0)} below the high (high ${level(o.highE18)}, fires at ≤ ${level(levelNow(o))})`;
      break;
    default: {
      const next =
        o.nextAt && o.status === 'active'
          ? o.nextAt <= now
            ? ' · next round now'
            : ` · next in ${Math.max(1, Math.round((o.nextAt - now) / 60_000))} min`
          : '';
      text = `🔁 DCA ${trx(Number(sunToTrx(BigInt(o.amount))))} of ${sym}, ${o.done}/${o.rounds} done${next}${o.triggerE18 ? ` · max ${level(o.triggerE18)}` : ''}`;
    }
  }
  if (o.auto) text += ' <i>(auto)</i>';
  if (o.status === 'paused') text += `\n   ⏸ paused: ${esc(o.note ?? '')}`;
  if (o.status === 'executing') text += '\n   ⏳ trading now';
  return text;
}

/** /positions: each token's card and a sell-all, then refresh. */
export function positionsKeyboard(list: Array<{ token: string; symbol: string }>): InlineKeyboard {
  const kb = new InlineKeyboard();
  for (const p of list)
    kb.text(`$${p.symbol.slice(0, 12)}`, cardData.build({ token: p.token }))
      .text(
        `Sell 100% $${p.symbol.slice(0, 10)}`,
        tradePresetData.build({ side: 'sell', token: p.token, amount: '100' }),
      )
      .text('📋 Orders', tokenOrdersData.build({ token: p.token }))
      .text('🖼 Share PnL', pnlData.build({ token: p.token }))
      .row();
  return kb.text('🔄 Refresh', positionsData.build({})).text('👛 Wallet', walletMenuData.build({ action: 'r' }));
}
