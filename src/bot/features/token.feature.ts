// Token cards: /token ADDRESS, a pasted address, and the card's Refresh button.
import { Composer } from 'grammy';
import type { BotContext } from '../context.js';
import { cardData } from '../callback-data/index.js';
import { TRON_ADDRESS } from '../helpers.js';
import { addressArg, notAnAddress, showCard } from '../token-card.js';
import { isBase58Address } from '../../tron/address.js';

export const tokenFeature = new Composer<BotContext>();

tokenFeature.command('token', async (ctx) => {
  const address = await addressArg(ctx, ctx.match, ctx.t('card-usage'));
  if (address) await showCard(ctx, address, false);
});

tokenFeature.callbackQuery(cardData.filter(), (ctx) => {
  const { token, interval } = cardData.unpack(ctx.match);
  return showCard(ctx, token, true, interval ?? '1h');
});

/** A message that is just an address (private chats: anywhere in the text) opens the card. */
tokenFeature.on('message:text', async (ctx, next) => {
  const text = ctx.message.text.trim();
  if (text.startsWith('/')) return next();
  const found = ctx.chat.type === 'private' ? TRON_ADDRESS.exec(text)?.[0] : /^T\w{33}$/.test(text) ? text : undefined;
  if (!found) return next();
  if (!isBase58Address(found)) {
    await ctx.reply(notAnAddress(ctx));
    return;
  }
  await showCard(ctx, found, false);
});
