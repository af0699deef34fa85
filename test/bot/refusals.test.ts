// Telegram's refusals, as the strict fake sends them (status, ok:false, error_code, description):
// each one is met the way a user would want, and none becomes "something went wrong".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { clip } from '../../src/bot/format.js';
import { faucet } from '../helpers/devnet.js';
import { demoTokens, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';
import { parseTelegramHtml } from '../helpers/telegram.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const USER = 6001;
const BLOCKER = 6002;
const ADMIN = 6003;
const GROUP_GONE = -600100;
const GROUP_KICKED = -600200;
const apology = /something went wrong/i;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(USER, '/start'));
});
afterAll(async () => h?.close());

const refused = (description: RegExp) => h.tg.refusals.filter((r) => description.test(r.description));

describe('edits', () => {
  it('a Refresh with nothing new: Telegram refuses the identical edit, the tap says "Up to date"', async () => {
    await h.send(h.tg.message(USER, tokens.TCAT!));
    const card = h.tg.last(USER);
    const before = refused(/message is not modified/).length;
    await h.send(h.tg.tap(USER, card, h.tg.button(card, '🔄 Refresh')));
    expect(refused(/message is not modified/).length).toBe(before + 1);
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'Up to date' });
    expect(card.history).toHaveLength(1);
    expect(h.tg.last(USER)).toBe(card);
  });

  it('a Refresh of a card that is gone ("message to edit not found") sends the card anew', async () => {
    await h.send(h.tg.message(USER, tokens.SDOG!));
    const card = h.tg.last(USER);
    card.deleted = true; // the user deleted it
    await h.send(h.tg.tap(USER, card, h.tg.button(card, '🔄 Refresh')));
    expect(refused(/message to edit not found/).length).toBeGreaterThan(0);
    const fresh = h.tg.last(USER);
    expect(fresh).not.toBe(card);
    expect(fresh.text).toContain('($SDOG)');
    expect(h.tg.callbackAnswers().at(-1)).toMatchObject({ text: 'Updated' });
  });
});

describe('late answers', () => {
  it('a tap answered too late ("query is too old") still does its work and is no error', async () => {
    await h.send(h.tg.message(USER, `/trades ${tokens.TCAT}`));
    const page = h.tg.last(USER);
    const sent = h.tg.sent(USER).length;
    const late = h.tg.tap(USER, page, h.tg.button(page, 'Next ▶️'));
    h.tg.expireCallbacks(); // the answer comes after Telegram's deadline
    await h.send(late);
    expect(refused(/query is too old/).length).toBeGreaterThan(0);
    expect(page.text).toContain('page 2'); // the work was done
    expect(h.tg.sent(USER).length).toBe(sent); // and no apology was sent
    for (const m of h.tg.sent(USER)) expect(m.text).not.toMatch(apology);
  });
});

describe('users who blocked the bot', () => {
  it('a confirmed trade goes through and is recorded although its messages are refused (403)', async () => {
    await h.send(h.tg.message(BLOCKER, '/start'));
    const { wallet } = await h.account(BLOCKER);
    await faucet(h.stack.devnet.url, wallet.address, 500);
    await h.send(h.tg.message(BLOCKER, `/buy ${tokens.MOON} 50`));
    const quote = h.tg.last(BLOCKER);
    const id = h.tg.button(quote, '✅ Confirm').slice(3);
    h.tg.blocked.add(BLOCKER);
    await h.send(h.tg.tap(BLOCKER, quote, `cf:${id}`));
    const trade = await waitFor(async () => {
      const t = (await h.built.store.trade(id))!;
      return t.status === 'confirmed' || t.status === 'failed' ? t : undefined;
    }, 20_000);
    expect(trade.status).toBe('confirmed');
    const held = h.stack.devnet.chain.ledger.tokenBalance(
      TronWeb.address.toHex(tokens.MOON!).toLowerCase(),
      TronWeb.address.toHex(wallet.address).toLowerCase(),
    );
    expect(held).toBeGreaterThan(0n);
    expect(refused(/bot was blocked by the user/).length).toBeGreaterThan(0);
    h.tg.blocked.delete(BLOCKER);
  });
});

