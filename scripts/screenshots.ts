// `npx tsx scripts/screenshots.ts`: pictures of the Mini App for docs/app.md and the README. Starts the
// stack the tests use (devnet with its demo tokens, the bot and its trading side on a fake Telegram, the
// API with the Mini App), seeds a user with two positions and two open orders, and photographs each
// screen in Headless Chromium as a 360×740 phone, in Telegram's light and dark themes:
// docs/app-<screen>-<light|dark>.png. Needs Debian's chromium (/usr/bin/chromium), a built page
// (`npm run build:web`) and, for the emoji in the orders' texts, an emoji font (fonts-noto-color-emoji).
import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { Me, Order, Quote, TradeState } from '../src/web/contract.js';
import {
  CHROMIUM,
  HAS_CHROMIUM,
  byTestId,
  launchBrowser,
  launchUrl,
  newAppPage,
  requireBuiltPage,
  type ThemeName,
} from '../test/helpers/browser.js';
import { faucet } from '../test/helpers/devnet.js';
import { demoTokens, waitFor } from '../test/helpers/facade.js';
import { startMiniApp, type MiniAppHarness } from '../test/helpers/miniapp.js';

const DOCS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs');
const USER = 4242;
/** The token whose page is shown: the demo token with the longest history. */
const SHOWN = 'TCAT';

type Screen = 'tokens' | 'token' | 'confirm' | 'positions' | 'orders' | 'wallet' | 'error';
const THEME_NAMES: readonly ThemeName[] = ['light', 'dark'];
const shotFile = (screen: Screen, theme: ThemeName) => `app-${screen}-${theme}.png`;

/** A buy through the app's API, followed until it is in a block. */
async function buy(m: MiniAppHarness, token: string, trx: string): Promise<void> {
  const q = await m.call<Quote>(USER, 'POST', '/app/api/quotes', { token, side: 'buy', amount: trx });
  if (q.status !== 200) throw new Error(`quote refused: ${JSON.stringify(q.body)}`);
  await m.call(USER, 'POST', `/app/api/trades/${q.body.id}`);
  const done = await waitFor(async () => {
    const s = (await m.call<TradeState>(USER, 'GET', `/app/api/trades/${q.body.id}`)).body;
    return ['landed', 'final', 'failed', 'expired'].includes(s.status) ? s : undefined;
  }, 30_000);
  if (done.status === 'failed' || done.status === 'expired') throw new Error(`buy ${done.status}: ${done.reason}`);
}

async function order(m: MiniAppHarness, body: Record<string, string>): Promise<void> {
  const r = await m.call<Order>(USER, 'POST', '/app/api/orders', body);
  if (r.status !== 200) throw new Error(`order refused: ${JSON.stringify(r.body)}`);
}

/** What the seeded user has: two positions (one bought twice) and two open orders. */
async function seed(m: MiniAppHarness, tokens: Record<string, string>): Promise<void> {
  const me = await m.call<Me>(USER, 'GET', '/app/api/me');
  await faucet(m.h.stack.devnet.url, me.body.wallet.address, 3_000);
  await buy(m, tokens[SHOWN]!, '300');
  await buy(m, tokens.SDOG!, '150');
  await buy(m, tokens[SHOWN]!, '100');
  await order(m, { token: tokens[SHOWN]!, kind: 'tp', side: 'sell', amount: '50', trigger: '+100' });
  await order(m, { token: tokens.SDOG!, kind: 'limit', side: 'buy', amount: '25', trigger: '0.00003' });
}

/** Once the page has painted what it shows (two frames: the chart draws on the next one). */
const painted = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

async function shoot(page: Page, screen: Screen, theme: ThemeName): Promise<string> {
  await painted(page);
  const file = path.join(DOCS, shotFile(screen, theme));
  await page.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
  return file;
}

async function main(): Promise<void> {
  if (!HAS_CHROMIUM) throw new Error(`no ${CHROMIUM}: apt-get install -y chromium`);
  requireBuiltPage();
  const m = await startMiniApp();
  const browser = await launchBrowser();
  const written: string[] = [];
  try {
    const tokens = await demoTokens(m.h.stack.devnet.url);
    await seed(m, tokens);
    for (const theme of THEME_NAMES) {
      const p = await newAppPage(browser, { dark: theme === 'dark' });
      const { page } = p;
      await page.goto(launchUrl(m.url, m.initDataFor(USER, { firstName: 'Dana' }), { theme }));
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="token-row"]').length >= 5);
      written.push(await shoot(page, 'tokens', theme));

      await page.locator(byTestId('token-row', { address: tokens[SHOWN]! })).click();
      await page.waitForSelector(byTestId('token-screen', { address: tokens[SHOWN]!, live: 'open' }));
      await page.locator(byTestId('interval-1h')).click();
      await page.waitForSelector(byTestId('chart', { state: 'ready', interval: '1h' }));
      written.push(await shoot(page, 'token', theme));

      await page.locator(byTestId('amount-input')).fill('100');
      await page.locator(byTestId('buy-button')).click();
      await page.waitForSelector(byTestId('quote-sheet'));
      written.push(await shoot(page, 'confirm', theme));
      await page.locator(byTestId('cancel-quote')).click();
      await page.waitForSelector(byTestId('quote-sheet'), { state: 'detached' });

      await page.locator(byTestId('nav-positions')).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="position-row"]').length >= 2);
      written.push(await shoot(page, 'positions', theme));

      await page.locator(byTestId('nav-orders')).click();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="order-row"]').length >= 2);
      written.push(await shoot(page, 'orders', theme));

      await page.locator(byTestId('nav-wallet')).click();
      await page.waitForSelector(byTestId('wallet-balance'));
      written.push(await shoot(page, 'wallet', theme));
      const problems = p.problems();
      await p.close();

      // opened again from an old chat button: initData over an hour old
      const e = await newAppPage(browser, { dark: theme === 'dark' });
      const old = m.initDataFor(USER, { authDate: new Date(Date.now() - 2 * 3600_000) });
      await e.page.goto(launchUrl(m.url, old, { theme }));
      await e.page.waitForSelector(byTestId('error-screen', { reason: 'expired' }));
      written.push(await shoot(e.page, 'error', theme));
      await e.close();
      for (const line of problems) console.warn(`${theme}: ${line}`);
    }
  } finally {
    await browser.close();
    await m.close();
  }
  for (const f of written)
    console.log(`${path.relative(process.cwd(), f)}  ${(statSync(f).size / 1024).toFixed(0)} KiB`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
