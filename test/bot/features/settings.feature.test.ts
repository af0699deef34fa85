// Settings against a fake Telegram, the real facade and the devnet: the view, toggles, edits through a
// dialogue, and trading without confirmations.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const BOB = 1002;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(BOB, '/start'));
});
afterAll(async () => h?.close());

describe('settings', () => {
  it('shows settings, toggles confirmations and edits slippage through a dialogue', async () => {
    await h.send(h.tg.message(BOB, '/settings'));
    const m = h.tg.last(BOB);
    expect(m.text).toContain('Slippage: 5%');
    expect(m.text).toContain('Buy presets: 100 / 500 / 1000 TRX');
    // turning confirmations off takes a PIN entered in the last two minutes
    await h.send(h.tg.message(BOB, '/pin 482913'));
    await h.send(h.tg.message(BOB, '/unlock 482913'));
    await h.send(h.tg.tap(BOB, m, h.tg.button(m, /^Confirm: on/)));
    expect(m.text).toContain('Confirm before trading: off');
    await h.send(h.tg.tap(BOB, m, h.tg.button(m, /^Slippage/)));
    await h.send(h.tg.message(BOB, '80'));
    expect(h.tg.last(BOB).text).toMatch(/from 0\.1 to 50/);
    await h.send(h.tg.message(BOB, '2.5'));
    expect(h.tg.last(BOB).text).toContain('Slippage: 2.5%');
    await h.send(h.tg.tap(BOB, h.tg.last(BOB), 'st:buy'));
    await h.send(h.tg.message(BOB, '10 20 30'));
    expect(h.tg.last(BOB).text).toContain('Buy presets: 10 / 20 / 30 TRX');
    await h.send(h.tg.message(BOB, `/token ${tokens.SDOG}`));
    expect(
      h.tg
        .buttons(h.tg.last(BOB))
        .slice(3, 6)
        .map((b) => b.text),
    ).toEqual(['Buy 10 TRX', 'Buy 20 TRX', 'Buy 30 TRX']);
  });

  it('trades at once when confirmations are off', async () => {
    await faucet(h.stack.devnet.url, (await h.walletOf(BOB)).address, 500);
    await h.send(h.tg.message(BOB, `/buy ${tokens.SDOG} 20`));
    const m = h.tg.last(BOB);
    await waitFor(() => (m.text.startsWith('✅') || m.text.startsWith('❌') ? true : undefined), 20_000);
    expect(m.text).toMatch(/^✅ <b>Bought<\/b>/);
    expect(m.history[0]).toBe('⏳ Sending…');
  });
});