describe('alerts to chats that refuse them', () => {
  it('stop for a chat that is gone ("chat not found") or that removed the bot (403), with the reason', async () => {
    h.tg.chatAdmins.add(ADMIN);
    for (const chat of [GROUP_GONE, GROUP_KICKED]) {
      await h.send(h.tg.message(ADMIN, '/alerts', chat));
      const m = h.tg.last(chat);
      await h.send(h.tg.tap(ADMIN, m, 'al:buy')); // buys from 100 TRX
    }
    h.tg.unknownChats.add(GROUP_GONE);
    h.tg.blocked.add(GROUP_KICKED);
    // its stream open: the API sends it what comes from here on
    const alerter = await h.streamOpened(() => h.alerter());
    const { client, wallet: w, key: keyOf } = await h.account(USER);
    await faucet(h.stack.devnet.url, w.address, 1_000);
    const key = keyOf();
    await client.trade({ action: 'buy', tokenAddress: tokens.ECHO!, amount: 300, privateKey: key });
    const stopped = await waitFor(async () => {
      const a = (await h.built.store.alertRules(GROUP_GONE)).stoppedReason;
      const b = (await h.built.store.alertRules(GROUP_KICKED)).stoppedReason;
      return a && b ? { a, b } : undefined;
    }, 20_000);
    expect(stopped.a).toBe('Bad Request: chat not found');
    expect(stopped.b).toMatch(/^Forbidden: bot was kicked/);
    // nothing more is queued for them
    const attempts = h.tg.refusals.filter((r) => r.method === 'sendMessage').length;
    const taken = async () => Number(await h.built.store.meta('alerts_last_seq'));
    const last = await taken();
    await client.trade({ action: 'buy', tokenAddress: tokens.ECHO!, amount: 300, privateKey: key });
    // proof that the alerter has looked: it took the buy's event, and sent what it queued
    await waitFor(async () => ((await taken()) > last ? true : undefined), 20_000);
    await alerter.flush();
    expect(h.tg.refusals.filter((r) => r.method === 'sendMessage').length).toBe(attempts);
    await alerter.stop();
    // an admin setting alerts again in the chat starts them again
    h.tg.blocked.delete(GROUP_KICKED);
    await h.send(h.tg.message(ADMIN, '/alerts', GROUP_KICKED));
    expect((await h.built.store.alertRules(GROUP_KICKED)).stoppedReason).toBeNull();
  });
});

describe('long texts and HTML', () => {
  it('lists are cut at whole lines under 4096 characters, and the HTML stays valid', () => {
    const lines = Array.from({ length: 400 }, (_, i) => `${i + 1}. <b>$TOKEN${i}</b> <i>&lt;note&gt;</i>`);
    const text = clip(lines.join('\n'));
    expect(text.length).toBeLessThanOrEqual(4096);
    expect(text.endsWith('\n…')).toBe(true);
    const parsed = parseTelegramHtml(text);
    expect(parsed.ok).toBe(true);
  });

  it('names with HTML characters are escaped in cards (Telegram would refuse them raw)', async () => {
    const { client, wallet: w, key: keyOf } = await h.account(USER);
    const key = keyOf();
    const created = await client.createToken({ userAddress: w.address, name: '<b>Fish & "Chips"', symbol: 'F_C' });
    const tw = new TronWeb({ fullHost: h.stack.devnet.url, privateKey: key });
    const txid = await client.broadcast(await tw.trx.sign(created as never));
    const info = await waitFor(async () => {
      const s = await client.txStatus(txid);
      return s.state === 'confirmed' ? s : undefined;
    });
    expect(info.state).toBe('confirmed');
    const token = await waitFor(async () =>
      (await client.listTokens({ sort: 'new', limit: 5 })).find((t) => t.symbol === 'F_C'),
    );
    const before = h.tg.refusals.length;
    await h.send(h.tg.message(USER, token.address));
    expect(h.tg.refusals.length).toBe(before);
    expect(h.tg.last(USER).text).toContain('<b>&lt;b&gt;Fish &amp; &quot;Chips&quot;</b> ($F_C)');
  });
});
