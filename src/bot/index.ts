// Builds the bot from its dependencies: features installed in order, a guard for shared chats,
// conversations with storage in SQLite, auto-retry and a throttler for Telegram's limits.
import { autoRetry } from '@grammyjs/auto-retry';
import { conversations, createConversation } from '@grammyjs/conversations';
import { limit } from '@grammyjs/ratelimiter';
import { sequentialize } from '@grammyjs/runner';
import { apiThrottler } from '@grammyjs/transformer-throttler';
import { Bot, GrammyError, HttpError, type Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import { ApiError } from '../client/index.js';
import { UserError } from '../trading/accounts.js';
import type { BotContext, BotServices } from './context.js';
import { esc } from './format.js';
import { isLateAnswer, refusalOf } from './refusals.js';
import { friendly, TradeError } from '../trading/trade-flow.js';
import { customAmount, editSetting, withdraw } from './conversations.js';
import { listsFeature } from './features/lists.feature.js';
import { ordersFeature } from './features/orders.feature.js';
import { snipeFeature } from './features/snipe.feature.js';
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
  /** Updates per minute accepted from one user; default 40. */
  userRatePerMinute?: number;
}

/** Said once per window to a user whose updates are being dropped. */
export const SLOW_DOWN = '🐢 Slow down a little: I am skipping some of your messages. Try again in a few seconds.';
const SLOW_DOWN_EVERY_MS = 10_000;

/** Bump when a conversation's code changes, so stored states of the old code are dropped. */
const CONVERSATION_VERSION = 1;

export function createBot(token: string, services: BotServices, options: BotOptions = {}): Bot<BotContext> {
  const bot = new Bot<BotContext>(token, {
    ...(options.botInfo ? { botInfo: options.botInfo } : {}),
    client: { ...(options.apiRoot ? { apiRoot: options.apiRoot } : {}) },
  });
  const installTransformers = (api: Api) => {
    api.config.use(autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 30 }));
    // a tap answered too late (or twice) is no failure of the update: the work is done, the spinner
    // on the user's button has long stopped; say nothing more
    api.config.use(async (prev, method, payload, signal) => {
      const res = await prev(method, payload, signal);
      if (method === 'answerCallbackQuery' && !res.ok && isLateAnswer(res.description))
        return { ok: true, result: true as never };
      return res;
    });
    if (options.throttle !== false) api.config.use(apiThrottler());
  };
  installTransformers(bot.api);
  const warnedAt = new Map<number, number>();

  // updates of one chat in order (the runner processes chats in parallel)
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  bot.use(async (ctx, next) => {
    ctx.services = services;
    await next();
  });
  // Shed spam before any work starts: a few updates per second and a few dozen per minute per user.
  // A dropped tap still gets its answer; a flood of messages is told once per 10 s to slow down.
  // (Requests to the API are not limited per call for bot users: see managed keys in the README.)
  const shed = (ctx: BotContext) => {
    if (ctx.callbackQuery) {
      void ctx.answerCallbackQuery({ text: 'Slow down a little, please.' }).catch(() => undefined);
      return;
    }
    const id = ctx.from?.id;
    if (id === undefined || ctx.chat?.type !== 'private') return;
    const now = services.now();
    if (now - (warnedAt.get(id) ?? 0) < SLOW_DOWN_EVERY_MS) return;
    if (warnedAt.size > 10_000) warnedAt.clear();
    warnedAt.set(id, now);
    void ctx.reply(SLOW_DOWN).catch(() => undefined);
  };
  // Confirm and Cancel only settle a quote the user already asked for (cheap, and idempotent below):
  // they are never shed, so a trade is never stopped half-way by the limit.
  const limitedKey = (ctx: BotContext) =>
    /^c[fx]:/.test(ctx.callbackQuery?.data ?? '') ? undefined : ctx.from?.id.toString();
  for (const [timeFrame, max] of [
    [1000, options.userRate ?? 3],
    [60_000, options.userRatePerMinute ?? 40],
  ] as const)
    bot.use(limit({ timeFrame, limit: max, keyGenerator: limitedKey, onLimitExceeded: shed }));

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
    ordersFeature,
    snipeFeature,
    alertsFeature,
    tokenFeature,
  );

  // anything left: answer stray buttons, help with stray text
  bot.on('callback_query', (ctx) => ctx.answerCallbackQuery({ text: 'This button has expired.' }));
  bot
    .chatType('private')
    .on('message:text', (ctx) => ctx.reply('Paste a token address to see its card, or send /help.'));

  // The error boundary. Expected failures (the API's answers, a user's mistake) get a plain answer
  // that says what to do; Telegram refusing to hear us gets nothing (nobody would read it); only real
  // bugs get the apology, and each is logged with the update id (never the update: it may hold a
  // user's message).
  bot.catch(async (err) => {
    const e = err.error;
    const updateId = err.ctx.update.update_id;
    const refusal = refusalOf(e);
    if (refusal === 'query-too-old' || refusal === 'chat-gone' || e instanceof HttpError) {
      services.logger.warn({ updateId, refusal, err: (e as Error).message }, 'update not answered');
      return;
    }
    const expected = e instanceof ApiError || e instanceof UserError || e instanceof TradeError;
    if (expected) services.logger.info({ updateId, err: e.message }, 'update refused');
    else {
      const kind = e instanceof GrammyError ? `telegram: ${e.description}` : (e as Error)?.message;
      services.logger.error({ updateId, kind }, 'update failed');
    }
    const text = expected
      ? `⚠️ ${esc(friendly(e))}`
      : 'Sorry, something went wrong on our side. Please try again; if it happens again, tell the bot owner.';
    if (err.ctx.chat) await err.ctx.reply(text, { parse_mode: 'HTML' }).catch(() => undefined);
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
