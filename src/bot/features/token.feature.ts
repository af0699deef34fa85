// Token cards: /token ADDRESS, a pasted address, and the card's Refresh button.
import { Composer } from 'grammy';
import { ApiError, type Family, type LaunchpadClient, type TokenDetails } from '../../client/index.js';
import type { BotContext } from '../context.js';
import { esc, tokenCard } from '../format.js';
import { editOwned, replyOwned, TRON_ADDRESS, userOf } from '../helpers.js';
import { cardKeyboard } from '../keyboards.js';
import { isBase58Address } from '../../tron/address.js';

/** Finds a token on either launchpad; undefined when neither knows it (or it is no address). */
export async function findToken(
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
    if (edit) await ctx.answerCallbackQuery({ text: 'Token not found', show_alert: true });
    else await ctx.reply(unknownToken(address), { parse_mode: 'HTML' });
  }
  return found;
}

export const NOT_AN_ADDRESS =
  'That does not look like a token address. Tron addresses start with T and have 34 characters.';
export const unknownToken = (a: string) => `I could not find token <code>${esc(a)}</code> on the launchpads.`;

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
    await ctx.reply(NOT_AN_ADDRESS);
    return undefined;
  }
  return arg;
}

export async function showCard(ctx: BotContext, address: string, edit: boolean): Promise<void> {
  const user = await userOf(ctx);
  const client = ctx.services.accounts.clientFor(user);
  // the safety report in parallel (a token the index does not know yet has none)
  const [found, safety] = await Promise.all([
    tokenFor(ctx, client, address, edit),
    client.getTokenSafety(address).catch(() => undefined),
  ]);
  if (!found) return;
  const priv = ctx.chat?.type === 'private';
  const token = found.details.metadata.contractAddress;
  const open = priv ? ctx.services.orders.list(user.telegramId, token).length : 0;
  const text =
    tokenCard(found.details, ctx.services.trxUsd, safety) +
    (open ? `\n\n📋 You have ${open} open order${open === 1 ? '' : 's'} on this token.` : '');
  const kb = cardKeyboard(token, ctx.services.store.settings(user), priv);
  if (edit) {
    const how = await editOwned(ctx, text, kb);
    await ctx.answerCallbackQuery({ text: how === 'unchanged' ? 'Up to date' : 'Updated' });
  } else {
    await replyOwned(ctx, text, kb);
  }
}

export const tokenFeature = new Composer<BotContext>();

tokenFeature.command('token', async (ctx) => {
  const address = await addressArg(ctx, ctx.match, 'Usage: <code>/token ADDRESS</code>');
  if (address) await showCard(ctx, address, false);
});

tokenFeature.callbackQuery(/^r:(T\w{33})$/, (ctx) => showCard(ctx, ctx.match[1]!, true));

/** A message that is just an address (private chats: anywhere in the text) opens the card. */
tokenFeature.on('message:text', async (ctx, next) => {
  const text = ctx.message.text.trim();
  if (text.startsWith('/')) return next();
  const found = ctx.chat.type === 'private' ? TRON_ADDRESS.exec(text)?.[0] : /^T\w{33}$/.test(text) ? text : undefined;
  if (!found) return next();
  if (!isBase58Address(found)) {
    await ctx.reply(NOT_AN_ADDRESS);
    return;
  }
  await showCard(ctx, found, false);
});
