// The bot's pictures in each language, through the bot and the fake Bot API: a token's card comes as
// its chart (drawn in the reader's language, never another language's chart by its file_id) with a
// caption Telegram takes (1,024 characters at most), and /positions shares a PnL card drawn in the
// reader's language, without the wallet's address.
import { loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pnlData } from '../../../src/bot/callback-data/index.js';
import { CHART_SIZE, PNL_SIZE } from '../../../src/charts/render.js';
import type { SentMessage } from '../../helpers/telegram/types.js';
import { startBotStack } from '../../helpers/bot.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { LANGS } from '../../helpers/speech.js';
import { pngSize } from '../../helpers/telegram.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const TRADER = 7401;
/** A reader per language, whose app sends its language_code. */
const readerOf = (i: number) => 7411 + i;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  for (const [i, { appCode }] of LANGS.entries()) h.tg.appLanguages.set(readerOf(i), appCode);
  await h.send(h.tg.message(TRADER, '/start'));
  await faucet(h.stack.devnet.url, (await h.account(TRADER)).wallet.address, 2_000);
});
afterAll(async () => h?.close());

/** A photo the bot sent: a PNG that decodes, of its size, with a caption Telegram takes. */
async function photoOf(m: SentMessage | undefined): Promise<{ width: number; height: number }> {
  expect(m?.kind).toBe('photo');
  const img = await loadImage(m!.photo!);
  expect(pngSize(m!.photo!)).toEqual({ width: img.width, height: img.height });
  expect(m!.visibleText!.length).toBeLessThanOrEqual(1024);
  return { width: img.width, height: img.height };
}

describe('pictures in each language', () => {
  it("sends a token's card as its chart in the reader's language, each language its own picture", async () => {
    const fileIds = new Map<string, string>();
    for (const [i, { lang }] of LANGS.entries()) {
      const u = readerOf(i);
      await h.send(h.tg.message(u, '/start'));
      const before = h.tg.sent(u).length;
      await h.send(h.tg.message(u, tokens.TCAT!));
      const card = h.tg.sent(u).slice(before)[0];
      expect(await photoOf(card), lang).toEqual(CHART_SIZE);
      fileIds.set(lang, card!.fileId!);
    }
    // a chart kept by its file_id goes to readers of its language only: each language was uploaded
    expect(new Set(fileIds.values()).size).toBe(LANGS.length);
    expect(h.tg.refusals).toEqual([]);
  });

  it('shares a PnL card drawn in the language the trader reads now', async () => {
    await h.send(h.tg.message(TRADER, `/buy ${tokens.TCAT} 100`));
    await h.send(h.tg.tap(TRADER, h.tg.last(TRADER), h.tg.button(h.tg.last(TRADER), /^✅/)));
    const { wallet, client } = await h.account(TRADER);
    await waitFor(async () => {
      await h.stack.facade.indexer.syncOnce();
      const trades = await client.getUserTrades(wallet.address, { tokenAddress: tokens.TCAT });
      return trades.length > 0 || undefined;
    }, 30_000);
    const cards: Buffer[] = [];
    for (const { lang, appCode } of LANGS) {
      h.tg.appLanguages.set(TRADER, appCode);
      await h.send(h.tg.message(TRADER, '/positions'));
      const list = h.tg.last(TRADER);
      const share = pnlData.build({ token: tokens.TCAT! });
      expect(h.tg.buttons(list).map((b) => b.data)).toContain(share);
      await h.send(h.tg.tap(TRADER, list, share));
      const card = h.tg.last(TRADER);
      expect(await photoOf(card), lang).toEqual(PNL_SIZE);
      expect(card.text).not.toContain(wallet.address);
      cards.push(card.photo!);
    }
    // the same position in three languages: three different pictures
    expect(cards[0]!.equals(cards[1]!) || cards[0]!.equals(cards[2]!) || cards[1]!.equals(cards[2]!)).toBe(false);
    expect(h.tg.refusals).toEqual([]);
  });
});
