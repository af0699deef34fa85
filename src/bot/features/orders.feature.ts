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
import { friendly } from '../error-text.js';
import { esc } from '../format.js';
import type { Speech } from '../i18n.js';
import { decimalPoints, orderLine, slHoldText } from '../orders-text.js';
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
  type PriceSpec,
} from '../../trading/orders/index.js';
import { UserError } from '../../trading/accounts.js';
import { parsePriceE18, parseUsdAmount } from '../../trading/price.js';
import type { OrderRow, Settings } from '../../trading/store.js';
import type { Side } from '../../tron/market/index.js';

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const ADDR = String.raw`(T\w{33})`;

/** What the order commands take (the usage, answered to a command that does not read). */
function orderUsage(s: Speech): string {
  return [
    s.t('order-usage-title'),
    s.t('order-usage-limit-buy'),
    s.t('order-usage-limit-sell'),
    `   ${s.t('order-usage-level-mc')}`,
    s.t('order-usage-tp'),
    s.t('order-usage-sl'),
    `   ${s.t('order-usage-sl-hold')}`,
    s.t('order-usage-trail'),
    s.t('order-usage-dca'),
    s.t('order-usage-orders'),
    s.t('order-usage-autotpsl'),
    s.t('order-usage-slhold', { max: MAX_HOLD_BLOCKS }),
  ].join('\n');
}

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

function listKeyboard(sp: Speech, list: OrderRow[], token?: string, s?: Settings): InlineKeyboard {
  const kb = new InlineKeyboard();
  // a row per order, without an empty row after the last (Telegram shows none, but why send one)
  list.forEach((o, i) => {
    if (i) kb.row();
    kb.text(sp.t('order-btn-cancel-n', { n: i + 1 }), orderCancelData.build({ id: o.id }));
    if (o.status === 'paused') kb.text(sp.t('order-btn-resume-n', { n: i + 1 }), orderResumeData.build({ id: o.id }));
  });
  if (token) {
    if (list.length) kb.row();
    const tp = s?.autoTpSl?.tp ?? PRESET_TP;
    const sl = s?.autoTpSl?.sl ?? PRESET_SL;
    const pct = (n: number) => sp.n.pct(n);
    kb.text(
      sp.t('order-btn-preset-tp', { gain: pct(tp.gainPct), share: pct(tp.sellPct) }),
      orderPresetData.build({ kind: 'tp', token }),
    )
      .text(
        sp.t('order-btn-preset-sl', { loss: pct(sl.lossPct), share: pct(sl.sellPct) }),
        orderPresetData.build({ kind: 'sl', token }),
      )
      .row()
      .text(
        sp.t('order-btn-preset-trail', { drop: pct(PRESET_TRAIL.dropPct), share: pct(PRESET_TRAIL.sellPct) }),
        orderPresetData.build({ kind: 'tr', token }),
      )
      .text(sp.t('order-btn-token'), cardData.build({ token }));
  }
  return kb;
}

function listText(s: Speech, list: OrderRow[], now: number, title: string): string {
  if (!list.length) return [title, '', s.t('order-none'), '', orderUsage(s)].join('\n');
  return [title, '', ...list.map((o, i) => `${i + 1}. ${orderLine(s, o, now)}`)].join('\n');
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
  const lines = [ctx.t('order-set'), orderLine(ctx, fresh, orders.now())];
  if (fresh.status === 'executing') lines.push(ctx.t('order-set-executing'));
  await ctx.reply(lines.join('\n'), {
    parse_mode: 'HTML',
    reply_markup: new InlineKeyboard()
      .text(ctx.t('order-btn-cancel'), orderCancelData.build({ id: o.id }))
      .text(ctx.t('order-btn-orders'), ordersData.build({})),
  });
}

