// The bot by webhook (BOT_WEBHOOK_URL), as an operator runs it: `npm start`'s system as a real
// process, Telegram (the fake, as a local Bot API server that takes http) POSTing updates to the
// instance's PORT. Only updates with the registered secret are taken; a Confirm Telegram sends twice
// makes one trade; started again without a webhook, the bot removes it and polls.
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { waitFor } from '../helpers/facade.js';
import { routerTransactions, systemProcess } from '../helpers/system.js';
import { fund } from '../helpers/system.js';
import { FakeTelegram } from '../helpers/telegram.js';
import { TOKEN } from '../helpers/bot.js';

const SECRET = 'webhook-secret-for-the-test_0123456789abcdef';
const USER = 4242;
const tg = new FakeTelegram();
tg.local = true;
const sys = systemProcess({
  prefix: 'lp-webhook-',
  env: { BOT_TOKEN: TOKEN, DEVNET_BLOCK_MS: '300', DEVNET_SOLID_AFTER: '0' },
});
const hookUrl = `${sys.apiUrl}/telegram/update`;
afterAll(async () => {
  await sys.stop();
  await tg.stop();
});

describe('the bot by webhook', () => {
  it('registers its webhook with the secret, takes updates on PORT and nothing without the secret', async () => {
    await tg.start();
    sys.start({ TELEGRAM_API_ROOT: tg.url, BOT_WEBHOOK_URL: hookUrl, BOT_WEBHOOK_SECRET: SECRET });
    await waitFor(() => (tg.calls.some((c) => c.method === 'setMyCommands') ? true : undefined), 60_000);
    await waitFor(() => tg.webhook, 10_000);
    expect(tg.webhook).toEqual({ url: hookUrl, secretToken: SECRET });
    expect(tg.calls.filter((c) => c.method === 'getUpdates')).toEqual([]);

    // no secret, or a wrong one: refused, and the bot says nothing
    expect(await tg.deliver(tg.message(USER, '/start'), null)).toBe(401);
    expect(await tg.deliver(tg.message(USER, '/start'), SECRET.replace('w', 'W'))).toBe(401);
    expect(tg.sent(USER)).toEqual([]);

    expect(await tg.deliver(tg.message(USER, '/start'))).toBe(200);
    const welcome = await waitFor(() => tg.sent(USER)[0], 10_000);
    expect(welcome.text).toMatch(/<code>T\w{33}<\/code>/);
  }, 90_000);

  it('makes one trade of a Confirm that Telegram sends twice at once', async () => {
    const address = /<code>(T\w{33})<\/code>/.exec(tg.sent(USER)[0]!.text)![1]!;
    await fund(sys.devnetUrl, address, 500); // in a block when it returns
    const tokens = (await (await fetch(`${sys.devnetUrl}/devnet/tokens`)).json()) as {
      data: Array<{ symbol: string; contractAddress: string }>;
    };
    const token = tokens.data.find((t) => t.symbol === 'TCAT')!.contractAddress;
    const before = tg.sent(USER).length;
    expect(await tg.deliver(tg.message(USER, `/buy ${token} 10`))).toBe(200);
    const quote = await waitFor(
      () =>
        tg
          .sent(USER)
          .slice(before)
          .find((m) => m.text.includes('Buy $TCAT')),
      30_000,
    );
    const confirm = tg.tap(USER, quote, tg.button(quote, /Confirm/));
    expect(await Promise.all([tg.deliver(confirm), tg.deliver(confirm)])).toEqual([200, 200]);
    await waitFor(() => (tg.sent(USER).some((m) => /Bought/.test(m.text)) ? true : undefined), 30_000);
    // each delivery was answered once its handler had run: the repeated Confirm found the trade taken
    expect(
      tg.calls.filter(
        (c) => c.method === 'answerCallbackQuery' && c.payload.text === 'This trade is already being handled.',
      ),
    ).toHaveLength(1);
    const bot = new Database(path.join(sys.dir, 'bot.sqlite'), { readonly: true });
    const devnet = new Database(path.join(sys.dir, 'devnet.sqlite'), { readonly: true });
    try {
      expect(routerTransactions(bot, devnet)).toBe(1);
    } finally {
      bot.close();
      devnet.close();
    }
    expect(tg.sent(USER).filter((m) => /Bought/.test(m.text))).toHaveLength(1);
  }, 90_000);

  it('started again without a webhook, removes it and polls', async () => {
    await sys.stop();
    sys.start({ TELEGRAM_API_ROOT: tg.url });
    await waitFor(() => (tg.webhook === undefined ? true : undefined), 60_000);
    tg.queue.push(tg.message(USER + 1, '/start'));
    await waitFor(() => tg.sent(USER + 1)[0], 30_000);
    expect(tg.refusals.filter((r) => r.method === 'getUpdates')).toEqual([]);
  }, 90_000);
});
