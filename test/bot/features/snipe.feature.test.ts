// /snipe and /copy against a fake Telegram, the real facade and the devnet: the options each reads,
// the refusals, the lists, the PIN in front of a new rule, and nothing of it from a group. (What the
// rules and follows then do: test/trading/sniper.test.ts and test/trading/copy.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;

beforeAll(async () => {
  h = await startBotStack();
});
afterAll(async () => h?.close());

describe('/snipe options', () => {
  it('reads the price and market-cap caps and lists them; refuses a cap that does not read', async () => {
    const U = 8701;
    await h.send(h.tg.message(U, '/start'));
    await h.send(h.tg.message(U, '/snipe add 25 name:moon maxprice:0.00002 maxmc:1.5m budget:100 safe'));
    expect(h.tg.last(U).text).toBe(
      '✅ <b>Snipe rule set</b>\n🎯 25 TRX of every new token (name has “moon”, safe only, price ≤ 0.00002 TRX, market cap ≤ $1.50M) · 0/100 TRX today',
    );
    expect((await h.built.services.automation.rules(U))[0]).toMatchObject({
      maxPriceE18: '20000000000000',
      maxMcUsd: 1_500_000,
      budgetSun: '100000000',
    });
    for (const bad of ['maxprice:0', 'maxprice:cheap', 'maxmc:lots', 'maxmc:0']) {
      await h.send(h.tg.message(U, `/snipe add 25 name:moon ${bad}`));
      expect(h.tg.last(U).text, bad).toMatch(/^<b>Sniper<\/b>/);
    }
    expect(h.tg.last(U).text).toContain('<code>maxmc:50k</code> (market cap in USD)');
    await h.send(h.tg.message(U, '/snipe'));
    expect(h.tg.last(U).text).toBe(
      '<b>🎯 Your snipe rules</b>\n\n1. 🎯 25 TRX of every new token (name has “moon”, safe only, price ≤ 0.00002 TRX, market cap ≤ $1.50M) · 0/100 TRX today',
    );
  });
});

describe('/copy options', () => {
  const source = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

  it('refuses a percent copy without max:, and reads budget:, token: and min:', async () => {
    const U = 8902;
    await h.send(h.tg.message(U, '/start'));
    await h.send(h.tg.message(U, `/copy ${source} 20 pct:50`));
    expect(h.tg.last(U).text).toBe(
      '⚠️ A percent copy needs max: (the most TRX one copy puts in), e.g. pct:50 max:100.',
    );
    expect(await h.built.services.automation.follows(U)).toHaveLength(0);
    // a limit below one copy's size
    await h.send(h.tg.message(U, `/copy ${source} 20 pct:50 max:40 token:30`));
    expect(h.tg.last(U).text).toBe('⚠️ token: must be at least one copy (40 TRX).');
    await h.send(h.tg.message(U, `/copy ${source} 20 budget:10`));
    expect(h.tg.last(U).text).toBe('⚠️ budget: must be at least one copy (20 TRX).');
    // an option that does not read: the usage, nothing set
    await h.send(h.tg.message(U, `/copy ${source} 20 min:5%`));
    expect(h.tg.last(U).text).toMatch(/^<b>Copy trading<\/b>/);
    expect(h.tg.last(U).text).toContain('<code>token:40</code> (TRX a day into any one token; default one copy)');
    expect(await h.built.services.automation.follows(U)).toHaveLength(0);

    await h.send(h.tg.message(U, `/copy ${source} 20 pct:50 max:40 budget:150.5 token:80 min:2.5 sells`));
    expect(h.tg.last(U).text).toBe(
      `✅ <b>Copying</b>\n👀 <code>${source}</code> · buys 50% of its TRX, at most 40 TRX · sells too · 0/150.5 TRX today · ≤ 80 TRX a token · its buys from 2.5 TRX`,
    );
    expect((await h.built.services.automation.follows(U))[0]).toMatchObject({
      pctBps: 5000,
      maxSun: '40000000',
      budgetSun: '150500000',
      tokenCapSun: '80000000',
      minSourceSun: '2500000',
      sells: true,
    });
  });
});

describe('a new rule and the PIN', () => {
  const source = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

  it('needs the PIN unlocked once the user has one; pausing does not', async () => {
    const U = 8903;
    await h.send(h.tg.message(U, '/start'));
    await h.send(h.tg.message(U, '/pin 424242'));
    for (const cmd of ['/snipe add 10 name:pin', `/copy ${source} 10`]) {
      await h.send(h.tg.message(U, cmd));
      expect(h.tg.last(U).text, cmd).toBe('Send /unlock and your PIN first: it opens this for 2 minutes.');
    }
    expect(await h.built.services.automation.rules(U)).toHaveLength(0);
    expect(await h.built.services.automation.follows(U)).toHaveLength(0);
    // a rule that does not read gets its usage, PIN or not
    await h.send(h.tg.message(U, '/snipe add ten'));
    expect(h.tg.last(U).text).toMatch(/^<b>Sniper<\/b>/);
    await h.send(h.tg.message(U, '/unlock 424242'));
    await h.send(h.tg.message(U, '/snipe add 10 name:pin'));
    const set = h.tg.last(U);
    expect(set.text).toMatch(/^✅ <b>Snipe rule set<\/b>/);
    await h.send(h.tg.message(U, `/copy ${source} 10`));
    expect(h.tg.last(U).text).toMatch(/^✅ <b>Copying<\/b>/);
    // locked again: the rule still pauses (stopping spends nothing)
    await h.built.store.updatePin(U, { unlockedUntil: null });
    await h.send(h.tg.tap(U, set, h.tg.button(set, '⏸ Pause')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'Rule paused' });
  });

  it("none of it from a group: the commands and the rules' buttons send the user to the private chat", async () => {
    const U = 8903;
    const GROUP = -100903;
    const [rule] = await h.built.services.automation.rules(U);
    await h.send(h.tg.message(U, '/snipe', GROUP));
    const reply = h.tg.last(GROUP);
    expect(reply.text).toMatch(/^Open me in a private chat for this/);
    expect(reply.text).not.toContain('name:pin');
    await h.built.store.own(GROUP, reply.messageId, U);
    await h.send(h.tg.tap(U, reply, `sr:${rule!.id}`));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({
      show_alert: true,
      text: expect.stringMatching(/^Open me in a private chat/),
    });
    await h.send(h.tg.tap(U, reply, `sd:${rule!.id}`));
    expect((await h.built.services.automation.rules(U)).map((r) => r.status)).toEqual(['paused']);
  });
});
