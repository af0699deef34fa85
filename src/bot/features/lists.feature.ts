// Holders and trades pages (edited in place), and token lists (/new, /top).
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { holdersPage, tokenList, tradesPage } from '../format.js';
import { editOwned, replyOwned, userOf } from '../helpers.js';
import { pagerKeyboard, tokenListKeyboard } from '../keyboards.js';
import { pageData } from '../callback-data/index.js';
import { addressArg, tokenFor } from '../token-card.js';

const PER_PAGE = 10;
const MAX_PAGE = 50;

async function page(ctx: BotContext, kind: 'holders' | 'trades', token: string, n: number, edit: boolean) {
  const user = await userOf(ctx);
  const client = ctx.services.accounts.clientFor(user);
  const found = await tokenFor(ctx, client, token, edit);
  if (!found) return;
  const { family } = found;
  const symbol = found.details.metadata.symbol;
  // a full page suggests there is a next one (the last may then be empty: "No more …")
  let text: string;
  let more: boolean;
  if (kind === 'holders') {
    const list = await client.getTokenHolders(token, { family, page: n, limit: PER_PAGE });
    more = list.length === PER_PAGE && n < MAX_PAGE;
    text = holdersPage(ctx, symbol, list, n, PER_PAGE);
  } else {
    const list = await client.getRecentTrades(token, n, PER_PAGE);
    more = list.length === PER_PAGE && n < MAX_PAGE;
    text = tradesPage(ctx, symbol, list, n);
  }
  const kb = pagerKeyboard(ctx, kind, token, n, more);
  if (edit) {
    await editOwned(ctx, text, kb);
    await ctx.answerCallbackQuery();
  } else {
    await replyOwned(ctx, text, kb);
  }
}

export const listsFeature = new Composer<BotContext>();

listsFeature.command('holders', async (ctx) => {
  const token = await addressArg(ctx, ctx.match, ctx.t('list-holders-usage'));
  if (token) await page(ctx, 'holders', token, 1, false);
});
listsFeature.command('trades', async (ctx) => {
  const token = await addressArg(ctx, ctx.match, ctx.t('list-trades-usage'));
  if (token) await page(ctx, 'trades', token, 1, false);
});
listsFeature.callbackQuery(pageData.filter(), (ctx) => {
  const { list, token, page: n } = pageData.unpack(ctx.match);
  return page(ctx, list, token, Math.min(MAX_PAGE, Math.max(1, n)), true);
});

/** /new and /top (and the start message's buttons): ten tokens with a button each. */
export async function showList(ctx: BotContext, which: 'new' | 'top'): Promise<void> {
  const sort = which === 'new' ? 'new' : 'volume';
  const title = which === 'new' ? ctx.t('list-new-title') : ctx.t('list-top-title');
  const user = await userOf(ctx);
  const list = await ctx.services.accounts.clientFor(user).listTokens({ sort, limit: 10 });
  await replyOwned(ctx, tokenList(ctx, title, list), tokenListKeyboard(list));
}

listsFeature.command('new', (ctx) => showList(ctx, 'new'));
listsFeature.command('top', (ctx) => showList(ctx, 'top'));
