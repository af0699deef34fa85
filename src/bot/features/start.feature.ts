// /start and /help. A new user gets a facade key (kept sealed) and a first wallet; one who came
// through a referral or share link is bound to its owner first and gets the referee's discount. A
// user without a PIN is asked to set one before the first deposit. /start is a short welcome (the
// wallet, how to fund it) with buttons to the main places; /help is a page of how to trade with a
// button per topic, each topic a page of its commands (edited in place, with a way back).
import { Composer, InlineKeyboard } from 'grammy';
import { helpPageData, startMenuData } from '../callback-data/index.js';
import { HELP_TOPICS, commandMenu, type HelpTopic } from '../commands.js';
import type { BotContext } from '../context.js';
import { esc } from '../format.js';
import { editOwned, privateOnly, replyOwned } from '../helpers.js';
import type { Speech } from '../i18n.js';
import { joinUser } from '../../trading/join.js';
import { parseStart } from '../referrals.js';
import { showCard } from '../token-card.js';
import { showList } from './lists.feature.js';
import { showSettings } from './settings.feature.js';
import { showWallet } from './wallet.feature.js';

/** The start message's buttons: the main places. */
export const startKeyboard = (s: Speech): InlineKeyboard =>
  new InlineKeyboard()
    .text(s.t('start-btn-new'), startMenuData.build({ place: 'new' }))
    .text(s.t('start-btn-top'), startMenuData.build({ place: 'top' }))
    .row()
    .text(s.t('start-btn-wallet'), startMenuData.build({ place: 'wallet' }))
    .text(s.t('start-btn-settings'), startMenuData.build({ place: 'settings' }))
    .row()
    .text(s.t('start-btn-help'), startMenuData.build({ place: 'help' }));

/** The welcome: the wallet's address, the PIN reminder (none set yet), how to fund it and trade. */
export function welcomeText(
  s: Speech,
  w: { address: string; created: boolean; hasPin: boolean; discountPct: number },
): string {
  return [
    w.created ? s.t('start-welcome-new') : s.t('start-welcome-back'),
    `<code>${esc(w.address)}</code>`,
    '',
    ...(w.hasPin ? [] : [s.t('start-pin')]),
    s.t('start-fund'),
    s.t('start-trade'),
    ...(w.discountPct > 0 ? ['', s.t('start-discount', { pct: s.n.pct(w.discountPct) })] : []),
  ].join('\n');
}

/** A topic's button. */
const topicLabel = (s: Speech, topic: HelpTopic): string => {
  switch (topic) {
    case 'trading':
      return s.t('help-btn-trading');
    case 'orders':
      return s.t('help-btn-orders');
    case 'automation':
      return s.t('help-btn-automation');
    case 'wallet':
      return s.t('help-btn-wallet');
    case 'groups':
      return s.t('help-btn-groups');
  }
};

/** A topic's page title and its line on what the topic is for. */
const topicHead = (s: Speech, topic: HelpTopic): [string, string] => {
  switch (topic) {
    case 'trading':
      return [s.t('help-trading-title'), s.t('help-trading-intro')];
    case 'orders':
      return [s.t('help-orders-title'), s.t('help-orders-intro')];
    case 'automation':
      return [s.t('help-automation-title'), s.t('help-automation-intro')];
    case 'wallet':
      return [s.t('help-wallet-title'), s.t('help-wallet-intro')];
    case 'groups':
      return [s.t('help-groups-title'), s.t('help-groups-intro')];
  }
};

const TOPICS = Object.keys(HELP_TOPICS) as HelpTopic[];

/** /help's first page: how to trade, in three steps. */
export const helpText = (s: Speech): string =>
  [s.t('help-title'), s.t('help-step-1'), s.t('help-step-2'), s.t('help-step-3'), '', s.t('help-topics')].join('\n');

/** The first page's buttons: one per topic, two a row. */
export const helpKeyboard = (s: Speech): InlineKeyboard => {
  const kb = new InlineKeyboard();
  TOPICS.forEach((topic, i) => {
    kb.text(topicLabel(s, topic), helpPageData.build({ page: topic }));
    if (i % 2 === 1) kb.row();
  });
  return kb;
};

/** A topic's page: its title, a line on what it is for, and its commands with their descriptions. */
export function topicText(s: Speech, topic: HelpTopic): string {
  const described = new Map(commandMenu(s).map((c) => [c.command, c.description]));
  const [title, intro] = topicHead(s, topic);
  return [
    title,
    intro,
    '',
    ...HELP_TOPICS[topic].map((command) => `/${command} — ${esc(described.get(command) ?? '')}`),
  ].join('\n');
}

const backKeyboard = (s: Speech) =>
  new InlineKeyboard().text(s.t('help-btn-back'), helpPageData.build({ page: 'home' }));

/** /help's first page as a new message (its buttons the asker's own in a group). */
const sendHelp = (ctx: BotContext) => replyOwned(ctx, helpText(ctx), helpKeyboard(ctx));

export const startFeature = new Composer<BotContext>();

startFeature.command('start', async (ctx) => {
  if (!ctx.from) return;
  // a deep link: t.me/<bot>?start=<token> (an alert), r_<code> (a referral), t_<token>_<code> (a share)
  const link = parseStart(ctx.match);
  const { user, created, discountPct } = await joinUser(
    ctx.services,
    { id: ctx.from.id, username: ctx.from.username },
    link.code && link.via ? { code: link.code, via: link.via } : undefined,
  );
  // an address (and what it holds) is never posted in a group: the wallet is shown in private only
  if (ctx.chat?.type !== 'private') {
    if (link.token) await showCard(ctx, link.token, false);
    else await ctx.reply(ctx.t('start-group'));
    return;
  }
  if (!created && link.token) {
    await showCard(ctx, link.token, false);
    return;
  }
  const wallet = await ctx.services.accounts.activeWallet(user);
  await ctx.reply(welcomeText(ctx, { address: wallet.address, created, hasPin: Boolean(user.pinHash), discountPct }), {
    parse_mode: 'HTML',
    reply_markup: startKeyboard(ctx),
  });
  if (link.token) await showCard(ctx, link.token, false);
});

startFeature.command('help', (ctx) => sendHelp(ctx));

// the start message's buttons: each opens its place as its command does
startFeature.callbackQuery(startMenuData.filter(), async (ctx) => {
  const { place } = startMenuData.unpack(ctx.match);
  const group = ctx.chat?.type !== 'private';
  if (group && (place === 'wallet' || place === 'settings')) {
    await privateOnly(ctx);
    return;
  }
  await ctx.answerCallbackQuery();
  switch (place) {
    case 'new':
    case 'top':
      await showList(ctx, place);
      return;
    case 'wallet':
      await showWallet(ctx);
      return;
    case 'settings':
      await showSettings(ctx);
      return;
    case 'help':
      await sendHelp(ctx);
      return;
  }
});

// /help's pages, edited in place
startFeature.callbackQuery(helpPageData.filter(), async (ctx) => {
  const { page } = helpPageData.unpack(ctx.match);
  if (page === 'home') await editOwned(ctx, helpText(ctx), helpKeyboard(ctx));
  else await editOwned(ctx, topicText(ctx, page), backKeyboard(ctx));
  await ctx.answerCallbackQuery();
});
