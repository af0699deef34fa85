// /wallet: address, balance, energy and bandwidth (read from the node), positions; new, import, export,
// switch, withdraw, remove. Private chats only (a group is told to open one). Export, withdraw, import,
// switch and remove pass the PIN's gate (pin-gate.ts): a PIN unlocked in the last two minutes, and no
// hold running.
import { Composer, InlineKeyboard } from 'grammy';
import type { BotContext } from '../context.js';
import { walletResourceLines } from '../energy-text.js';
import { esc } from '../format.js';
import { GROUPS, editOwned, privateOnly, replyOwned, userOf } from '../helpers.js';
import { walletMenuData, walletPickData, type WalletAction, type WalletPick } from '../callback-data/index.js';
import { removeWalletKeyboard, walletKeyboard, walletListKeyboard, walletText } from '../account-text.js';
import type { Speech } from '../i18n.js';
import { blockText, pinGate } from '../pin-gate.js';
import { UserError } from '../../trading/accounts.js';
import type { WalletRemoval } from '../../trading/store.js';
import { friendly } from '../error-text.js';

/** How long an exported key stays in the chat (the texts say it too). */
const EXPORT_TTL_MS = 60_000;
const exportTtl = (s: Speech) => s.t('common-duration', { unit: 'second', n: EXPORT_TTL_MS / 1000 });
const IMPORT_PROMPT_MS = 5 * 60_000;

/** Why a wallet is not removed, in words. */
function notRemoved(s: Speech, why: WalletRemoval): string {
  switch (why) {
    case 'none':
      return s.t('wallet-none');
    case 'only':
      return s.t('wallet-not-removed-only');
    case 'active':
      return s.t('wallet-not-removed-active');
    case 'orders':
      return s.t('wallet-not-removed-orders');
    case 'rules':
      return s.t('wallet-not-removed-rules');
    case 'trading':
      return s.t('wallet-not-removed-trading');
  }
}

async function view(ctx: BotContext, edit: boolean) {
  const user = await userOf(ctx);
  const { accounts, store } = ctx.services;
  const wallet = await accounts.activeWallet(user);
  const all = await store.wallets(user.telegramId);
  let text: string;
  // the wallet's energy and bandwidth from the node itself; a node that does not answer is said, not fatal
  const resources = ctx.services.energy.wallet(wallet.address).catch(() => undefined);
  // with several networks, the TRX on each, from the bot's own nodes
  const balances = ctx.services.networks.many
    ? ctx.services.balances?.(wallet.address).catch(() => undefined)
    : undefined;
  try {
    const w = await accounts.clientFor(user).getWallet(wallet.address);
    const index = all.findIndex((x) => x.id === wallet.id) + 1;
    text = walletText(ctx, w, index, all.length, walletResourceLines(ctx, await resources), await balances);
  } catch (e) {
    text = `<code>${esc(wallet.address)}</code>\n\n⚠️ ${esc(friendly(ctx, e))}`;
  }
  if (edit) await editOwned(ctx, text, walletKeyboard(ctx));
  else await replyOwned(ctx, text, walletKeyboard(ctx));
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
  await ctx.answerCallbackQuery({ text: ctx.t('wallet-created') });
  await view(ctx, true);
});

priv.callbackQuery(menu('imp'), async (ctx) => {
  if (!(await pinGate(ctx, 'wallet'))) return;
  await ctx.conversation.exitAll();
  await ctx.services.store.setPendingInput(ctx.from.id, 'import', ctx.chat.id, ctx.services.now() + IMPORT_PROMPT_MS);
  await ctx.answerCallbackQuery();
  await ctx.reply(ctx.t('wallet-import-prompt'));
});

/** Asks which wallet: a button per wallet, to `action` it. */
async function chooseWallet(ctx: BotContext, prompt: string, action: Exclude<WalletPick, 'rmok'>): Promise<void> {
  if (!(await pinGate(ctx, 'wallet'))) return;
  const user = await userOf(ctx);
  await ctx.answerCallbackQuery();
  const wallets = await ctx.services.store.wallets(user.telegramId);
  await replyOwned(ctx, prompt, walletListKeyboard(ctx, wallets, user.activeWalletId, action));
}

/** The user's wallet a button names, once the PIN's gate let it through; undefined (and said) otherwise. */
async function pickedWallet(ctx: BotContext & { match: string | RegExpMatchArray }) {
  if (!(await pinGate(ctx, 'wallet'))) return undefined;
  const user = await userOf(ctx);
  const w = await ctx.services.store.wallet(user.telegramId, walletPickData.unpack(ctx.match).id);
  if (w && w.removedAt === null) return { user, w };
  await ctx.answerCallbackQuery({ text: ctx.t('wallet-none') });
  return undefined;
}

