// /wallet: address, balance, energy and bandwidth (read from the node), positions; new, import, export,
// switch, withdraw, remove. Private chats only (a group is told to open one). Export, withdraw, import,
// switch and remove pass the PIN's gate (pin-gate.ts): a PIN unlocked in the last two minutes, and no
// hold running.
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.js';
import { walletResourceLines } from '../energy-text.js';
import { esc, trx } from '../format.js';
import { GROUPS, editOwned, privateOnly, replyOwned, userOf } from '../helpers.js';
import { walletMenuData, walletPickData, type WalletAction, type WalletPick } from '../callback-data/index.js';
import { removeWalletKeyboard, walletKeyboard, walletListKeyboard, walletText } from '../account-text.js';
import { blockText, pinGate } from '../pin-gate.js';
import { UserError } from '../../trading/accounts.js';
import type { WalletRemoval } from '../../trading/store.js';
import { friendly } from '../../trading/trade-flow.js';

/** How long an exported key stays in the chat (the texts say it too). */
const EXPORT_TTL_MS = 60_000;
const EXPORT_TTL = `${EXPORT_TTL_MS / 1000} seconds`;
const IMPORT_PROMPT_MS = 5 * 60_000;

/** Why a wallet is not removed, in words. */
const NOT_REMOVED: Record<WalletRemoval, string> = {
  none: 'No such wallet',
  only: 'This is your only wallet: it cannot be removed.',
  active: 'This is your active wallet: switch to another one first.',
  orders: 'Open orders trade this wallet: cancel them first (/orders).',
  rules: 'Snipe or copy rules trade this wallet: delete them first (/snipe, /copy).',
  trading: 'A trade of this wallet is under way: try again once it is done.',
};

async function view(ctx: BotContext, edit: boolean) {
  const user = await userOf(ctx);
  const { accounts, store } = ctx.services;
  const wallet = await accounts.activeWallet(user);
  const all = await store.wallets(user.telegramId);
  let text: string;
  // the wallet's energy and bandwidth from the node itself; a node that does not answer is said, not fatal
  const resources = ctx.services.energy.wallet(wallet.address).catch(() => undefined);
  try {
    const w = await accounts.clientFor(user).getWallet(wallet.address);
    const index = all.findIndex((x) => x.id === wallet.id) + 1;
    text = walletText(w, index, all.length, walletResourceLines(await resources));
  } catch (e) {
    text = `<code>${esc(wallet.address)}</code>\n\n⚠️ ${esc(friendly(e))}`;
  }
  if (edit) await editOwned(ctx, text, walletKeyboard());
  else await replyOwned(ctx, text, walletKeyboard());
}

export const walletFeature = new Composer<BotContext>();
const priv = walletFeature.chatType('private');
// a wallet is never shown nor changed in a group
walletFeature.chatType(GROUPS).command('wallet', (ctx) => privateOnly(ctx));
walletFeature
  .chatType(GROUPS)
  .callbackQuery([walletMenuData.filter(), walletPickData.filter()], (ctx) => privateOnly(ctx));

/** A button of the wallet's menu. */
const menu = (action: WalletAction) => walletMenuData.filter({ action });
/** A wallet's own button; its handler reads the wallet with `pickedWallet`. */
const pick = (p: WalletPick) => walletPickData.filter({ pick: p });

priv.command('wallet', (ctx) => view(ctx, false));
/** /wallet's message (the start message's 👛 button too; private chats only). */
export const showWallet = (ctx: BotContext) => view(ctx, false);
priv.callbackQuery(menu('r'), async (ctx) => {
  await view(ctx, true);
  await ctx.answerCallbackQuery();
});

priv.callbackQuery(menu('new'), async (ctx) => {
  const user = await userOf(ctx);
  await ctx.services.accounts.newWallet(user);
  await ctx.answerCallbackQuery({ text: 'New wallet created and made active' });
  await view(ctx, true);
});

priv.callbackQuery(menu('imp'), async (ctx) => {
  if (!(await pinGate(ctx, 'wallet'))) return;
  await ctx.conversation.exitAll();
  await ctx.services.store.setPendingInput(ctx.from.id, 'import', ctx.chat.id, ctx.services.now() + IMPORT_PROMPT_MS);
  await ctx.answerCallbackQuery();
  await ctx.reply(
    '📥 Send me the private key to import (64 hexadecimal characters). I delete your message as soon as I read it. /cancel to stop.',
  );
});

/** Asks which wallet: a button per wallet, to `action` it. */
async function chooseWallet(ctx: BotContext, prompt: string, action: Exclude<WalletPick, 'rmok'>): Promise<void> {
  if (!(await pinGate(ctx, 'wallet'))) return;
  const user = await userOf(ctx);
  await ctx.answerCallbackQuery();
  const wallets = await ctx.services.store.wallets(user.telegramId);
  await replyOwned(ctx, prompt, walletListKeyboard(wallets, user.activeWalletId, action));
}

