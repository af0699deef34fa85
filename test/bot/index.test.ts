// createBot: Telegram's flood limits hold for everything the bot sends to a chat, whichever Api object
// sends it — the bot's own (notifiers, trade reports) or a conversation's (conversations build their own).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { txLinker } from '../../src/bot/format.js';
import { sniperNotifier } from '../../src/bot/notifiers/sniper.notifier.js';
import { createLogger } from '../../src/log.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const ALICE = 1001;

beforeAll(async () => {
  h = await startBotStack({ bot: { throttle: true } });
  // Telegram's limits: about one message a second in a chat, 20 a minute in a group
  h.tg.floodLimits = { perChatPerSecond: 1, perGroupPerMinute: 20 };
});
afterAll(async () => h?.close());

describe("Telegram's flood limits", () => {
  it('are never hit in a chat where a conversation and a notifier send at the same time', async () => {
    await h.send(h.tg.message(ALICE, '/start'));
    await h.send(h.tg.message(ALICE, '/pin 24680'));
    await h.send(h.tg.message(ALICE, '/unlock 24680'));
    await h.send(h.tg.message(ALICE, '/wallet'));
    const view = h.tg.last(ALICE);
    // the notifier sends through the bot's Api, as the sniper does in production
    const notify = sniperNotifier(h.bot.api, createLogger('silent'), txLinker(), h.built.services.speechOf);
    await Promise.all([
      h.send(h.tg.tap(ALICE, view, h.tg.button(view, '💸 Withdraw TRX'))),
      notify({
        kind: 'snipe',
        state: 'skipped',
        userId: ALICE,
        side: 'buy',
        token: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
        symbol: 'CAT',
        amount: '50',
        reason: 'the daily budget is spent',
      }),
    ]);
    expect(h.tg.refusals).toEqual([]);
    const texts = h.tg.sent(ALICE).map((m) => m.text);
    expect(texts.filter((t) => t.startsWith('Send the address to withdraw TRX to.'))).toHaveLength(1);
    expect(texts.filter((t) => t.startsWith('⏭ Snipe of $CAT skipped'))).toHaveLength(1);
  });
});
