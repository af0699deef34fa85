// /start against a fake Telegram, the real facade and the devnet: what a new and a returning user see,
// and the invitation to set a PIN before the first deposit.
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

  it('asks for a PIN before the first deposit, until one is set', async () => {
    const INVITE = '🔒 Before your first deposit, set a PIN: /pin and 4 to 8 digits.';
    const BEA = 1002;
    await h.send(h.tg.message(BEA, '/start'));
    const hello = h.tg.last(BEA).text;
    expect(hello).toContain(INVITE);
    expect(hello.indexOf(INVITE)).toBeLessThan(hello.indexOf('Send TRX to it'));
    await h.send(h.tg.message(BEA, '/pin 246810'));
    await h.send(h.tg.message(BEA, '/start'));
    expect(h.tg.last(BEA).text).toContain('Welcome back!');
    expect(h.tg.last(BEA).text).not.toContain('set a PIN');
  });
});
