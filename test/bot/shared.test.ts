// Two bot instances sharing Redis (REDIS_URL) count a user's updates together (three a second from
// one user get through whichever instance takes them, the rest are shed before any work) and draw
// on one flood budget per chat (Telegram takes one message a second in a private chat).
import { afterAll, describe, expect, it } from 'vitest';
import { Bot } from 'grammy';
import { shedSpam } from '../../src/bot/spam.js';
import { createLanguages, withSpeech } from '../../src/bot/i18n.js';
import { tr } from '../helpers/speech.js';
import { telegramThrottler } from '../../src/bot/throttle.js';
import type { BotContext, BotServices } from '../../src/bot/context.js';
import { BOT_INFO, FakeTelegram } from '../helpers/telegram.js';
import { TOKEN } from '../helpers/bot.js';
import { NEEDS_REDIS, dropRedis, testRedis } from '../helpers/services.js';

const shared = await testRedis();
const tg = new FakeTelegram();
afterAll(async () => {
  await tg.stop();
  await dropRedis(shared);
});

/** An instance: the spam limits, then a handler that answers every message it is let through. */
function instance() {
  const bot = new Bot<BotContext>(TOKEN, { botInfo: BOT_INFO, client: { apiRoot: tg.url } });
  const services = { now: Date.now } as unknown as BotServices;
  // the answers speak the update's language, as in the bot
  bot.use(createLanguages().i18n.middleware(), withSpeech);
  bot.use(...shedSpam(services, { userRate: 3, userRatePerMinute: 100 }, shared));
  bot.on('message', (ctx) => ctx.reply('handled'));
  return bot;
}

describe.skipIf(!shared)(`spam limits across bot instances ${shared ? '' : NEEDS_REDIS}`, () => {
  it("lets three of a user's updates a second through across both instances", async () => {
    await tg.start();
    const [a, b] = [instance(), instance()];
    const USER = 5150;
    const started = Date.now();
    for (let i = 0; i < 8; i++) await (i % 2 ? b : a).handleUpdate(tg.message(USER, `message ${i}`));
    expect(Date.now() - started).toBeLessThan(1000);
    const replies = tg.sent(USER).map((m) => m.text);
    expect(replies.filter((t) => t === 'handled')).toHaveLength(3);
    // each instance says "slow down" once at most
    expect(replies.filter((t) => t === tr('en', 'bot-slow-down')).length).toBeGreaterThanOrEqual(1);
    expect(replies.filter((t) => t === tr('en', 'bot-slow-down')).length).toBeLessThanOrEqual(2);
    // another user is counted on their own
    await a.handleUpdate(tg.message(USER + 1, 'hello'));
    expect(tg.sent(USER + 1).map((m) => m.text)).toEqual(['handled']);
  });

  it('sends one chat at most one message a second across both instances', async () => {
    const CHAT = 6160;
    tg.floodLimits = { perChatPerSecond: 1, perGroupPerMinute: 20 };
    const apis = [0, 1].map(() => {
      const bot = new Bot(TOKEN, { botInfo: BOT_INFO, client: { apiRoot: tg.url } });
      bot.api.config.use(telegramThrottler(shared));
      return bot.api;
    });
    const started = Date.now();
    await Promise.all([0, 1, 2, 3].map((i) => apis[i % 2]!.sendMessage(CHAT, `note ${i}`)));
    tg.floodLimits = undefined;
    expect(tg.refusals.filter((r) => r.error_code === 429)).toEqual([]);
    expect(tg.sent(CHAT)).toHaveLength(4);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  }, 20_000);
});
