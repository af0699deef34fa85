// Builds the bot from its dependencies: features installed in order, a guard for shared chats,
// conversations with storage in SQLite, auto-retry and a throttler for Telegram's limits.
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations, createConversation } from '@grammyjs/conversations';
import { sequentialize } from '@grammyjs/runner';
import { telegramThrottler } from './throttle.js';
import { Bot, type Api, type Transformer } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext, BotServices } from './context.js';
import { alertToggleData } from './callback-data/index.js';
import { errorBoundary } from './error-boundary.js';
import { isLateAnswer } from './refusals.js';
import { withSpeech } from './i18n.js';
import { shedSpam, type SpamLimits } from './spam.js';
import { customAmount, editSetting, withdraw } from './conversations.js';
import { languageFeature } from './features/language.feature.js';
import { listsFeature } from './features/lists.feature.js';
import { ordersFeature } from './features/orders.feature.js';
import { snipeFeature } from './features/snipe.feature.js';
import { adminFeature } from './features/admin.feature.js';
import { appFeature } from './features/app.feature.js';
import { alertsFeature } from './features/alerts.feature.js';
import { positionsFeature } from './features/positions.feature.js';
import { settingsFeature } from './features/settings.feature.js';
import { startFeature } from './features/start.feature.js';
import { COMMANDS } from './commands.js';
import { tokenFeature } from './features/token.feature.js';
import { pinFeature } from './features/pin.feature.js';
import { referralFeature } from './features/referral.feature.js';
import { tradeFeature } from './features/trade.feature.js';
import { secretInput, walletFeature } from './features/wallet.feature.js';
import type { BotStore } from './store.js';
import type { SharedRedis } from '../db/redis.js';

export interface BotOptions extends SpamLimits {
  /** Bot API address (tests and self-hosted Bot API servers). */
  apiRoot?: string | undefined;
  /** Skips getMe at start (tests). */
  botInfo?: UserFromGetMe;
  /** Telegram's flood limits; off in tests that drive many updates into one chat. */
  throttle?: boolean;
  /** Counters shared with the other bot instances (REDIS_URL): the users' spam limits, Telegram's flood limits. */
  shared?: SharedRedis | undefined;
}

/** Bump when a conversation's code changes, so stored states of the old code are dropped. */
const CONVERSATION_VERSION = 3; // 2: dialogues are kept per chat and person; 3: editSetting and withdraw ask the PIN's gate

/** What each bot's Api goes through (conversations add them to the Api objects they make). */
const transformersOf = new WeakMap<Bot<BotContext>, Transformer[]>();

/**
 * The bot, before its features: its Api (with auto-retry and Telegram's flood limits) is what the
 * trading side's notifiers send through. installBot adds the features once the services exist.
 */
export function createBot(token: string, options: BotOptions = {}): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    client: { ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}) },
  });
  const transformers = telegramTransformers(options.throttle !== false, options.shared);
  bot.api.config.use(...transformers);
  transformersOf.set(bot, transformers);
  return bot;
}

/** The bot's features, in order, over its services. */
export function installBot(bot: Bot<BotContext>, services: BotServices, options: BotOptions = {}): Bot<BotContext> {
  const transformers = transformersOf.get(bot) ?? [];
  // updates of one chat in order (the runner processes chats in parallel)
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  bot.use(async (ctx, next) => {
    ctx.services = services;
    await next();
  });
  // the language of the update (the chat's choice, else Telegram's language_code) and its formats
  bot.use(services.languages.i18n.middleware(), withSpeech);
  bot.use(...shedSpam(services, options, options.shared));
  bot.on('callback_query', ownersOnly);
  // secrets are read before the conversations plugin can store the update
  bot.use(secretInput);
  installConversations(bot, services, transformers);

  bot.use(
    adminFeature,
    languageFeature,
    startFeature,
    appFeature,
    referralFeature,
    pinFeature,
    walletFeature,
    tradeFeature,
    listsFeature,
    settingsFeature,
    positionsFeature,
    ordersFeature,
    snipeFeature,
    alertsFeature,
    tokenFeature,
  );

  // anything left: answer stray buttons, help with stray text
  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: ctx.t('bot-expired') }));
  bot.chatType('private').on('message:text', (ctx) => ctx.reply(ctx.t('bot-stray-text')));
  bot.catch(errorBoundary(services));
  return bot;
}

