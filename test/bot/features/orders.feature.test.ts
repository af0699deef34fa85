// A stop-loss's hold in blocks, set through the fake Telegram against the real facade and devnet:
// `/sl … hold:N`, the `/slhold` setting that /settings shows, the automatic SL that takes it, and
// what /orders says of each. (Firing with a hold: test/trading/orders/hold.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LaunchpadClient } from '../../../src/client/index.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
let api: LaunchpadClient;
const ANN = 1201;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  api = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
  await h.send(h.tg.message(ANN, '/start'));
  await faucet(h.stack.devnet.url, (await h.walletOf(ANN)).address, 5_000);
});
afterAll(async () => h?.close());

/** Buys by hand (quote, Confirm) and waits until the index has the trade. */
async function buy(token: string, trx: number): Promise<void> {
  const address = (await h.walletOf(ANN)).address;
  const before = (await api.getUserTrades(address, { tokenAddress: token })).length;
  await h.send(h.tg.message(ANN, `/buy ${token} ${trx}`));
  await h.send(h.tg.tap(ANN, h.tg.last(ANN), h.tg.button(h.tg.last(ANN), '✅ Confirm')));
  await waitFor(() => (/^✅ <b>Bought/.test(h.tg.sent(ANN).at(-1)!.text) ? true : undefined), 30_000);
  await waitFor(async () => {
    await h.stack.facade.indexer.syncOnce();
    return (await api.getUserTrades(address, { tokenAddress: token })).length > before ? true : undefined;
  });
}

const say = async (text: string) => {
  await h.send(h.tg.message(ANN, text));
  return h.tg.last(ANN).text;
};
const SL_LINE = /🛑 Stop loss on \$SDOG: sell (\d+)% at ≤ [\d.]+ TRX \(entry [\d.]+ TRX\)(.*)/;

describe('a stop-loss that holds for N blocks', () => {
  it('/sl takes hold:N and /orders shows it; without it, the stop-loss sells at once', async () => {
    const token = tokens.SDOG!;
    await buy(token, 200);
    const set = await say(`/sl ${token} -30% 100% hold:3`);
    expect(set).toMatch(
      /^✅ <b>Order set<\/b>\n🛑 Stop loss on \$SDOG: sell 100% at ≤ [\d.]+ TRX \(entry [\d.]+ TRX\) · holds 3 blocks$/,
    );
    const plain = await say(`/sl ${token} -40% 50%`);
    expect(plain).toMatch(SL_LINE);
    expect(plain).not.toContain('holds');
    const list = await say('/orders');
    const lines = list.split('\n').filter((l) => SL_LINE.test(l));
    expect(lines.map((l) => SL_LINE.exec(l)!.slice(1))).toEqual([
      ['100', ' · holds 3 blocks'],
      ['50', ''],
    ]);
    // out of range: refused in words, nothing set
    expect(await say(`/sl ${token} -30% 100% hold:0`)).toBe('⚠️ The hold must be 1 to 100 blocks.');
    expect(await say(`/sl ${token} -30% 100% hold:101`)).toBe('⚠️ The hold must be 1 to 100 blocks.');
    expect(await say(`/sl ${token} -30% 100% hold:x`)).toMatch(/^<b>Automated orders<\/b>/);
    expect((await h.built.services.orders.list(ANN, token)).map((o) => o.holdBlocks)).toEqual([3, 1]);
  });

  it('/slhold sets the hold of new stop-losses; /settings shows it in words', async () => {
    const token = tokens.SDOG!;
    expect(await say('/settings')).toContain(
      'Stop-loss: sells once the price holds at or below the level for 1 block (1 = at once; change with <code>/slhold N</code>)',
    );
    expect(await say('/slhold')).toBe(
      'Stop-loss: sells once the price holds at or below the level for 1 block.\nUsage: <code>/slhold N</code> (1 to 100 blocks of ~3 s; 1 = at once)',
    );
    expect(await say('/slhold 101')).toBe('⚠️ The hold must be 1 to 100 blocks.');
    expect(await say('/slhold 5')).toMatch(
      /^✅ Stop-loss: sells once the price holds at or below the level for 5 blocks\.\nThis is for new stop-losses/,
    );
    expect(await say('/settings')).toContain(
      'Stop-loss: sells once the price holds at or below the level for 5 blocks (1 = at once;',
    );
    // a stop-loss without hold: takes the setting; one with hold: keeps its own
    expect(await say(`/sl ${token} -50% 25%`)).toMatch(
      /sell 25% at ≤ [\d.]+ TRX \(entry [\d.]+ TRX\) · holds 5 blocks$/,
    );
    expect(await say(`/sl ${token} -60% 25% hold:1`)).not.toContain('holds');

    // the automatic SL after a buy takes it too (the TP has no hold)
    expect(await say('/autotpsl +100% 50% -30% 100%')).toContain(
      'stop loss at −30% (sell 100% once the price holds there 5 blocks (/slhold))',
    );
    await buy(token, 50);
    const auto = await waitFor(async () => {
      const l = (await h.built.services.orders.list(ANN, token)).filter((o) => o.auto);
      return l.length === 2 ? l : undefined;
    }, 20_000);
    expect(auto.map((o) => [o.kind, o.holdBlocks])).toEqual([
      ['tp', 1],
      ['sl', 5],
    ]);
    expect((await say('/orders')).split('\n').filter((l) => l.includes('<i>(auto)</i>'))).toEqual([
      expect.stringMatching(
        /^\d+\. 💰 Take profit on \$SDOG: sell 50% at ≥ [\d.]+ TRX \(entry [\d.]+ TRX\) <i>\(auto\)<\/i>$/,
      ),
      expect.stringMatching(
        /^\d+\. 🛑 Stop loss on \$SDOG: sell 100% at ≤ [\d.]+ TRX \(entry [\d.]+ TRX\) · holds 5 blocks <i>\(auto\)<\/i>$/,
      ),
    ]);
    await say('/slhold 1');
    expect(h.built.store.settings((await h.built.store.user(ANN))!).slHoldBlocks).toBe(1);
  });
});
