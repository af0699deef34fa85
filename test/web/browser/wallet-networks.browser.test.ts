// The Mini App's wallet on two real networks (launchpad on one devnet, launchpad2 on another): the
// wallet screen in headless Chromium shows the TRX on each network, read from the bot's own nodes, and
// says the same address and key work on both; the server's /me carries the same. Waits are on the
// page's own markers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Me } from '../../../src/web/contract.js';
import { faucet } from '../../helpers/devnet.js';
import { startStack } from '../../helpers/facade.js';
import { startMiniApp, type MiniAppHarness } from '../../helpers/miniapp.js';
import {
  HAS_CHROMIUM,
  byTestId,
  launchBrowser,
  launchUrl,
  newAppPage,
  requireBuiltPage,
} from '../../helpers/browser.js';

const ALICE = 6301;

describe.skipIf(!HAS_CHROMIUM)("the Mini App's wallet on two networks", () => {
  let m: MiniAppHarness;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltPage();
    const stack = await startStack({ pollMs: 100, networks: 2 });
    [m, browser] = await Promise.all([startMiniApp({ bot: { stack } }), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await m?.close();
    await m?.h.stack.close();
  });

  it('shows the TRX on each network and that one key serves both', async () => {
    const me = (await m.call<Me>(ALICE, 'GET', '/app/api/me')).body;
    await faucet(m.h.stack.devnet.url, me.wallet.address, 7);
    await faucet(m.h.stack.devnet2!.url, me.wallet.address, 21.5);
    expect((await m.call<Me>(ALICE, 'GET', '/app/api/me')).body.wallet.networks).toEqual([
      { name: 'devnet', trxSun: '7000000' },
      { name: 'devnet 2', trxSun: '21500000' },
    ]);

    const p = await newAppPage(browser);
    try {
      await p.page.goto(launchUrl(m.url, m.initDataFor(ALICE)));
      await p.page.locator(byTestId('nav-wallet')).click();
      await p.page.waitForSelector(byTestId('wallet-same-key'));
      const rows = p.page.locator(byTestId('wallet-balance-on'));
      await expect(rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-sun')))).resolves.toEqual([
        '7000000',
        '21500000',
      ]);
      const labels = await p.page.locator('.kv span').allTextContents();
      expect(labels).toEqual(expect.arrayContaining(['Balance on devnet', 'Balance on devnet 2']));
      await expect(p.page.locator(byTestId('wallet-same-key')).textContent()).resolves.toBe(
        'The same address and key work on every network.',
      );
      expect(await p.page.locator(byTestId('wallet-balance')).count()).toBe(0);
      expect(p.problems()).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