/**
 * What every call to Telegram goes through, for the bot's own Api and every conversation's alike
 * (conversations build an Api object of their own). The throttler is made once here: Telegram's
 * limits are per bot and per chat, so a throttler per Api object would let a conversation and a
 * notifier each send their full share to the same chat at once.
 */
function telegramTransformers(throttle: boolean, shared: SharedRedis | undefined): Transformer[] {
  const transformers: Transformer[] = [
    autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }),
    // a tap answered too late (or twice) is no failure of the update: the work is done, the spinner
    // on the user's button has long stopped; say nothing more
    async (prev, method, payload, signal) => {
      const res = await prev(method, payload, signal);
      if (method === 'answerCallbackQuery' && !res.ok && isLateAnswer(res.description))
        return { ok: true, result: true as never };
      return res;
    },
  ];
  if (throttle) transformers.push(telegramThrottler(shared));
  return transformers;
}

/**
 * In groups, only the user a message's buttons belong to may press them; a message whose owner was
 * not recorded is nobody's (it fails closed: no member's tap acts on it).
 */
async function ownersOnly(ctx: BotContext, next: () => Promise<void>): Promise<void> {
  const msg = ctx.callbackQuery?.message;
  if (msg && msg.chat.type !== 'private') {
    const owner = await ctx.services.store.ownerOf(msg.chat.id, msg.message_id);
    // the alerts' settings belong to the chat, and their feature lets only the chat's admins change them
    const chatWide = owner === undefined && alertToggleData.parse(ctx.callbackQuery?.data) !== undefined;
    if (!chatWide && owner !== ctx.from?.id) {
      await ctx.answerCallbackQuery({ text: ctx.t('bot-not-yours'), show_alert: true });
      return;
    }
  }
  await next();
}

/** The conversations plugin with its stored state, the global /cancel, and the dialogues. */
function installConversations(bot: Bot<BotContext>, services: BotServices, transformers: Transformer[]): void {
  bot.use(
    conversations<BotContext, BotContext>({
      storage: {
        type: 'key',
        version: CONVERSATION_VERSION,
        adapter: services.store.conversationStorage(),
        // a dialogue belongs to the person who started it: in a group, another member's message or tap
        // goes to their own (empty) dialogue, never into this one
        getStorageKey: (ctx) => (ctx.chatId !== undefined && ctx.from ? `${ctx.chatId}:${ctx.from.id}` : undefined),
      },
      plugins: [
        async (ctx, next) => {
          ctx.api.config.use(...transformers);
          await next();
        },
        // a dialogue speaks the chat's language as the rest of the bot does
        services.languages.i18n.middleware(),
        withSpeech,
      ],
    }),
  );
  // a global /cancel, ahead of the conversations so it is never taken as an answer
  bot.command('cancel', async (ctx) => {
    await ctx.conversation.exitAll();
    if (ctx.from) await services.store.clearPendingInput(ctx.from.id);
    await ctx.reply(ctx.t('bot-cancelled'));
  });
  bot.use(createConversation(customAmount, 'customAmount'));
  bot.use(createConversation(withdraw, 'withdraw'));
  bot.use(createConversation(editSetting, 'editSetting'));
}

/** How long an instance holds a due delete it claimed before another may take it over (ms). */
const DELETE_LEASE_MS = 60_000;

/** Deletes messages whose time has come (exported keys); returns how many this instance deleted. */
export async function runDueDeletes(api: Api, store: BotStore, now: number): Promise<number> {
  let n = 0;
  for (const d of await store.dueDeletes(now)) {
    // claim: a conditional update moves the row's time a lease on: one instance deletes the message
    if (!(await store.claimDelete(d.id, now, DELETE_LEASE_MS))) continue;
    await api.deleteMessage(d.chatId, d.messageId).catch(() => undefined);
    await store.doneDelete(d.id);
    n++;
  }
  return n;
}

export { COMMANDS };
