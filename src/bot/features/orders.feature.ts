// Automated orders in the bot: /limit, /tp, /sl, /trail, /dca, /orders, /autotpsl and /slhold, the
// token's orders from its card. (The engine's own messages are notifiers/order.notifier.ts.)
// Private chats only: orders trade the user's own wallet (a group is told to open one).
import { Composer, InlineKeyboard } from 'grammy';
import {
  cardData,
  orderCancelData,
  orderPresetData,
  orderResumeData,
  ordersData,
  tokenOrdersData,
} from '../callback-data/index.js';
import type { BotContext } from '../context.js';
import { esc } from '../format.js';
import { orderLine, slHoldText } from '../orders-text.js';
import { GROUPS, privateOnly, userOf } from '../helpers.js';
import { refusalOf } from '../refusals.js';
import { isBase58Address } from '../../tron/address.js';
import {
  checkAutoTpSl,
  checkHoldBlocks,
  MAX_HOLD_BLOCKS,
  parseInterval,
  PRESET_SL,
  PRESET_TP,
  PRESET_TRAIL,
  type OrderEngine,
  type PriceSpec,
} from '../../trading/orders/index.js';
import { UserError } from '../../trading/accounts.js';
import { parsePriceE18, parseUsdAmount } from '../../trading/price.js';
import type { OrderRow, Settings } from '../../trading/store.js';
import type { Side } from '../../tron/market/index.js';

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const ADDR = String.raw`(T\w{33})`;

const ORDER_USAGE = [
  '<b>Automated orders</b> (they trade your active wallet, with your slippage, without asking)',
  '<code>/limit ADDRESS buy TRX @ PRICE</code> — buy when the price is at or below PRICE (TRX per token)',
  '<code>/limit ADDRESS sell 50% @ PRICE</code> — sell a share when the price is at or above',
  '   PRICE may be a market cap in USD: <code>mc50k</code>, <code>mc1.2m</code>',
  '<code>/tp ADDRESS +100% 50%</code> — take profit: sell 50 % at +100 % over your entry',
  '<code>/sl ADDRESS -30% 100%</code> — stop loss: sell all at −30 % from your entry',
  '   add <code>hold:3</code> to sell only once the price has stayed there 3 blocks (~3 s each; default: /slhold)',
  '<code>/trail ADDRESS 20% 100%</code> — sell when the price falls 20 % below its high since set',
  '<code>/dca ADDRESS 50 every 1h x 10 [max PRICE]</code> — buy 50 TRX every hour, 10 times',
  '<code>/orders</code> — your open orders (<code>/orders ADDRESS</code> for one token)',
  '<code>/autotpsl +100% 50% -30% 100%</code> — a TP and an SL on every new buy (<code>off</code> to stop)',
  `<code>/slhold N</code> — stop-losses wait for the price to hold N blocks (1 to ${MAX_HOLD_BLOCKS}; 1 = at once)`,
].join('\n');

/** A price level: "0.00005" (TRX per token) or a market cap ("mc50k", "$1.2m", "50k"). */
function parseLevel(text: string): PriceSpec | undefined {
  const t = text.trim().toLowerCase();
  const mc = /^mc(.+)$/.exec(t)?.[1] ?? (/[kmb]$|^\$/.test(t) ? t : undefined);
  if (mc !== undefined) {
    const usd = parseUsdAmount(mc);
    return usd === undefined ? undefined : { mcUsd: usd };
  }
  try {
    const e18 = parsePriceE18(t);
    return e18 > 0n ? { e18 } : undefined;
  } catch {
    return undefined;
  }
}