/** Reads "/cmd ARGS" with a pattern; answers the usage when it does not match. */
async function args(ctx: BotContext & { match: string }, pattern: RegExp): Promise<RegExpExecArray | undefined> {
  const m = pattern.exec(decimalPoints(ctx.match.trim()));
  if (!m || !isBase58Address(m[1])) {
    await ctx.reply(orderUsage(ctx), { parse_mode: 'HTML' });
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
    await ctx.reply(orderUsage(ctx), { parse_mode: 'HTML' });
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
    await ctx.reply(orderUsage(ctx), { parse_mode: 'HTML' });
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
    ? ctx.t('order-list-title')
    : list[0]
      ? ctx.t('order-list-title-token', { symbol: `$${esc(list[0].symbol)}` })
      : ctx.t('order-list-title-this-token');
  const text = listText(ctx, list, orders.now(), title);
  const kb = listKeyboard(ctx, list, token, ctx.services.store.settings(user));
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
    await ctx.reply(orderUsage(ctx), { parse_mode: 'HTML' });
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
    text:
      r === 'cancelled'
        ? ctx.t('order-cancelled')
        : r === 'executing'
          ? ctx.t('order-cancel-executing')
          : ctx.t('order-cancel-none'),
  });
});

priv.callbackQuery(orderResumeData.filter(), async (ctx) => {
  const ok = await ctx.services.orders.resume(ctx.from.id, orderResumeData.unpack(ctx.match).id);
  await ctx.answerCallbackQuery({ text: ok ? ctx.t('order-resumed') : ctx.t('order-not-paused') });
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
  const arg = decimalPoints(ctx.match.trim());
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  if (/^off$/i.test(arg)) {
    await ctx.services.store.saveSettings(user.telegramId, { ...s, autoTpSl: null });
    await ctx.reply(ctx.t('order-autotpsl-off'));
    return;
  }
  const m = new RegExp(String.raw`^\+?${NUM}%\s+${NUM}%\s+[-−]${NUM}%\s+${NUM}%$`).exec(arg);
  const nums = m?.slice(1).map(Number);
  const usage = ctx.t('order-autotpsl-usage');
  if (!nums) return void (await ctx.reply(usage, { parse_mode: 'HTML' }));
  const autoTpSl = { tp: { gainPct: nums[0]!, sellPct: nums[1]! }, sl: { lossPct: nums[2]!, sellPct: nums[3]! } };
  try {
    // the bounds of every TP and SL (orders/spec.ts), said as a TP or SL set by hand says them
    checkAutoTpSl(autoTpSl);
  } catch (e) {
    if (!(e instanceof UserError)) throw e;
    return void (await ctx.reply(`${esc(friendly(ctx, e))}\n${usage}`, { parse_mode: 'HTML' }));
  }
  await ctx.services.store.saveSettings(user.telegramId, { ...s, autoTpSl });
  const pct = (n: number) => ctx.n.pct(n);
  const terms = { gain: pct(nums[0]!), tpShare: pct(nums[1]!), loss: pct(nums[2]!), slShare: pct(nums[3]!) };
  await ctx.reply(
    s.slHoldBlocks > 1
      ? ctx.t('order-autotpsl-on-held', { ...terms, blocks: s.slHoldBlocks })
      : ctx.t('order-autotpsl-on', terms),
  );
});

priv.command('slhold', async (ctx) => {
  const arg = ctx.match.trim();
  const user = await userOf(ctx);
  const s = ctx.services.store.settings(user);
  if (!/^\d+$/.test(arg)) {
    await ctx.reply(
      [
        ctx.t('order-slhold-now', { rule: slHoldText(ctx, s.slHoldBlocks) }),
        ctx.t('order-slhold-usage', { max: MAX_HOLD_BLOCKS }),
      ].join('\n'),
      { parse_mode: 'HTML' },
    );
    return;
  }
  const slHoldBlocks = Number(arg);
  checkHoldBlocks(slHoldBlocks);
  await ctx.services.store.saveSettings(user.telegramId, { ...s, slHoldBlocks });
  await ctx.reply(
    [ctx.t('order-slhold-set', { rule: slHoldText(ctx, slHoldBlocks) }), ctx.t('order-slhold-set-note')].join('\n'),
    { parse_mode: 'HTML' },
  );
});
