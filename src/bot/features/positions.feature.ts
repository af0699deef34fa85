// /positions: what the active wallet holds, its value now, its cost from the user's own trades and
// the profit or loss, rendered (the sums are src/trading/pnl.ts's).
import { Composer, InputFile } from 'grammy';
import { renderPnl } from '../../charts/render.js';
import { pictureLabels } from '../picture-labels.js';
import type { BotContext } from '../context.js';
import { esc, networkLine } from '../format.js';
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
  // each token's network, named only when more than one is configured
  const networkOf = (token: string) => ctx.services.networks.nameOf(w.positions.find((x) => x.token === token)?.family);
  // TRX to 4 decimals; a profit with its sign, as a loss has one
  const trx = (n: number) => ctx.n.trxNum(Math.round(n * 1e4) / 1e4);
  const signed = (n: number) => `${n >= 0 ? '+' : ''}${trx(n)}`;
  const lines = list.length
    ? list.map((p) => {
        const pnl = signed(p.pnlTrx);
        const network = networkOf(p.token);
        return [
          ctx.t('pos-head', { symbol: `$${esc(p.symbol)}`, amount: ctx.n.compact(p.balance) }),
          ...(network ? [`  ${networkLine(ctx, network)}`] : []),
          `  ${ctx.t('pos-value', { value: trx(p.valueTrx), cost: trx(p.costTrx) })}`,
          `  ${
            p.pnlPct === null
              ? ctx.t('pos-pnl', { pnl })
              : ctx.t('pos-pnl-pct', { pnl, pct: ctx.n.signedPct(p.pnlPct) })
          }`,
        ].join('\n');
      })
    : [ctx.t('pos-none')];
  const text = [ctx.t('pos-title'), `<code>${esc(wallet.address)}</code>`, '', ...lines].join('\n');
  const kb = positionsKeyboard(ctx, list);
  if (!edit) {
    await replyOwned(ctx, text, kb);
    return;
  }
  const how = await editOwned(ctx, text, kb);
  await ctx.answerCallbackQuery({ text: how === 'unchanged' ? ctx.t('pos-up-to-date') : ctx.t('pos-updated') });
}

/**
 * A position's PnL card: token, entry, now, PnL in TRX and percent, how long held; no wallet address
 * on it, so it can be shared.
 */
async function sharePnl(ctx: BotContext, token: string): Promise<void> {
  const { w, trades } = await walletWithTrades(ctx, token);
  const p = positions(w, trades).find((x) => x.token === token);
  if (!p || p.balance <= 0) {
    await ctx.answerCallbackQuery({ text: ctx.t('pos-no-position'), show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const firstBuy = firstBuyAt(trades);
  const png = renderPnl(
    {
      symbol: p.symbol,
      ...perToken(p),
      pnlTrx: p.pnlTrx,
      pnlPct: p.pnlPct,
      heldMs: firstBuy === undefined ? 0 : Math.max(0, ctx.services.chainNow() - firstBuy),
    },
    pictureLabels(ctx),
  );
  // the picture names the token; the caption names its network too, when there are several
  const network = ctx.services.networks.nameOf(w.positions.find((x) => x.token === token)?.family);
  const caption = ctx.t('pos-pnl-caption', { symbol: `$${esc(p.symbol)}` });
  await ctx.replyWithPhoto(new InputFile(png, `${p.symbol}-pnl.png`), {
    caption: network ? `${caption}\n${networkLine(ctx, network)}` : caption,
    parse_mode: 'HTML',
  });
}

const priv = positionsFeature.chatType('private');
priv.callbackQuery(pnlData.filter(), (ctx) => sharePnl(ctx, pnlData.unpack(ctx.match).token));
priv.command('positions', (ctx) => showPositions(ctx, false));
priv.callbackQuery(positionsData.filter(), (ctx) => showPositions(ctx, true));