function listKeyboard(list: OrderRow[], token?: string, s?: Settings): InlineKeyboard {
  const kb = new InlineKeyboard();
  // a row per order, without an empty row after the last (Telegram shows none, but why send one)
  list.forEach((o, i) => {
    if (i) kb.row();
    kb.text(`✖️ Cancel #${i + 1}`, orderCancelData.build({ id: o.id }));
    if (o.status === 'paused') kb.text(`▶️ Resume #${i + 1}`, orderResumeData.build({ id: o.id }));
  });
  if (token) {
    if (list.length) kb.row();
    const tp = s?.autoTpSl?.tp ?? PRESET_TP;
    const sl = s?.autoTpSl?.sl ?? PRESET_SL;
    kb.text(`💰 TP +${tp.gainPct}% ×${tp.sellPct}%`, orderPresetData.build({ kind: 'tp', token }))
      .text(`🛑 SL −${sl.lossPct}% ×${sl.sellPct}%`, orderPresetData.build({ kind: 'sl', token }))
      .row()
      .text(`📉 Trail ${PRESET_TRAIL.dropPct}% ×${PRESET_TRAIL.sellPct}%`, orderPresetData.build({ kind: 'tr', token }))
      .text('⬅️ Token', cardData.build({ token }));
  }
  return kb;
}

function listText(list: OrderRow[], engine: OrderEngine, now: number, title: string): string {
  if (!list.length) return `${title}\n\nNo open orders.\n\n${ORDER_USAGE}`;
  return [title, '', ...list.map((o, i) => `${i + 1}. ${orderLine(o, now)}`)].join('\n');
}

export const ordersFeature = new Composer<BotContext>();
const priv = ordersFeature.chatType('private');
// orders and the settings behind them (/autotpsl, /slhold) are never shown nor changed in a group
ordersFeature
  .chatType(GROUPS)
  .command(['limit', 'tp', 'sl', 'trail', 'dca', 'orders', 'autotpsl', 'slhold'], (ctx) => privateOnly(ctx));
ordersFeature.chatType(GROUPS).callbackQuery(
  [ordersData, tokenOrdersData, orderCancelData, orderResumeData, orderPresetData].map((d) => d.filter()),
  (ctx) => privateOnly(ctx),
);

async function created(ctx: BotContext, o: OrderRow): Promise<void> {
  const { orders } = ctx.services;
  const fresh = (await ctx.services.store.order(o.id)) ?? o;
  const state = fresh.status === 'executing' ? '\nIts condition holds already: trading now.' : '';
  await ctx.reply(`✅ <b>Order set</b>\n${orderLine(fresh, orders.now())}${state}`, {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard()
      .text('✖️ Cancel', orderCancelData.build({ id: o.id }))
      .text('📋 Orders', ordersData.build({})),
  });
}

/** Reads "/cmd ARGS" with a pattern; answers the usage when it does not match. */
async function args(ctx: BotContext & { match: string }, pattern: RegExp): Promise<RegExpExecArray | undefined> {
  const m = pattern.exec(ctx.match.trim());
  if (!m || !isBase58Address(m[1])) {
    await ctx.reply(ORDER_USAGE, { parse_mode: 'HTML' });
    return undefined;
  }
  return m;
}

priv.command('limit', async (ctx) => {
  const m = await args(ctx, new RegExp(String.raw`^${ADDR}\s+(buy|sell)\s+${NUM}(%?)\s*@\s*(\S+)$`, 'i'));
  if (!m) return;
  const side = m[2]!.toLowerCase() as Side;
  const at = parseLevel(m[5]!);
  if (!at || (side === 'sell') !== (m[4] === '%')) {
    await ctx.reply(ORDER_USAGE, { parse_mode: 'HTML' });
    return;
  }
  const user = await userOf(ctx);
  const o = await ctx.services.orders.create(
    user,
    side === 'buy'
      ? { kind: 'limit', side, token: m[1]!, trx: m[3]!, at }
      : { kind: 'limit', side, token: m[1]!, pct: Number(m[3]), at },
  );
  await created(ctx, o);
});

