// Holders, trades and token lists against a fake Telegram, the real facade and the devnet: what users see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { LaunchpadClient } from '../../../src/client/index.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ALICE = 1001;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
});
afterAll(async () => h?.close());

describe('holders, trades and lists', () => {
  beforeAll(async () => {
    // more holders than one page shows
    const client = new LaunchpadClient({ baseUrl: h.stack.url, apiKey: await h.stack.key() });
    for (const w of await client.createWallet(4)) {
      await faucet(h.stack.devnet.url, w.publicKey, 200);
      await client.trade({ action: 'buy', tokenAddress: tokens.TCAT!, amount: 50, privateKey: w.privateKey });
    }
    await waitFor(async () =>
      (await client.getTokenHolders(tokens.TCAT!, { limit: 50 })).length > 10 ? true : undefined,
    );
  });

  it('pages holders in place with next/previous', async () => {
    await h.send(h.tg.message(ALICE, `/holders ${tokens.TCAT}`));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('<b>Holders of $TCAT</b> — page 1');
    expect(m.text).toMatch(/1\. <code>T\w{4}…\w{4}<\/code> <i>\((curve|dev)\)<\/i>/);
    const next = h.tg.button(m, 'Next ▶️');
    await h.send(h.tg.tap(ALICE, m, next));
    expect(m.history).toHaveLength(2); // edited, not a new message
    expect(m.text).toContain('page 2');
    expect(h.tg.buttons(m).map((b) => b.text)).toContain('◀️ Prev');
  });

  it('pages trades newest first', async () => {
    await h.send(h.tg.message(ALICE, `/trades ${tokens.TCAT}`));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('<b>Trades of $TCAT</b> — page 1');
    expect(m.text.split('\n').filter((l) => /^[🟢🔴]/u.test(l))).toHaveLength(10);
    await h.send(h.tg.tap(ALICE, m, h.tg.button(m, 'Next ▶️')));
    expect(m.text).toContain('page 2');
  });

  it('lists new and top tokens with buttons to their cards', async () => {
    await h.send(h.tg.message(ALICE, '/new'));
    const m = h.tg.last(ALICE);
    expect(m.text).toContain('Newest tokens');
    expect(m.text.indexOf('Fresh Frog')).toBeLessThan(m.text.indexOf('Tron Cat'));
    await h.send(h.tg.tap(ALICE, m, h.tg.button(m, /\$FROG/)));
    expect(m.text).toContain('<b>Fresh Frog</b>');
    await h.send(h.tg.message(ALICE, '/top'));
    expect(h.tg.last(ALICE).text).toContain('Top by 24 h volume');
  });
});
