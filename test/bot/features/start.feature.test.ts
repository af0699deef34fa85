// /start against a fake Telegram, the real facade and the devnet: what a new and a returning user see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
const ALICE = 1001;

beforeAll(async () => {
  h = await startBotStack();
});
afterAll(async () => h?.close());

describe('/start', () => {
  it('creates a wallet and a sealed API key, and shows the address', async () => {
    await h.send(h.tg.message(ALICE, '/start'));
    const m = h.tg.last(ALICE);
    const w = await h.walletOf(ALICE);
    expect(m.text).toContain('Welcome!');
    expect(m.text).toContain(w.address);
    expect(TronWeb.isAddress(w.address)).toBe(true);
    const row = (await h.built.store.user(ALICE))!;
    expect(row.apiKeyEnc.startsWith('v1.')).toBe(true);
    expect(row.apiKeyEnc).not.toMatch(/lp_/);
    await h.send(h.tg.message(ALICE, '/start'));
    expect(h.tg.last(ALICE).text).toContain('Welcome back!');
    expect(await h.built.store.wallets(ALICE)).toHaveLength(1);
  });
});
