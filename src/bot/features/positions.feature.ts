// /positions: what the active wallet holds, its value now, its cost from the user's own trades and
// the profit or loss, rendered (the sums are src/trading/pnl.ts's).
import { Composer, InputFile } from 'grammy';
import { renderPnl } from '../../charts/render.js';
import type { BotContext } from '../context.js';
import { compact, esc, trx } from '../format.js';
import { editOwned, replyOwned, userOf } from '../helpers.js';
import { positionsKeyboard } from '../orders-text.js';
import { pnlData, positionsData } from '../callback-data/index.js';
import { firstBuyAt, perToken, positions } from '../../trading/pnl.js';

export const positionsFeature = new Composer<BotContext>();

/** The active wallet as the facade sees it, and its trades (all, or one token's). */
async function walletWithTrades(ctx: BotContext, tokenAddress?: string) {
  const user = await userOf(ctx);
  const client = ctx.services.accounts.clientFor(user);
  const wallet = await ctx.services.accounts.activeWallet(user);
  const [w, trades] = await Promise.all([
    client.getWallet(wallet.address),
    client.getUserTrades(wallet.address, { ...(tokenAddress ? { tokenAddress } : {}), limit: 200 }),
  ]);
  return { wallet, w, trades };
}

async function showPositions(ctx: BotContext, edit: boolean): Promise<void> {
  const { wallet, w, trades } = await walletWithTrades(ctx);
  const list = positions(w, trades).slice(0, 20);
  const sign = (n: number) => (n >= 0 ? '+' : '');
  const lines = list.length
    ? list.map((p) =>
        [
          `<b>$${esc(p.symbol)}</b> — ${compact(p.balance)}`,
          `  value ${trx(Math.round(p.valueTrx * 1e4) / 1e4)} · cost ${trx(Math.round(p.costTrx * 1e4) / 1e4)}`,
          `  PnL ${sign(p.pnlTrx)}${trx(Math.round(p.pnlTrx * 1e4) / 1e4)}${p.pnlPct === null ? '' : ` (${sign(p.pnlPct)}${p.pnlPct.toFixed(2)}%)`}`,
        ].join('\n'),
      )
    : ['No positions yet. Paste a token address to trade.'];
  const text = ['<b>📊 Positions</b>', `<code>${esc(wallet.address)}</code>`, '', ...lines].join('\n');
  const kb = positionsKeyboard(list);
  if (!edit) {
    await replyOwned(ctx, text, kb);
    return;
  }
  const how = await editOwned(ctx, text, kb);
  await ctx.answerCallbackQuery({ text: how === 'unchanged' ? 'Up to date' : 'Updated' });
}

/**
 * A position's PnL card: token, entry, now, PnL in TRX and percent, how long held; no wallet address
 * on it, so it can be shared.
 */
async function sharePnl(ctx: BotContext, token: string): Promise<void> {
  const { w, trades } = await walletWithTrades(ctx, token);
  const p = positions(w, trades).find((x) => x.token === token);
  if (!p || p.balance <= 0) {
    await ctx.answerCallbackQuery({ text: 'No position in this token', show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const firstBuy = firstBuyAt(trades);
  const png = renderPnl({
    symbol: p.symbol,
    ...perToken(p),
    pnlTrx: p.pnlTrx,
    pnlPct: p.pnlPct,
    heldMs: firstBuy === undefined ? 0 : Math.max(0, ctx.services.chainNow() - firstBuy),
  });
  await ctx.replyWithPhoto(new InputFile(png, `${p.symbol}-pnl.png`), {
    caption: `$${esc(p.symbol)} PnL`,
    parse_mode: 'HTML',
  });
}

const priv = positionsFeature.chatType('private');
priv.callbackQuery(pnlData.filter(), (ctx) => sharePnl(ctx, pnlData.unpack(ctx.match).token));
priv.command('positions', (ctx) => showPositions(ctx, false));
priv.callbackQuery(positionsData.filter(), (ctx) => showPositions(ctx, true));