priv.command(['tp', 'sl'], async (ctx) => {
  const tp = ctx.message.text.startsWith('/tp');
  // a stop-loss may wait for the price to hold at or below its level: hold:N blocks
  const hold = tp ? '' : String.raw`(?:\s+hold:(\d+))?`;
  const m = await args(ctx, new RegExp(String.raw`^${ADDR}\s+${tp ? '\\+?' : '[-−]?'}${NUM}%\s+${NUM}%${hold}$`));
  if (!m) return;
  const user = await userOf(ctx);
  const holdBlocks = m[4] === undefined ? undefined : Number(m[4]);
  const o = await ctx.services.orders.create(
    user,
    tp
      ? { kind: 'tp', token: m[1]!, gainPct: Number(m[2]), pct: Number(m[3]) }
      : { kind: 'sl', token: m[1]!, lossPct: Number(m[2]), pct: Number(m[3]), holdBlocks },
  );
  await created(ctx, o);
});

priv.command('trail', async (ctx) => {
  const m = await args(ctx, new RegExp(String.raw`^${ADDR}\s+${NUM}%\s+${NUM}%$`));
  if (!m) return;
  const user = await userOf(ctx);
  await created(
    ctx,
    await ctx.services.orders.create(user, { kind: 'trail', token: m[1]!, dropPct: Number(m[2]), pct: Number(m[3]) }),
  );
});

priv.command('dca', async (ctx) => {
  const m = await args(
    ctx,
    new RegExp(String.raw`^${ADDR}\s+${NUM}\s+every\s+(\S+)\s+x\s*(\d+)(?:\s+max\s+(\S+))?$`, 'i'),
  );
  if (!m) return;
  const intervalMs = parseInterval(m[3]!);
  const max = m[5] ? parseLevel(m[5]) : undefined;
  if (!intervalMs || (m[5] && !max)) {
    await ctx.reply(ORDER_USAGE, { parse_mode: 'HTML' });
    return;
  }
  const user = await userOf(ctx);
  await created(
    ctx,
    await ctx.services.orders.create(user, {
      kind: 'dca',
      token: m[1]!,
      trx: m[2]!,
      intervalMs,
      count: Number(m[4]),
      max,
    }),
  );
});

async function showOrders(ctx: BotContext, token: string | undefined, edit: boolean): Promise<void> {
  const user = await userOf(ctx);
  const { orders } = ctx.services;
  const list = (await orders.list(user.telegramId, token)).slice(0, 30);
  const title = !token
    ? '<b>📋 Your open orders</b>'
    : list[0]
      ? `<b>📋 Orders of $${esc(list[0].symbol)}</b>`
      : '<b>📋 Orders on this token</b>';
  const text = listText(list, orders, orders.now(), title);
  const kb = listKeyboard(list, token, ctx.services.store.settings(user));
  if (edit) {
    await ctx.editMessageText(text, { parse_mode: 'HTML', reply_markup: kb }).catch((e: unknown) => {
      if (refusalOf(e) !== 'not-modified') throw e;
    });
    await ctx.answerCallbackQuery();
  } else {
    await ctx.reply(text, { parse_mode: 'HTML', reply_markup: kb });
  }
}

priv.command('orders', async (ctx) => {
  const arg = ctx.match.trim();
  if (arg && !isBase58Address(arg)) {
    await ctx.reply(ORDER_USAGE, { parse_mode: 'HTML' });
    return;
  }
  await showOrders(ctx, arg || undefined, false);
});
priv.callbackQuery(ordersData.filter(), (ctx) =>
  showOrders(ctx, undefined, false).then(() => ctx.answerCallbackQuery()),
);
priv.callbackQuery(tokenOrdersData.filter(), (ctx) =>
  showOrders(ctx, tokenOrdersData.unpack(ctx.match).token, false).then(() => ctx.answerCallbackQuery()),
);

priv.callbackQuery(orderCancelData.filter(), async (ctx) => {
  const r = await ctx.services.orders.cancel(ctx.from.id, orderCancelData.unpack(ctx.match).id);
  await ctx.answerCallbackQuery({
    text: r === 'cancelled' ? 'Order cancelled' : r === 'executing' ? 'It is trading right now' : 'No such open order',
  });
});

