// The bot's error boundary. Expected failures (the API's answers, a user's mistake) get a plain answer
// that says what to do; Telegram refusing to hear us gets nothing (nobody would read it); only real
// bugs get the apology, and each is logged with the update id (never the update: it may hold a
// user's message).
import { GrammyError, HttpError, type BotError } from 'grammy';
import { ApiError } from '../client/index.js';
import { UserError } from '../trading/accounts.js';
import { TradeError } from '../trading/trade-flow.js';
import { friendly } from './error-text.js';
import type { BotContext, BotServices } from './context.js';
import { esc } from './format.js';
import type { Speech } from './i18n.js';
import { refusalOf } from './refusals.js';

export function errorBoundary(services: BotServices) {
  return async (err: BotError<BotContext>): Promise<void> => {
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
    // the update's language; English when the failure came before it was known
    const s: Speech = typeof err.ctx.t === 'function' && err.ctx.lang ? err.ctx : services.languages.speech('en');
    const text = expected ? s.t('bot-refused', { reason: esc(friendly(s, e)) }) : s.t('bot-error');
    if (err.ctx.chat) await err.ctx.reply(text, { parse_mode: 'HTML' }).catch(() => undefined);
    if (err.ctx.callbackQuery) await err.ctx.answerCallbackQuery().catch(() => undefined);
  };
}