priv.callbackQuery(menu('sw'), (ctx) => chooseWallet(ctx, ctx.t('wallet-switch-ask'), 'use'));

priv.callbackQuery(pick('use'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  if (!(await ctx.services.store.setActiveWallet(picked.user.telegramId, picked.w.id)))
    return ctx.answerCallbackQuery({ text: ctx.t('wallet-none') });
  await ctx.answerCallbackQuery({ text: ctx.t('wallet-switched') });
  await view(ctx, true);
});

priv.callbackQuery(menu('exp'), (ctx) =>
  chooseWallet(ctx, ctx.t('wallet-export-ask', { span: exportTtl(ctx) }), 'expok'),
);

priv.callbackQuery(pick('expok'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  const { w } = picked;
  const { store, accounts, now } = ctx.services;
  await ctx.answerCallbackQuery();
  await ctx.editMessageText(ctx.t('wallet-export-sent', { span: exportTtl(ctx) })).catch(() => undefined);
  const title = ctx.t('wallet-key-title', { address: esc(w.address) });
  const footer = ctx.t('wallet-key-deleted-in', { span: exportTtl(ctx) });
  const msg = await accounts.withKey(w, (key) =>
    ctx.reply(
      `${title}\n<tg-spoiler><code>${key}</code></tg-spoiler>\n\n${footer}`,
      // Telegram will not let it be forwarded or saved
      { parse_mode: 'HTML', protect_content: true },
    ),
  );
  await store.scheduleDelete(msg.chat.id, msg.message_id, now() + EXPORT_TTL_MS);
});

priv.callbackQuery(menu('rm'), (ctx) => chooseWallet(ctx, ctx.t('wallet-remove-ask'), 'rm'));

// the warning, with what the wallet holds; nothing is removed before "Remove for good"
priv.callbackQuery(pick('rm'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  const { user, w } = picked;
  const why = await ctx.services.store.walletRemoval(user.telegramId, w.id);
  if (why) return ctx.answerCallbackQuery({ text: notRemoved(ctx, why), show_alert: true });
  await ctx.answerCallbackQuery();
  const holds = await ctx.services.accounts
    .clientFor(user)
    .getWallet(w.address)
    .then((v) => {
      const balance = ctx.n.trxNum(v.trxBalance);
      return v.positions.length
        ? ctx.t('wallet-holds-tokens', { balance, tokens: v.positions.length })
        : ctx.t('wallet-holds', { balance });
    })
    .catch(() => ctx.t('wallet-holds-unknown'));
  await editOwned(
    ctx,
    [ctx.t('wallet-remove-title', { address: esc(w.address) }), holds, '', ctx.t('wallet-remove-warning')].join('\n'),
    removeWalletKeyboard(ctx, w.id),
  );
});

priv.callbackQuery(pick('rmok'), async (ctx) => {
  const picked = await pickedWallet(ctx);
  if (!picked) return;
  const done = await ctx.services.accounts.removeWallet(picked.user, picked.w.id);
  if (done !== 'removed') return ctx.answerCallbackQuery({ text: notRemoved(ctx, done), show_alert: true });
  await ctx.answerCallbackQuery({ text: ctx.t('wallet-removed') });
  await view(ctx, true);
});

priv.callbackQuery(menu('no'), async (ctx) => {
  await ctx.answerCallbackQuery({ text: ctx.t('wallet-cancelled') });
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
    await ctx.reply(ctx.t('wallet-import-expired'));
    return;
  }
  try {
    const user = await userOf(ctx);
    // a hold or a lock that began since the prompt (the unlock may have run out meanwhile: it opened the prompt)
    const why = pins.blocked(user, 'wallet');
    if (why && why !== 'locked') {
      await ctx.reply(`${blockText(ctx, why, pins, user)} ${ctx.t('wallet-import-deleted')}`);
      return;
    }
    const w = await accounts.importWallet(user, ctx.message.text);
    await ctx.reply(ctx.t('wallet-imported', { address: esc(w.address) }), {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text(ctx.t('wallet-btn-open'), walletMenuData.build({ action: 'r' })),
    });
  } catch (e) {
    // the import's refusals (the trading side's reason): not 64 hexadecimal characters, or not a key of the curve
    await ctx.reply(
      !(e instanceof UserError)
        ? ctx.t('wallet-import-failed')
        : e.why.key === 'err-key-invalid'
          ? ctx.t('wallet-import-invalid-key')
          : ctx.t('wallet-import-not-a-key'),
    );
  }
});
