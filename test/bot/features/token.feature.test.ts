// Token cards against a fake Telegram, the real facade and the devnet: what users see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { demoTokens } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { pngSize } from '../../helpers/telegram.js';
import { CHART_SIZE } from '../../../src/charts/render.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ALICE = 1001;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

describe('token card', () => {
  it('shows the card for a pasted address with buy/sell presets, holders, trades and refresh', async () => {
    await h.send(h.tg.message(ALICE, `look at ${tokens.TCAT}`));
    const card = h.tg.last(ALICE);
    expect(card.parseMode).toBe('HTML');
    expect(card.text).toContain('<b>Tron Cat</b> ($TCAT)');
    expect(card.text).toMatch(/Price: [\d.e-]+ TRX \(\$/);
    expect(card.text).toMatch(/Market cap: \$/);
    expect(card.text).toMatch(/Curve: [▰▱]{10} \d+%/);
    expect(card.text).toContain('trading on the curve');
    expect(card.text).toContain('<a href="https://x.com/troncat_demo">X</a>');
    expect(h.tg.buttons(card).map((b) => b.text)).toEqual([
      '5m',
      '• 1h',
      '1d',
      'Buy 100 TRX',
      'Buy 500 TRX',
      'Buy 1000 TRX',
      'Buy X TRX',
      'Sell 25%',
      'Sell 50%',
      'Sell 100%',
      'Sell X',
      '👥 Holders',
      '📜 Trades',
      '🔄 Refresh',
      '📤 Share',
      '📋 Orders',
      '📊 Positions',
      '👛 Wallet',
    ]);
    for (const b of h.tg.buttons(card)) expect(Buffer.byteLength(b.data)).toBeLessThanOrEqual(64);
    // the token's orders: none yet, with one-tap TP, SL and trailing stop
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '📋 Orders')));
    const orders = h.tg.last(ALICE);
    expect(orders.text).toContain('No open orders.');
    expect(h.tg.buttons(orders).map((b) => b.text)).toEqual([
      '💰 TP +100% ×50%',
      '🛑 SL −30% ×100%',
      '📉 Trail 20% ×100%',
      '⬅️ Token',
    ]);
    // nothing new: Telegram would refuse an identical edit, so the tap says so and the card stays
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '🔄 Refresh')));
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'Up to date' });
    expect(card.history).toHaveLength(1);
  });

  it('is a picture: the chart as a PNG, the card as its caption, the interval switched in place', async () => {
    await h.send(h.tg.message(ALICE, tokens.TCAT!));
    const card = h.tg.last(ALICE);
    expect(card.kind).toBe('photo');
    expect(pngSize(card.photo!)).toEqual(CHART_SIZE);
    expect(card.caption).toContain('<b>Tron Cat</b> ($TCAT)');
    expect(card.visibleText!.length).toBeLessThanOrEqual(1024);
    const hourly = card.fileId;
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '5m')));
    expect(h.tg.last(ALICE)).toBe(card); // edited, not sent anew
    expect(card.fileId).not.toBe(hourly);
    expect(
      h.tg
        .buttons(card)
        .slice(0, 3)
        .map((b) => b.text),
    ).toEqual(['• 5m', '1h', '1d']);
    const uploads = h.tg.calls.filter((c) => c.method === 'editMessageMedia' || c.method === 'sendPhoto').length;
    // the same card again: sent by file_id, not drawn and uploaded again
    await h.send(h.tg.message(ALICE, tokens.TCAT!));
    const again = h.tg.last(ALICE);
    expect(again.fileId).toBe(hourly);
    const last = h.tg.calls.at(-1)!;
    expect(last.method).toBe('sendPhoto');
    expect(last.payload.photo).toBe(hourly);
    expect(last.files ?? []).toEqual([]);
    expect(h.tg.calls.filter((c) => c.method === 'editMessageMedia' || c.method === 'sendPhoto').length).toBe(
      uploads + 1,
    );
  });

  it('finds launchpad2 tokens and launched tokens', async () => {
    await h.send(h.tg.message(ALICE, `/token ${tokens.WAVE}`));
    expect(h.tg.last(ALICE).text).toContain('Second Wave');
    await h.send(h.tg.message(ALICE, `/token ${tokens.PKING}`));
    expect(h.tg.last(ALICE).text).toContain('launched to the DEX');
  });

  it('answers bad input helpfully', async () => {
    await h.send(h.tg.message(ALICE, '/token hello'));
    expect(h.tg.last(ALICE).text).toMatch(/does not look like a token address/);
    await h.send(h.tg.message(ALICE, '/token'));
    expect(h.tg.last(ALICE).text).toMatch(/Usage: <code>\/token ADDRESS/);
    const nobody = (await TronWeb.createAccount()).address.base58;
    await h.send(h.tg.message(ALICE, `/token ${nobody}`));
    expect(h.tg.last(ALICE).text).toMatch(/could not find token/);
    await h.send(h.tg.message(ALICE, 'hello there'));
    expect(h.tg.last(ALICE).text).toMatch(/Paste a token address/);
  });
});
