// The Mini App in headless Chromium, as Telegram opens it (initData and theme in the URL fragment), on
// the devnet's demo tokens: the token lists, a token page whose chart is drawn and whose last candle a
// new trade on the devnet moves without a reload, the theme and the user's language, all under the
// page's CSP with no console error. Waits are on the page's own markers (data-state, data-live, …).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens } from '../../helpers/facade.js';
import { startMiniApp, type MiniAppHarness } from '../../helpers/miniapp.js';
import { tr } from '../../helpers/speech.js';
import {
  HAS_CHROMIUM,
  VIEWPORT,
  byTestId,
  launchBrowser,
  launchUrl,
  newAppPage,
  requireBuiltPage,
  type AppPage,
} from '../../helpers/browser.js';

const ALICE = 6101;
/** trades on the devnet with his own key, outside the app */
const BOB = 6102;

describe.skipIf(!HAS_CHROMIUM)('the Mini App in Chromium', () => {
  let m: MiniAppHarness;
  let browser: Browser;
  let tokens: Record<string, string>;
  const pages: AppPage[] = [];
  const newPage = async (o?: Parameters<typeof newAppPage>[1]) => {
    const p = await newAppPage(browser, o);
    pages.push(p);
    return p;
  };

  beforeAll(async () => {
    requireBuiltPage();
    [m, browser] = await Promise.all([startMiniApp(), launchBrowser()]);
    tokens = await demoTokens(m.h.stack.devnet.url);
  });
  afterAll(async () => {
    for (const p of pages) await p.close().catch(() => {});
    await browser?.close();
    await m?.close();
  });

  it('lists the devnet\u2019s tokens for a valid initData, with no CSP violation or console error', async () => {
    const p = await newPage();
    await p.page.goto(launchUrl(m.url, m.initDataFor(ALICE, { firstName: 'Alice' })));
    const want = Object.values(tokens);
    expect(want.length).toBeGreaterThanOrEqual(5);
    const rows = p.page.locator(byTestId('token-row'));
    await p.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="token-row"]').length >= n,
      want.length,
    );
    const listed = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-address')));
    expect(listed.sort()).toEqual([...want].sort());
    // each row with its symbol and a price
    const tcat = p.page.locator(byTestId('token-row', { address: tokens.TCAT! }));
    await expect(tcat.textContent()).resolves.toContain('TCAT');
    await expect(tcat.locator(byTestId('token-price')).textContent()).resolves.toMatch(/^[\d.,]+ TRX$/);
    // the session was accepted: the user's /me came back (the wallet screen shows their address)
    await p.page.locator(byTestId('nav-wallet')).click();
    const address = (await m.h.walletOf(ALICE)).address;
    await p.page.waitForSelector(`${byTestId('wallet-address')}:text("${address}")`);
    // a 360-px-wide phone: nothing wider than the screen
    expect(await p.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORT.width);
    expect(p.problems()).toEqual([]);
  });

  it('draws a token\u2019s chart, and a trade on the devnet moves its last candle without a reload', async () => {
    const p = await newPage();
    const candleLoads: string[] = [];
    const documents: string[] = [];
    p.page.on('request', (r) => {
      if (/\/candles\?/.test(r.url())) candleLoads.push(r.url());
      if (r.resourceType() === 'document') documents.push(r.url());
    });
    await p.page.goto(launchUrl(m.url, m.initDataFor(ALICE)));
    // the page opens the first live stream of this stack: wait until the API holds it (trades from then
    // on reach the page)
    await m.h.streamOpened(async () => {
      await p.page.locator(byTestId('token-row', { address: tokens.TCAT! })).click();
      await p.page.waitForSelector(byTestId('token-screen', { address: tokens.TCAT!, live: 'open' }));
    });
    await p.page.waitForSelector(byTestId('chart', { state: 'ready' }));
    // lightweight-charts draws on canvases inside the chart's box, at its size
    const canvas = await p.page
      .locator(`${byTestId('chart')} canvas`)
      .first()
      .evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
    expect(canvas.w).toBeGreaterThan(100);
    expect(canvas.h).toBeGreaterThan(100);
    expect(Number(await p.page.locator(byTestId('chart')).getAttribute('data-bars'))).toBeGreaterThan(0);

    const readout = p.page.locator(byTestId('last-candle'));
    const candle = () =>
      readout.evaluate((e) => ({
        time: Number(e.getAttribute('data-time')),
        close: Number(e.getAttribute('data-close')),
        volume: Number(e.getAttribute('data-volume')),
      }));
    const before = await candle();
    expect(before.close).toBeGreaterThan(0);
    await p.page.evaluate(() => ((window as unknown as { marker: string }).marker = 'still here'));
    expect(candleLoads).toHaveLength(1);

    // BOB buys 20 TRX of TCAT with his own key: a buy on the curve raises the price
    await m.h.send(m.h.tg.message(BOB, '/start'));
    await faucet(m.h.stack.devnet.url, (await m.h.walletOf(BOB)).address, 100);
    const { client, key } = await m.h.account(BOB);
    const txid = await client.trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 20, privateKey: key() });
    expect(txid).toMatch(/^[0-9a-f]{64}$/);

    await p.page.waitForFunction(
      (old) => Number(document.querySelector('[data-testid="last-candle"]')?.getAttribute('data-close')) > old,
      before.close,
      { timeout: 20_000 },
    );
    const after = await candle();
    expect(after.close).toBeGreaterThan(before.close);
    // the same candle with the trade's volume added, or the next one
    expect(after.time > before.time || after.volume > before.volume).toBe(true);
    expect(after.time).toBeGreaterThanOrEqual(before.time);
    // the trade is in the list too, from the stream
    await p.page.waitForSelector(byTestId('trade-row', { txid }));
    // no reload and no second load of the candles: the stream moved it
    expect(await p.page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe('still here');
    expect(documents).toHaveLength(1);
    expect(candleLoads).toHaveLength(1);
    expect(p.problems()).toEqual([]);
  });

  it('follows Telegram\u2019s dark theme', async () => {
    const p = await newPage({ dark: true });
    await p.page.goto(launchUrl(m.url, m.initDataFor(ALICE), { theme: 'dark' }));
    await p.page.waitForSelector(byTestId('token-row'));
    const look = await p.page.evaluate(() => ({
      theme: document.documentElement.dataset.theme,
      bg: getComputedStyle(document.body).backgroundColor,
    }));
    expect(look).toEqual({ theme: 'dark', bg: 'rgb(33, 33, 33)' });
    expect(p.problems()).toEqual([]);
  });

  for (const { reason, initData } of [
    { reason: 'invalid', initData: () => m.initDataFor(6105, { tamper: true }) },
    { reason: 'expired', initData: () => m.initDataFor(6106, { authDate: new Date(Date.now() - 2 * 3600_000) }) },
  ])
    it(`refuses an ${reason === 'invalid' ? 'altered' : 'expired'} initData: the error screen (${reason}), no data`, async () => {
      const p = await newPage();
      const answers: Array<{ url: string; status: number }> = [];
      p.page.on('response', (r) => {
        if (r.url().includes('/app/api/')) answers.push({ url: r.url(), status: r.status() });
      });
      await p.page.goto(launchUrl(m.url, initData()));
      const screen = p.page.locator(byTestId('error-screen', { reason }));
      await screen.waitFor();
      await expect(screen.locator('h1').innerText()).resolves.toBe(tr('en', 'app-session-invalid-title'));
      await expect(screen.innerText()).resolves.toContain(tr('en', 'app-session-invalid-how'));
      // what the page asked for at the start (/me and the token list), each refused
      await expect.poll(() => answers.length).toBeGreaterThanOrEqual(2);
      expect(answers.every((a) => a.status === 401)).toBe(true);
      expect(await p.page.locator(byTestId('token-row')).count()).toBe(0);
      expect(await p.page.locator(byTestId('nav-tokens')).count()).toBe(0);
      // the browser logs the 401s; nothing else went wrong
      expect(p.consoleErrors.every((e) => /status of 401/.test(e))).toBe(true);
      expect([...p.pageErrors, ...p.cspViolations, ...p.blocked]).toEqual([]);
    });

  for (const { lang, code } of [
    { lang: 'ru', code: 'ru' },
    { lang: 'zh', code: 'zh-hans' },
  ] as const)
    it(`speaks ${lang} to a user whose Telegram is in ${code}`, async () => {
      const p = await newPage();
      const user = lang === 'ru' ? 6103 : 6104;
      await p.page.goto(launchUrl(m.url, m.initDataFor(user, { languageCode: code })));
      await p.page.waitForSelector(`${byTestId('app')}[data-lang="${lang}"] ${byTestId('token-row')}`);
      const text = (id: string) => p.page.locator(byTestId(id)).innerText();
      await expect(text('nav-tokens')).resolves.toBe(tr(lang, 'app-nav-tokens'));
      await expect(text('nav-positions')).resolves.toBe(tr(lang, 'app-nav-positions'));
      await expect(text('nav-orders')).resolves.toBe(tr(lang, 'app-nav-orders'));
      await expect(text('nav-wallet')).resolves.toBe(tr(lang, 'app-nav-wallet'));
      await expect(text('list-new')).resolves.toBe(tr(lang, 'app-tokens-tab-new'));
      await expect(text('list-trending')).resolves.toBe(tr(lang, 'app-tokens-tab-trending'));
      expect(await p.page.locator(byTestId('token-search')).getAttribute('placeholder')).toBe(
        tr(lang, 'app-tokens-search'),
      );
      expect(await p.page.title()).toBe(tr(lang, 'app-title'));
      expect(await p.page.evaluate(() => document.documentElement.lang)).toBe(lang);
      // not the English texts
      expect(tr(lang, 'app-nav-tokens')).not.toBe(tr('en', 'app-nav-tokens'));
      expect(p.problems()).toEqual([]);
    });
});
