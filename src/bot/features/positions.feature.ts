// /positions: what the active wallet holds, its value now, the cost basis from the user's own
// trades (average cost, fees included) and the profit or loss.
import { Composer, InputFile } from 'grammy';
import { renderPnl } from '../../charts/render.js';
import type { UserTrade, WalletView } from '../../client/index.js';
import type { BotContext } from '../context.js';
import { compact, esc, trx } from '../format.js';
import { editOwned, replyOwned, userOf } from '../helpers.js';
import { cb, positionsKeyboard } from '../keyboards.js';
import { costBasis } from '../../trading/pnl.js';

export interface Position {
  token: string;
  symbol: string;
  balance: number;
  valueTrx: number;
  /** TRX paid for what is still held (average cost), fees included */
  costTrx: number;
  pnlTrx: number;
  pnlPct: number | null;
}

export function positions(w: WalletView, trades: UserTrade[]): Position[] {
  return w.positions.map((p) => {
    const mine = trades.filter((t) => t.tokenAddress === p.token);
    const { units, costSun } = costBasis(mine);
    // tokens received from elsewhere have no cost; scale the cost to what is held now
    const held = BigInt(p.balanceExact);
    const cost = units > 0n ? Number((costSun * (held < units ? held : units)) / units) / 1e6 : 0;
    const pnl = p.valueInTrx - cost;
    return {
      token: p.token,
      symbol: p.symbol,
      balance: p.balance,
      valueTrx: p.valueInTrx,
      costTrx: cost,
      pnlTrx: pnl,
      pnlPct: cost > 0 ? (pnl / cost) * 100 : null,
    };
  });
}

export const positionsFeature = new Composer<BotContext>();

async function showPositions(ctx: BotContext, edit: boolean): Promise<void> {
  const user = await userOf(ctx);
  const client = ctx.services.accounts.clientFor(user);
  const wallet = ctx.services.accounts.activeWallet(user);
  const [w, trades] = await Promise.all([
    client.getWallet(wallet.address),
    client.getUserTrades(wallet.address, { limit: 200 }),
  ]);
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
  const user = await userOf(ctx);
  const client = ctx.services.accounts.clientFor(user);
  const wallet = ctx.services.accounts.activeWallet(user);
  const [w, trades] = await Promise.all([
    client.getWallet(wallet.address),
    client.getUserTrades(wallet.address, { tokenAddress: token, limit: 200 }),
  ]);
  const p = positions(w, trades).find((x) => x.token === token);
  if (!p || p.balance <= 0) {
    await ctx.answerCallbackQuery({ text: 'No position in this token', show_alert: true });
    return;
  }
  await ctx.answerCallbackQuery();
  const firstBuy = Math.min(...trades.filter((t) => t.type === 'BUY').map((t) => t.timestamp));
  const png = renderPnl({
    symbol: p.symbol,
    entryTrx: p.balance > 0 ? p.costTrx / p.balance : 0,
    nowTrx: p.valueTrx / p.balance,
    pnlTrx: p.pnlTrx,
    pnlPct: p.pnlPct,
    heldMs: Number.isFinite(firstBuy) ? Math.max(0, ctx.services.now() - firstBuy) : 0,
  });
  await ctx.replyWithPhoto(new InputFile(png, `${p.symbol}-pnl.png`), {
    caption: `$${esc(p.symbol)} PnL`,
    parse_mode: 'HTML',
  });
}

const priv = positionsFeature.chatType('private');
priv.callbackQuery(/^pp:(T\w{33})$/, (ctx) => sharePnl(ctx, ctx.match[1]!));
priv.command('positions', (ctx) => showPositions(ctx, false));
priv.callbackQuery(cb.positions, (ctx) => showPositions(ctx, true));