priv.callbackQuery(orderResumeData.filter(), async (ctx) => {
  const ok = await ctx.services.orders.resume(ctx.from.id, orderResumeData.unpack(ctx.match).id);
  await ctx.answerCallbackQuery({ text: ok ? 'Order resumed' : 'This order is not paused' });
});

/** One tap from a token's orders: a TP, SL or trailing stop with the presets. */
priv.callbackQuery(orderPresetData.filter(), async (ctx) => {
  const { kind, token } = orderPresetData.unpack(ctx.match);
  await ctx.answerCallbackQuery();
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  const tp = s.autoTpSl?.tp ?? PRESET_TP;
  const sl = s.autoTpSl?.sl ?? PRESET_SL;
  const o = await ctx.services.orders.create(
    user,
    kind === 'tp'
      ? { kind: 'tp', token, gainPct: tp.gainPct, pct: tp.sellPct }
      : kind === 'sl'
        ? { kind: 'sl', token, lossPct: sl.lossPct, pct: sl.sellPct }
        : { kind: 'trail', token, dropPct: PRESET_TRAIL.dropPct, pct: PRESET_TRAIL.sellPct },
  );
  await created(ctx, o);
});

priv.command('autotpsl', async (ctx) => {
  const arg = ctx.match.trim();
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  if (/^off$/i.test(arg)) {
    await ctx.services.store.saveSettings(user.telegramId, { ...s, autoTpSl: null });
    await ctx.reply('Automatic TP/SL is off.');
    return;
  }
  const m = new RegExp(String.raw`^\+?${NUM}%\s+${NUM}%\s+[-−]${NUM}%\s+${NUM}%$`).exec(arg);
  const nums = m?.slice(1).map(Number);
  const usage =
    'Usage: <code>/autotpsl +100% 50% -30% 100%</code> (take profit: gain, share; stop loss: loss, share) or <code>/autotpsl off</code>';
  if (!nums) return void (await ctx.reply(usage, { parse_mode: 'HTML' }));
  const autoTpSl = { tp: { gainPct: nums[0]!, sellPct: nums[1]! }, sl: { lossPct: nums[2]!, sellPct: nums[3]! } };
  try {
    // the bounds of every TP and SL (orders/spec.ts), said as a TP or SL set by hand says them
    checkAutoTpSl(autoTpSl);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return void (await ctx.reply(`${esc(e.message)}\n${usage}`, { parse_mode: 'HTML' }));
  }
  await ctx.services.store.saveSettings(user.telegramId, { ...s, autoTpSl });
  const held = s.slHoldBlocks > 1 ? ` once the price holds there ${s.slHoldBlocks} blocks (/slhold)` : '';
  await ctx.reply(
    `Automatic TP/SL is on: after every buy, take profit at +${nums[0]}% (sell ${nums[1]}%) and stop loss at −${nums[2]}% (sell ${nums[3]}%${held}), from the new average entry.`,
  );
});

priv.command('slhold', async (ctx) => {
  const arg = ctx.match.trim();
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  if (!/^\d+$/.test(arg)) {
    await ctx.reply(
      `Stop-loss: ${slHoldText(s.slHoldBlocks)}.\nUsage: <code>/slhold N</code> (1 to ${MAX_HOLD_BLOCKS} blocks of ~3 s; 1 = at once)`,
      { parse_mode: 'HTML' },
    );
    return;
  }
  const slHoldBlocks = Number(arg);
  checkHoldBlocks(slHoldBlocks);
  await ctx.services.store.saveSettings(user.telegramId, { ...s, slHoldBlocks });
  await ctx.reply(
    `✅ Stop-loss: ${slHoldText(slHoldBlocks)}.\nThis is for new stop-losses (the automatic SL, and /sl without <code>hold:</code>); those already set keep theirs.`,
    { parse_mode: 'HTML' },
  );
});
