// Small helpers shared by the features.
import { InlineKeyboard } from 'grammy';
import type { BotContext } from './context.js';
import type { UserRow } from './store.js';
import { clip } from './format.js';
import { refusalOf } from './refusals.js';

/** The sender as a bot user (created on first contact). */
export async function userOf(ctx: BotContext): Promise<UserRow> {
  const from = ctx.from!;
  return (await ctx.services.accounts.ensureUser({ id: from.id, username: from.username })).user;
}

/** Replies with buttons that only the sender may press (in groups). */
export async function replyOwned(ctx: BotContext, text: string, keyboard?: InlineKeyboard) {
  const msg = await ctx.reply(clip(text), {
    parse_mode: 'HTML',
    link_preview_options: { is_disabled: true },
    ...(keyboard ? { reply_markup: keyboard } : {}),
  });
  if (keyboard && ctx.from) await ctx.services.store.own(msg.chat.id, msg.message_id, ctx.from.id);
  return msg;
}

/**
 * Edits the message a button belongs to (pages, refresh): 'edited'; 'unchanged' when Telegram says
 * nothing would change; when the message is gone, sends a new one: 'sent'.
 */
export async function editOwned(
  ctx: BotContext,
  text: string,
  keyboard?: InlineKeyboard,
): Promise<'edited' | 'unchanged' | 'sent'> {
  try {
    await ctx.editMessageText(clip(text), {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...(keyboard ? { reply_markup: keyboard } : {}),
    });
    return 'edited';
  } catch (e) {
    const refusal = refusalOf(e);
    if (refusal === 'not-modified') return 'unchanged';
    if (refusal !== 'message-gone') throw e;
    await replyOwned(ctx, text, keyboard);
    return 'sent';
  }
}

/** Whether the sender administers the chat (in a channel, only admins can post anyway); never in private. */
export async function isChatAdmin(ctx: BotContext): Promise<boolean> {
  const chat = ctx.chat;
  if (!chat || chat.type === 'private') return false;
  if (!ctx.from) return chat.type === 'channel';
  const m = await ctx.api.getChatMember(chat.id, ctx.from.id).catch(() => undefined);
  return m?.status === 'creator' || m?.status === 'administrator';
}

/** Group chats: nothing that changes a setting or a wallet is done in one. */
export const GROUPS: Array<'group' | 'supergroup'> = ['group', 'supergroup'];

/**
 * In a group: says that this is done in the private chat (an alert under a button; else a reply with a
 * link there, and `also`, a text in the chat's language, after it).
 */
export async function privateOnly(ctx: BotContext, also?: string): Promise<void> {
  const text = ctx.t('common-open-private');
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery({ text, show_alert: true });
    return;
  }
  await ctx.reply(also ? `${text} ${also}` : text, {
    reply_markup: new InlineKeyboard().url(ctx.t('common-open-private-button'), `https://t.me/${ctx.me.username}`),
  });
}

export const TRON_ADDRESS = /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/;
