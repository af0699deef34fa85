// Builds the bot from its dependencies: features installed in order, a guard for shared chats,
// conversations with storage in SQLite, auto-retry and a throttler for Telegram's limits.
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations, createConversation } from '@grammyjs/conversations';
import { limit } from '@grammyjs/ratelimiter';
import { sequentialize } from '@grammyjs/runner';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, GrammyError, HttpError, type Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { BotContext, BotServices } from './context.js';
import { customAmount, editSetting, withdraw } from './conversations.js';
import { listsFeature } from './features/lists.feature.js';
import { adminFeature } from './features/admin.feature.js';
import { alertsFeature } from './features/alerts.feature.js';
import { positionsFeature } from './features/positions.feature.js';
import { settingsFeature } from './features/settings.feature.js';
import { COMMANDS, startFeature } from './features/start.feature.js';
import { tokenFeature } from './features/token.feature.js';
import { tradeFeature } from './features/trade.feature.js';
import { secretInput, walletFeature } from './features/wallet.feature.js';
import type { BotStore } from './store.js';

export interface BotOptions {
  /** Bot API address (tests and self-hosted Bot API servers). */
  apiRoot?: string | undefined;
  /** Skips getMe at start (tests). */
  botInfo?: UserFromGetMe;
  /** Telegram's flood limits; off in tests that drive many updates into one chat. */
  throttle?: boolean;
  /** Updates per second accepted from one user (spam shedding); default 3. */
  userRate?: number;
}

/** Bump when a conversation's code changes, so stored states of the old code are dropped. */
const CONVERSATION_VERSION = 1;

export function createBot(token: string, services: BotServices, options: BotOptions = {}): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    client: { ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}) },
  });
  const installTransformers = (api: Api) => {
    api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
    if (options.throttle !== false) api.config.use(apiThrottler());
  };
  installTransformers(bot.api);

  // updates of one chat in order (the runner processes chats in parallel)
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  bot.use(async (ctx, next) => {
    ctx.services = services;
    await next();
  });
  // shed spam: a few updates per second per user; a dropped tap still gets its answer
  bot.use(
    limit({
      timeFrame: 1000,
      limit: options.userRate ?? 3,
      keyGenerator: (ctx) => ctx.from?.id.toString(),
      onLimitExceeded: (ctx) => {
        if (ctx.callbackQuery)
          void ctx.answerCallbackQuery({ text: 'Slow down a little, please.' }).catch(() => undefined);
      },
    }),
  );

  // in groups, only the user a message's buttons belong to may press them
  bot.on('callback_query', async (ctx, next) => {
    const msg = ctx.callbackQuery.message;
    if (msg && msg.chat.type !== 'private') {
      const owner = services.store.ownerOf(msg.chat.id, msg.message_id);
      if (owner !== undefined && owner !== ctx.from.id) {
        await ctx.answerCallbackQuery({ text: 'These buttons belong to the person who asked.', show_alert: true });
        return;
      }
    }
    await next();
  });

  // secrets are read before the conversations plugin can store the update
  bot.use(secretInput);

  bot.use(
    conversations<BotContext, BotContext>({
      storage: { type: 'key', version: CONVERSATION_VERSION, adapter: services.store.conversationStorage() },
      plugins: [
        async (ctx, next) => {
          installTransformers(ctx.api);
          await next();
        },
      ],
    }),
  );
  // a global /cancel, ahead of the conversations so it is never taken as an answer
  bot.command('cancel', async (ctx) => {
    await ctx.conversation.exitAll();
    if (ctx.from) services.store.clearPendingInput(ctx.from.id);
    await ctx.reply('Cancelled.');
  });
  bot.use(createConversation(customAmount, 'customAmount'));
  bot.use(createConversation(withdraw, 'withdraw'));
  bot.use(createConversation(editSetting, 'editSetting'));

  bot.use(
    adminFeature,
    startFeature,
    walletFeature,
    tradeFeature,
    listsFeature,
    settingsFeature,
    positionsFeature,
    alertsFeature,
    tokenFeature,
  );

  // anything left: answer stray buttons, help with stray text
  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: 'This button has expired.' }));
  bot
    .chatType('private')
    .on('message:text', (ctx) => ctx.reply('Paste a token address to see its card, or send /help.'));

  bot.catch(async (err) => {
    const e = err.error;
    const kind =
      e instanceof GrammyError
        ? `telegram: ${e.description}`
        : e instanceof HttpError
          ? 'network'
          : (e as Error)?.message;
    // the update itself is not logged: it may hold a user's message
    services.logger.error({ updateId: err.ctx.update.update_id, kind }, 'update failed');
    await err.ctx.reply('Sorry, something went wrong on our side. Please try again.').catch(() => undefined);
    if (err.ctx.callbackQuery) await err.ctx.answerCallbackQuery().catch(() => undefined);
  });
  return bot;
}

/** Deletes messages whose time has come (exported keys); returns how many. */
export async function runDueDeletes(api: Api, store: BotStore, now: number): Promise<number> {
  const due = store.dueDeletes(now);
  for (const d of due) {
    await api.deleteMessage(d.chatId, d.messageId).catch(() => undefined);
    store.doneDelete(d.id);
  }
  return due.length;
}

export { COMMANDS };
