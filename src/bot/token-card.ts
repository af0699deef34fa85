// A token's card, and finding the token a user names: by a command's argument or a button. The
// token, start (deep links), trade and lists features all show or look up tokens through here.
import { ApiError, type Family, type LaunchpadClient, type TokenDetails } from '../client/index.js';
import type { BotContext } from './context.js';
import { esc, tokenCard } from './format.js';
import type { Speech } from './i18n.js';
import { editOwned, replyOwned, userOf } from './helpers.js';
import { cardKeyboard } from './keyboards.js';
import { CARD_CANDLES, type CardInterval } from './charts.js';
import { refusalOf } from './refusals.js';
import { pictureLabels } from './picture-labels.js';
import { isBase58Address } from '../tron/address.js';
import { shareUrl, tokenShareLink } from './referrals.js';
import { opensInTelegram } from './mini-app.js';

/** Finds a token on either launchpad; undefined when neither knows it (or it is no address). */
async function findToken(
  client: LaunchpadClient,
  address: string,
): Promise<{ details: TokenDetails; family: Family } | undefined> {
  if (!isBase58Address(address)) return undefined;
  for (const family of ['launchpad', 'launchpad2'] as const) {
    try {
      return { details: await client.getTokenDetails(address, family), family };
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) throw e;
    }
  }
  return undefined;
}

/**
 * The token for a command or a button, or undefined after telling the user it is unknown (an
 * alert on a button, a reply to a message).
 */
export async function tokenFor(ctx: BotContext, client: LaunchpadClient, address: string, edit: boolean) {
  const found = await findToken(client, address);
  if (!found) {
    if (edit) await ctx.answerCallbackQuery({ text: ctx.t('card-token-not-found'), show_alert: true });
    else await ctx.reply(unknownToken(ctx, address), { parse_mode: 'HTML' });
  }
  return found;
}

/** The answer to a text that is no Tron address. */
export const notAnAddress = (s: Speech): string => s.t('card-not-an-address');
/** The answer to an address neither launchpad knows. */
export const unknownToken = (s: Speech, a: string): string => s.t('card-unknown-token', { address: esc(a) });

/** Parses and checks an address argument; answers the user when it is missing or wrong. */
export async function addressArg(
  ctx: BotContext,
  text: string | undefined,
  usage: string,
): Promise<string | undefined> {
  const arg = (text ?? '').trim().split(/\s+/)[0] ?? '';
  if (!arg) {
    await ctx.reply(usage, { parse_mode: 'HTML' });
    return undefined;
  }
  if (!isBase58Address(arg)) {
    await ctx.reply(notAnAddress(ctx));
    return undefined;
  }
  return arg;
}

/** The Share button's URL: the token's link in the bot, with the card's user's referral code. */
async function shareOf(ctx: BotContext, userId: number, token: string, symbol: string): Promise<string | undefined> {
  const link = tokenShareLink(ctx.me.username, token, await ctx.services.referrals.codeOf(userId));
  // the share dialog's text is plain (no HTML): the symbol goes in as it is
  return link && shareUrl(link, ctx.t('card-share-text', { symbol: `$${symbol.slice(0, 16)}` }));
}

/** Telegram's limit on a caption, counted on what a reader sees. */
const CAPTION_LIMIT = 1024;
const visibleLength = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&(lt|gt|amp|quot);/g, '_').length;

/**
 * A token's card: its chart (candles, volume, curve progress or the DEX) as a photo with the card's
 * text as the caption and the buttons, an interval row switching the chart in place. A text too long
 * for a caption goes in a message of its own after the photo.
 */
export async function showCard(
  ctx: BotContext,
  address: string,
  edit: boolean,
  interval: CardInterval = '1h',
): Promise<void> {
  const user = await userOf(ctx);
  const client = ctx.services.accounts.clientFor(user);
  // the safety report and the candles in parallel (a token the index does not know yet has neither)
  const [found, safety, candles] = await Promise.all([
    tokenFor(ctx, client, address, edit),
    client.getTokenSafety(address).catch(() => undefined),
    client.getCandles(address, interval, { limit: CARD_CANDLES }).catch(() => undefined),
  ]);
  if (!found) return;
  const priv = ctx.chat?.type === 'private';
  const token = found.details.metadata.contractAddress;
  const open = priv ? (await ctx.services.orders.list(user.telegramId, token)).length : 0;
  const text =
    tokenCard(ctx, found.details, ctx.services.trxUsd, safety, ctx.services.networks.nameOf(found.family)) +
    (open ? `\n\n${ctx.t('card-open-orders', { count: open })}` : '');
  const kb = cardKeyboard(
    ctx,
    token,
    ctx.services.store.settings(user),
    priv,
    interval,
    await shareOf(ctx, user.telegramId, token, found.details.metadata.symbol),
    opensInTelegram(ctx.services.appUrl) ? ctx.services.appUrl : undefined,
  );
  if (!candles) {
    // no chart to draw (the index does not have the token yet): the card as text
    if (edit && !ctx.callbackQuery?.message?.photo) {
      const how = await editOwned(ctx, text, kb);
      await ctx.answerCallbackQuery({ text: how === 'unchanged' ? ctx.t('card-up-to-date') : ctx.t('card-updated') });
    } else await replyOwned(ctx, text, kb);
    return;
  }
  const fits = visibleLength(text) <= CAPTION_LIMIT;
  const caption = fits ? text : text.split('\n').slice(0, 2).join('\n');
  const { charts } = ctx.services;
  const pic = charts.chart(found.details, candles, pictureLabels(ctx));
  const fileIdOf = (m: { photo?: Array<{ file_id: string }> } | true) =>
    m === true ? undefined : m.photo?.at(-1)?.file_id;
  if (edit && ctx.callbackQuery?.message?.photo) {
    try {
      const m = await ctx.editMessageMedia(
        { type: 'photo', media: pic.photo, caption, parse_mode: 'HTML' },
        { reply_markup: kb },
      );
      charts.remember(pic.key, fileIdOf(m));
      await ctx.answerCallbackQuery({ text: ctx.t('card-updated') });
      return;
    } catch (e) {
      const refusal = refusalOf(e);
      if (refusal === 'not-modified') {
        await ctx.answerCallbackQuery({ text: ctx.t('card-up-to-date') });
        return;
      }
      if (refusal !== 'message-gone') throw e;
    }
  }
  // a new card: asked for, or the one to edit is gone or is no picture (a page of holders, an old card)
  const sent = await ctx.replyWithPhoto(pic.photo, { caption, parse_mode: 'HTML', reply_markup: kb });
  charts.remember(pic.key, fileIdOf(sent));
  if (ctx.from) await ctx.services.store.own(sent.chat.id, sent.message_id, ctx.from.id);
  if (edit) await ctx.answerCallbackQuery({ text: ctx.t('card-updated') });
  if (!fits) await ctx.reply(text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
}
