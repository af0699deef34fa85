// Small helpers shared by the features.
import type { InlineKeyboard } from 'grammy';
import type { BotContext } from './context.js';
import type { UserRow } from './store.js';
import { clip } from './format.js';

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
  if (keyboard && ctx.from) ctx.services.store.own(msg.chat.id, msg.message_id, ctx.from.id);
  return msg;
}

/** Edits the message a button belongs to (pages, refresh); when it is gone, sends a new one. */
export async function editOwned(ctx: BotContext, text: string, keyboard?: InlineKeyboard) {
  await ctx
    .editMessageText(clip(text), {
      parse_mode: 'HTML',
      link_preview_options: { is_disabled: true },
      ...(keyboard ? { reply_markup: keyboard } : {}),
    })
    .catch(async (e: unknown) => {
      const why = String((e as Error).message);
      // "message is not modified" is not an error for a refresh
      if (why.includes('not modified')) return;
      if (why.includes('not found') || why.includes("can't be edited")) {
        await replyOwned(ctx, text, keyboard);
        return;
      }
      throw e;
    });
}

export const TRON_ADDRESS = /\bT[1-9A-HJ-NP-Za-km-z]{33}\b/;
