// Trading in the Mini App in headless Chromium, on the devnet: a buy goes amount → Buy → the
// confirmation sheet → Confirm (nothing is sent before Confirm), lands on the devnet, and shows in the
// app's positions and in the bot's /positions; a take-profit placed on the token page is listed on the
// orders screen and cancelled there. Waits are on the page's own markers (data-status, rows appearing
// and going) and on the devnet's ledger.
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Me, Order } from '../../../src/web/contract.js';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens } from '../../helpers/facade.js';
import { startMiniApp, type MiniAppHarness } from '../../helpers/miniapp.js';
import {
  HAS_CHROMIUM,
  byTestId,
  launchBrowser,
  launchUrl,
  newAppPage,
  requireBuiltPage,
  type AppPage,
} from '../../helpers/browser.js';

const CAROL = 6201;

describe.skipIf(!HAS_CHROMIUM)('trading in the Mini App in Chromium', () => {
  let m: MiniAppHarness;
  let browser: Browser;
  let p: AppPage;
  let sdog: string;
  let wallet: string;

  /** Transactions a wallet has sent on the devnet. */
  const sentBy = (address: string) =>
    (
      m.h.stack.devnet.chain.db.$client
        .prepare('select count(*) n from transactions where owner = ?')
        .get(TronWeb.address.toHex(address).toLowerCase()) as { n: number }
    ).n;

  beforeAll(async () => {
    requireBuiltPage();
    [m, browser] = await Promise.all([startMiniApp(), launchBrowser()]);
    sdog = (await demoTokens(m.h.stack.devnet.url)).SDOG!;
    // the user's wallet, as the app's /me gives it (made on first contact), funded from the faucet
    const me = await m.call<Me>(CAROL, 'GET', '/app/api/me');
    wallet = me.body.wallet.address;
    await faucet(m.h.stack.devnet.url, wallet, 500);
    p = await newAppPage(browser);
  });
  afterAll(async () => {
    await p?.close().catch(() => {});
    await browser?.close();
    await m?.close();
  });

  it('buys through the confirmation sheet: it lands on the devnet, in positions and in the bot\u2019s /positions', async () => {
    const { page } = p;
    // opened from a token card's button: the start parameter names the token
    await page.goto(launchUrl(m.url, m.initDataFor(CAROL), { startParam: `token_${sdog}` }));
    await page.waitForSelector(byTestId('token-screen', { address: sdog }));
    // the wallet's balance is known to the page (/me) before an amount is asked for
    await page.waitForSelector(`${byTestId('trade-panel')} :text("500")`);
    const sent = sentBy(wallet);

    await page.locator(byTestId('amount-input')).fill('50');
    await page.locator(byTestId('buy-button')).click();
    const sheet = page.locator(byTestId('quote-sheet'));
    await sheet.waitFor();
    await expect(sheet.locator(byTestId('quote-pay')).innerText()).resolves.toMatch(/50(\.0+)? TRX/);
    await expect(sheet.locator(byTestId('quote-min')).innerText()).resolves.toContain('SDOG');
    // the amount and Buy only asked for a quote: nothing was signed or sent yet
    expect(sentBy(wallet)).toBe(sent);

    await sheet.locator(byTestId('confirm-button')).click();
    const status = page.locator(byTestId('trade-status'));
    await page.waitForSelector(`${byTestId('trade-status')}:is([data-status="landed"], [data-status="final"])`, {
      timeout: 30_000,
    });
    await expect(sheet.count()).resolves.toBe(0);
    expect(sentBy(wallet)).toBe(sent + 1);
    const held = m.h.tokenBalance(sdog, wallet);
    expect(held).toBeGreaterThan(0n);
    expect(await status.locator(byTestId('trade-received')).getAttribute('data-received')).toBe(held.toString());

    // the app's positions screen
    await page.locator(byTestId('nav-positions')).click();
    const row = page.locator(byTestId('position-row', { token: sdog }));
    await row.waitFor();
    expect(await row.getAttribute('data-held')).toBe(held.toString());
    await expect(row.innerText()).resolves.toContain('SDOG');

    // and the bot's /positions, for the same user
    await m.h.send(m.h.tg.message(CAROL, '/positions'));
    expect(m.h.tg.last(CAROL).text).toMatch(/\$SDOG<\/b>/);
    expect(p.problems()).toEqual([]);
  });

  it('places a take-profit on the token page, lists it on the orders screen and cancels it there', async () => {
    const { page } = p;
    // from the position to its token page, then its order tab
    await page.locator(byTestId('position-row', { token: sdog })).click();
    await page.waitForSelector(byTestId('token-screen', { address: sdog }));
    await page.locator(byTestId('token-tab-order')).click();
    await page.locator(byTestId('order-kind-tp')).click();
    await page.locator(byTestId('order-amount')).fill('50');
    await page.locator(byTestId('order-trigger')).fill('100');
    await page.locator(byTestId('order-submit')).click();
    const placed = page.locator(byTestId('order-placed'));
    await placed.waitFor();
    const id = (await placed.getAttribute('data-order-id'))!;
    expect(id).toBeTruthy();
    const listed = await m.call<Order[]>(CAROL, 'GET', '/app/api/orders');
    expect(listed.body.find((o) => o.id === id)).toMatchObject({ token: sdog, kind: 'tp', side: 'sell' });

    await page.locator(byTestId('nav-orders')).click();
    const row = page.locator(byTestId('order-row', { 'order-id': id }));
    await row.waitFor();
    expect(await row.getAttribute('data-kind')).toBe('tp');
    await expect(row.innerText()).resolves.toContain('SDOG');
    await row.locator(byTestId('order-cancel')).click();
    await row.waitFor({ state: 'detached' });
    const after = await m.call<Order[]>(CAROL, 'GET', '/app/api/orders');
    expect(after.status).toBe(200);
    expect(after.body.map((o) => o.id)).not.toContain(id);
    expect(p.problems()).toEqual([]);
  });
});