/** The user's wallet a button names, once the PIN's gate let it through; undefined (and said) otherwise. */
async function pickedWallet(ctx: BotContext & { match: string | RegExpMatchArray }) {
  if (!(await pinGate(ctx, 'wallet'))) return undefined;
  const user = await userOf(ctx);
  const w = await ctx.services.store.wallet(user.telegramId, walletPickData.unpack(ctx.match).id);
  if (w && w.removedAt === null) return { user, w };
  await ctx.answerCallbackQuery({ text: 'No such wallet' });
  return undefined;
}

priv.callbackQuery(menu('sw'), (ctx) => chooseWallet(ctx, 'Choose the active wallet:', 'use'));

priv.callbackQuery(pick('use'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  if (!(await ctx.services.store.setActiveWallet(picked.user.telegramId, picked.w.id)))
    return ctx.answerCallbackQuery({ text: 'No such wallet' });
  await ctx.answerCallbackQuery({ text: 'Active wallet changed' });
  await view(ctx, true);
});

priv.callbackQuery(menu('exp'), (ctx) =>
  chooseWallet(
    ctx,
    `⚠️ <b>Export a private key?</b>\nAnyone who sees it controls the wallet. I delete the message after ${EXPORT_TTL}. Choose the wallet:`,
    'expok',
  ),
);

priv.callbackQuery(pick('expok'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  const { w } = picked;
  const { store, accounts, now } = ctx.services;
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

priv.callbackQuery(menu('rm'), (ctx) =>
  chooseWallet(ctx, '🗑 <b>Remove a wallet from the bot?</b> Choose the wallet (not the active one):', 'rm'),
);

// the warning, with what the wallet holds; nothing is removed before "Remove for good"
priv.callbackQuery(pick('rm'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  const { user, w } = picked;
  const why = await ctx.services.store.walletRemoval(user.telegramId, w.id);
  if (why) return ctx.answerCallbackQuery({ text: NOT_REMOVED[why], show_alert: true });
  await ctx.answerCallbackQuery();
  const holds = await ctx.services.accounts
    .clientFor(user)
    .getWallet(w.address)
    .then(
      (v) => `It holds <b>${trx(v.trxBalance)}</b>${v.positions.length ? ` and ${v.positions.length} token(s)` : ''}.`,
    )
    .catch(() => 'I could not read what it holds.');
  await editOwned(
    ctx,
    [
      `⚠️ <b>Remove wallet <code>${esc(w.address)}</code>?</b>`,
      holds,
      '',
      'Its private key is erased from the bot <b>for good</b>. Unless you exported it, whatever this wallet holds, now or sent to it later, can never be moved again.',
    ].join('\n'),
    removeWalletKeyboard(w.id),
  );
});

priv.callbackQuery(pick('rmok'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  const done = await ctx.services.accounts.removeWallet(picked.user, picked.w.id);
  if (done !== 'removed') return ctx.answerCallbackQuery({ text: NOT_REMOVED[done], show_alert: true });
  await ctx.answerCallbackQuery({ text: 'Wallet removed' });
  await view(ctx, true);
});

priv.callbackQuery(menu('no'), async (ctx) => {
  await ctx.answerCallbackQuery({ text: 'Cancelled' });
  await ctx.deleteMessage().catch(() => undefined);
});

priv.callbackQuery(menu('wd'), async (ctx) => {
  if (!(await pinGate(ctx, 'wallet'))) return;
  await ctx.answerCallbackQuery();
  await ctx.conversation.enter('withdraw');
});

/** The answer to the import prompt: read, delete at once, store sealed. Runs before conversations. */
export const secretInput = new Composer<BotContext>();
secretInput.chatType('private').on('message:text', async (ctx, next) => {
  const { store, now, accounts, pins } = ctx.services;
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
    // a hold or a lock that began since the prompt (the unlock may have run out meanwhile: it opened the prompt)
    const why = pins.blocked(user, 'wallet');
    if (why && why !== 'locked') {
      await ctx.reply(`${blockText(why, pins, user)} (I deleted your message.)`);
      return;
    }
    const w = await accounts.importWallet(user, ctx.message.text);
    await ctx.reply(`✅ Imported <code>${esc(w.address)}</code> and made it your active wallet.`, {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text('👛 Open wallet', walletMenuData.build({ action: 'r' })),
    });
  } catch (e) {
    await ctx.reply(
      e instanceof UserError
        ? `${e.message} (I deleted your message.) Tap Import to try again.`
        : 'Import failed; please try again.',
    );
  }
});
