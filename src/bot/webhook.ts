// Updates by webhook (BOT_WEBHOOK_URL): Telegram POSTs each update to the URL, any bot instance
// behind the operator's load balancer may take it, and every one serves the URL's path on its PORT.
// Each request must carry the secret registered with setWebhook (grammY compares it in constant
// time and answers 401 otherwise). A handler's error goes to the bot's error boundary, as under
// long polling, and the update is answered 200: Telegram would otherwise send it again and again.
// A handler still working after 9 s is answered 200 too and finishes on its own (Telegram waits
// about 10 s before it sends the update again).
import { BotError, webhookCallback, type Bot, type Context } from 'grammy';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface WebhookSettings {
  url: string;
  /** Sent by Telegram in X-Telegram-Bot-Api-Secret-Token with every update. */
  secret: string;
}

export type WebhookHandler = (req: FastifyRequest, reply: FastifyReply) => Promise<void>;

const ANSWER_WITHIN_MS = 9_000;

/** Registers the webhook with Telegram (every instance may: the same URL and secret each time). */
export async function setWebhook<C extends Context>(bot: Bot<C>, settings: WebhookSettings): Promise<void> {
  // updates that waited while no instance ran are kept (drop_pending_updates: false)
  await bot.api.setWebhook(settings.url, { secret_token: settings.secret, drop_pending_updates: false });
}

/** The request handler for the webhook's path. */
export function webhookHandler<C extends Context>(bot: Bot<C>, secret: string): WebhookHandler {
  const callback = webhookCallback(bot, 'fastify', {
    secretToken: secret,
    onTimeout: 'return',
    timeoutMilliseconds: ANSWER_WITHIN_MS,
  });
  return async (req, reply) => {
    try {
      await callback(req, reply);
    } catch (err) {
      if (!(err instanceof BotError)) throw err;
      await bot.errorHandler(err as BotError<C>);
      if (!reply.sent) await reply.send('');
    }
  };
}
