// The Mini App's token page in headless Chromium names the token's network under its name only when
// more than one network is configured (`launchpad` on 'devnet', `launchpad2` on 'devnet 2'), in the
// user's language; with one network it says nothing of it. Waits are on the page's own markers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { botNetworks, type BotNetwork } from '../../../src/bot/networks.js';
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

const ALICE = 6201;
const TWO: BotNetwork[] = [
  { id: 'launchpad', name: 'devnet', families: ['launchpad'] },
  { id: 'launchpad2', name: 'devnet 2', families: ['launchpad2'] },
];

describe.skipIf(!HAS_CHROMIUM)("the Mini App's token page and the networks", () => {
  let m: MiniAppHarness;
  let browser: Browser;
  let tokens: Record<string, string>;
  const pages: AppPage[] = [];

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

  /** Opens a token's page from the list, as a user does; resolves once its header is drawn. */
  async function open(address: string, languageCode?: string): Promise<AppPage> {
    const p = await newAppPage(browser);
    pages.push(p);
    const initData = m.initDataFor(ALICE, languageCode ? { languageCode } : {});
    await p.page.goto(launchUrl(m.url, initData));
    await p.page.locator(byTestId('token-row', { address })).click();
    await p.page.waitForSelector(`${byTestId('token-screen', { address })} ${byTestId('token-page-price')}`);
    return p;
  }

  it('shows no network with one', async () => {
    const p = await open(tokens.WAVE!);
    expect(await p.page.locator(byTestId('token-network')).count()).toBe(0);
    expect(p.problems()).toEqual([]);
  });

  it("shows each token's network with two, in the user's language", async () => {
    m.h.built.services.networks = botNetworks(TWO);
    try {
      const wave = await open(tokens.WAVE!);
      await expect(wave.page.locator(byTestId('token-network')).textContent()).resolves.toBe('Network: devnet 2');
      const cat = await open(tokens.TCAT!, 'ru');
      await expect(cat.page.locator(byTestId('token-network')).textContent()).resolves.toBe('Сеть: devnet');
      expect([...wave.problems(), ...cat.problems()]).toEqual([]);
    } finally {
      m.h.built.services.networks = botNetworks();
    }
  });
});
