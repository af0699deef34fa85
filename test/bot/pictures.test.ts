// The bot's pictures: a PnL card to share from /positions, and a card whose text is too long for a
// caption (Telegram's 1,024 characters, which the fake Bot API enforces) sent as a photo and a text.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { utils } from 'tronweb';
import { PNL_SIZE, CHART_SIZE } from '../../src/charts/render.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';
import { pngSize } from '../helpers/telegram.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const U = 7301;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(U, '/start'));
  await faucet(h.stack.devnet.url, (await h.account(U)).wallet.address, 2_000);
});
afterAll(async () => h?.close());

describe('pictures in the bot', () => {
  it('/positions shares a PnL card: a PNG without the wallet address', async () => {
    await h.send(h.tg.message(U, `/buy ${tokens.TCAT} 100`));
    await h.send(h.tg.tap(U, h.tg.last(U), h.tg.button(h.tg.last(U), '✅ Confirm')));
    await waitFor(() => (/^✅ <b>Bought/.test(h.tg.sent(U).at(-1)!.text) ? true : undefined), 30_000);
    await h.stack.facade.indexer.syncOnce();
    await h.send(h.tg.message(U, '/positions'));
    const list = h.tg.last(U);
    await h.send(h.tg.tap(U, list, h.tg.button(list, '🖼 Share PnL')));
    const card = h.tg.last(U);
    expect(card.kind).toBe('photo');
    expect(pngSize(card.photo!)).toEqual(PNL_SIZE);
    expect(card.caption).toBe('$TCAT PnL');
    expect(card.caption).not.toContain((await h.account(U)).wallet.address);
  });

  it('sends a card too long for a caption as the chart with a short caption, then the text', async () => {
    const [w] = await h.built.operator.createWallet(1);
    await faucet(h.stack.devnet.url, w!.publicKey, 200);
    const long = (what: string) => `https://example.com/${what}/${'x'.repeat(230)}`;
    const tx = await h.built.operator.createToken({
      userAddress: w!.publicKey,
      name: 'Very Long Card',
      symbol: 'LONG',
      description: 'words '.repeat(160).trim(),
      website: long('web'),
      twitter: long('x'),
      telegram: long('tg'),
    });
    await h.built.operator.broadcast(utils.crypto.signTransaction(w!.privateKey, tx));
    const token = await waitFor(async () => {
      await h.stack.facade.indexer.syncOnce();
      return (await h.built.operator.listTokens({ sort: 'new', limit: 5 })).find((t) => t.symbol === 'LONG')?.address;
    });
    const before = h.tg.sent(U).length;
    await h.send(h.tg.message(U, token));
    const [photo, text] = h.tg.sent(U).slice(before);
    expect(photo!.kind).toBe('photo');
    expect(pngSize(photo!.photo!)).toEqual(CHART_SIZE);
    expect(photo!.visibleText!.length).toBeLessThanOrEqual(1024);
    expect(h.tg.buttons(photo!).map((b) => b.text)).toContain('Buy 100 TRX');
    expect(text!.kind).toBe('text');
    expect(text!.text).toContain('words words');
    expect(text!.visibleText!.length).toBeGreaterThan(1024);
    // no refusal from the fake Bot API on the way
    expect(h.tg.calls.filter((c) => c.refused)).toEqual([]);
  });
});
