// /wallet: address, balance, positions; new, import, export, switch, withdraw. Private chats only.
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.js';
import { esc, walletText } from '../format.js';
import { editOwned, replyOwned, userOf } from '../helpers.js';
import { cb, walletKeyboard, walletListKeyboard } from '../keyboards.js';
import { UserError } from '../../trading/accounts.js';
import { friendly } from '../../trading/trade-flow.js';

/** How long an exported key stays in the chat (the texts say it too). */
const EXPORT_TTL_MS = 60_000;
const EXPORT_TTL = `${EXPORT_TTL_MS / 1000} seconds`;
const IMPORT_PROMPT_MS = 5 * 60_000;

async function view(ctx: BotContext, edit: boolean) {
  const user = await userOf(ctx);
  const { accounts, store } = ctx.services;
  const wallet = await accounts.activeWallet(user);
  const all = await store.wallets(user.telegramId);
  let text: string;
  try {
    const w = await accounts.clientFor(user).getWallet(wallet.address);
    text = walletText(w, all.findIndex((x) => x.id === wallet.id) + 1, all.length);
  } catch (e) {
    text = `<code>${esc(wallet.address)}</code>\n\n⚠️ ${esc(friendly(e))}`;
  }
  if (edit) await editOwned(ctx, text, walletKeyboard());
  else await replyOwned(ctx, text, walletKeyboard());
}

export const walletFeature = new Composer<BotContext>();
const priv = walletFeature.chatType('private');

priv.command('wallet', (ctx) => view(ctx, false));
priv.callbackQuery('w:r', async (ctx) => {
  await view(ctx, true);
  await ctx.answerCallbackQuery();
});

priv.callbackQuery('w:new', async (ctx) => {
  const user = await userOf(ctx);
  await ctx.services.accounts.newWallet(user);
  await ctx.answerCallbackQuery({ text: 'New wallet created and made active' });
  await view(ctx, true);
});

priv.callbackQuery('w:imp', async (ctx) => {
  await userOf(ctx);
  await ctx.conversation.exitAll();
  await ctx.services.store.setPendingInput(ctx.from.id, 'import', ctx.chat.id, ctx.services.now() + IMPORT_PROMPT_MS);
  await ctx.answerCallbackQuery();
  await ctx.reply(
    '📥 Send me the private key to import (64 hexadecimal characters). I delete your message as soon as I read it. /cancel to stop.',
  );
});

/** Asks which wallet: a button per wallet, to `action` it. */
async function chooseWallet(ctx: BotContext, prompt: string, action: 'use' | 'expok'): Promise<void> {
  const user = await userOf(ctx);
  await ctx.answerCallbackQuery();
  const wallets = await ctx.services.store.wallets(user.telegramId);
  await replyOwned(ctx, prompt, walletListKeyboard(wallets, user.activeWalletId, action));
}

priv.callbackQuery('w:sw', (ctx) => chooseWallet(ctx, 'Choose the active wallet:', 'use'));

priv.callbackQuery(/^w:use:(\d+)$/, async (ctx) => {
  const user = await userOf(ctx);
  const w = await ctx.services.store.wallet(user.telegramId, Number(ctx.match[1]));
  if (!w) return ctx.answerCallbackQuery({ text: 'No such wallet' });
  await ctx.services.store.setActiveWallet(user.telegramId, w.id);
  await ctx.answerCallbackQuery({ text: 'Active wallet changed' });
  await view(ctx, true);
});

priv.callbackQuery('w:exp', (ctx) =>
  chooseWallet(
    ctx,
    `⚠️ <b>Export a private key?</b>\nAnyone who sees it controls the wallet. I delete the message after ${EXPORT_TTL}. Choose the wallet:`,
    'expok',
  ),
);

priv.callbackQuery(/^w:expok:(\d+)$/, async (ctx) => {
  const user = await userOf(ctx);
  const { store, accounts, now } = ctx.services;
  const w = await store.wallet(user.telegramId, Number(ctx.match[1]));
  if (!w) return ctx.answerCallbackQuery({ text: 'No such wallet' });
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(`🔑 Key sent below; it disappears in ${EXPORT_TTL}.`).catch(() => undefined);
  const msg = await accounts.withKey(w, (key) =>
    ctx.reply(
      `<b>Private key</b> of <code>${esc(w.address)}</code>:\n<tg-spoiler><code>${key}</code></tg-spoiler>\n\nThis message is deleted in ${EXPORT_TTL}.`,
      // Telegram will not let it be forwarded or saved
      { parse_mode: 'HTML', protect_content: true },
    ),
  );
  await store.scheduleDelete(msg.chat.id, msg.message_id, now() + EXPORT_TTL_MS);
});

priv.callbackQuery('w:no', async (ctx) => {
  await ctx.answerCallbackQuery({ text: 'Cancelled' });
  await ctx.deleteMessage().catch(() => undefined);
});

priv.callbackQuery('w:wd', async (ctx) => {
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter('withdraw');
});

/** The answer to the import prompt: read, delete at once, store sealed. Runs before conversations. */
export const secretInput = new Composer<BotContext>();
secretInput.chatType('private').on('message:text', async (ctx, next) => {
  const { store, now, accounts } = ctx.services;
  if (ctx.message.text.startsWith('/') || (await store.peekPendingInput(ctx.from.id)) !== 'import') return next();
  // claim: the prompt taken by delete ... returning: one instance reads the key sent
  const pending = await store.takePendingInput(ctx.from.id, now());
  // the key must not stay in the chat, whatever happens next
  await ctx.deleteMessage().catch(() => undefined);
  if (!pending) {
    await ctx.reply('That import prompt expired; tap Import again. (I deleted your message.)');
    return;
  }
  try {
    const user = await userOf(ctx);
    const w = await accounts.importWallet(user, ctx.message.text);
    await ctx.reply(`✅ Imported <code>${esc(w.address)}</code> and made it your active wallet.`, {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text('👛 Open wallet', cb.wallet('r')),
    });
  } catch (e) {
    await ctx.reply(
      e instanceof UserError
        ? `${e.message} (I deleted your message.) Tap Import to try again.`
        : 'Import failed; please try again.',
    );
  }
});
