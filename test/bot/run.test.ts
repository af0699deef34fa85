// buildBot on the same database after a crash: unfinished trades are resumed, each sent once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../helpers/devnet.js';
import { demoTokens } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ALICE = 1001;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(ALICE, '/start'));
  await faucet(h.stack.devnet.url, (await h.walletOf(ALICE)).address, 5_000);
});
afterAll(async () => h?.close());

describe('restart', () => {
  it('resumes a trade that was signed but not confirmed before the crash, sending it once', async () => {
    const w = await h.walletOf(ALICE);
    const user = (await h.built.store.user(ALICE))!;
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 15`));
    const quote = h.tg.last(ALICE);
    const id = h.tg.button(quote, '✅ Confirm').slice(3);
    // the process dies right after storing the signed transaction
    expect(await h.built.services.trading.claim(id, ALICE)).toBe('ok');
    const client = h.built.services.accounts.clientFor(user);
    const { unsignedTx } = await client.localTrade({
      type: 'buy',
      tokenAddress: tokens.SDOG!,
      amount: '15',
      userAddress: w.address,
    });
    const { utils } = await import('tronweb');
    const signed = h.built.services.accounts.withKey(w, (k) =>
      utils.crypto.signTransaction(k, unsignedTx as never),
    ) as { txID: string };
    await h.built.store.updateTrade(id, {
      status: 'signed',
      txid: signed.txID,
      signedTx: JSON.stringify(signed),
    });
    const held = h.tokenBalance(tokens.SDOG!, w.address);

    const fresh = await h.restart();
    const n = await fresh.services.trading.resume(fresh.services.events(fresh.bot.api));
    expect(n).toBe(1);
    expect((await fresh.store.trade(id))!.status).toBe('confirmed');
    expect(quote.text).toMatch(/^✅ <b>Bought<\/b>/);
    expect(h.tokenBalance(tokens.SDOG!, w.address)).toBeGreaterThan(held);
    // resuming again does nothing
    expect(await fresh.services.trading.resume(fresh.services.events(fresh.bot.api))).toBe(0);
  });
});
