// What a trader sees on a mainnet-like devnet (a block is solid 19 blocks later, forks on demand):
// "Bought" as soon as the trade is in a block, said not final yet, in /positions at once; "Final"
// once its block is solid. A fork that drops the trade's block: the bot sends the same signed bytes
// again, the trade lands once (never twice), and the message still ends "Final".
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { faucet } from '../../helpers/devnet.js';
import { demoTokens, startStack, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

const SOLID_AFTER = 19;
const ALICE = 1101;
let h: Awaited<ReturnType<typeof startBotStack>>;
let token: string;

beforeAll(async () => {
  h = await startBotStack({ stack: await startStack({ pollMs: 100, solidAfter: SOLID_AFTER }) });
  token = (await demoTokens(h.stack.devnet.url)).SDOG!;
  await h.send(h.tg.message(ALICE, '/start'));
  await faucet(h.stack.devnet.url, (await h.walletOf(ALICE)).address, 2_000);
});
afterAll(async () => {
  await h?.close();
  await h?.stack.close();
});

const blocks = async (n: number) => {
  for (let i = 0; i < n; i++) await h.stack.devnet.chain.produceBlock();
};
/** Buys by /buy and Confirm; returns the message once it says Bought (or failed). */
async function buy(trx: number) {
  await h.send(h.tg.message(ALICE, `/buy ${token} ${trx}`));
  const quote = h.tg.last(ALICE);
  await h.send(h.tg.tap(ALICE, quote, h.tg.button(quote, '✅ Confirm')));
  await waitFor(() => (quote.text.startsWith('✅') || quote.text.startsWith('❌') ? true : undefined), 20_000);
  return quote;
}
const txidOf = (text: string) => /Tx: <code>([0-9a-f]{64})<\/code>/.exec(text)![1]!;
const sentBy = (address: string) =>
  (
    h.stack.devnet.chain.db.$client
      .prepare("select count(*) n from transactions where owner = ? and status = 'SUCCESS'")
      .get(TronWeb.address.toHex(address).toLowerCase()) as { n: number }
  ).n;

describe('a trade in a head block, then final', () => {
  it('says Bought at once, not final yet, shows it in /positions, and Final 19 blocks later', async () => {
    const msg = await buy(10);
    expect(msg.text).toMatch(/^✅ <b>Bought<\/b> — received [\d.,KM]+ \$SDOG/);
    expect(msg.text).toContain('⏳ In a block; final in about a minute');
    expect(msg.text).not.toContain('Final');
    await waitFor(async () => {
      await h.send(h.tg.message(ALICE, '/positions'));
      return h.tg.last(ALICE).text.includes('SDOG') ? true : undefined;
    });
    await blocks(SOLID_AFTER - 1);
    // proof that the bot has looked since: two more reads of the trade's status, so one whole poll ran
    const txid = txidOf(msg.text);
    const reads = h.statusReads(txid);
    await waitFor(() => (h.statusReads(txid) >= reads + 2 ? true : undefined));
    expect(msg.text).not.toContain('🔒 Final');
    await blocks(1);
    await waitFor(() => (msg.text.includes('🔒 Final') ? true : undefined));
    expect(msg.text).toMatch(/^✅ <b>Bought<\/b>/);
    expect(msg.text).not.toContain('final in about a minute');
  });

  it('sends the same bytes again when a fork drops the block, and the trade lands once', async () => {
    const w = await h.walletOf(ALICE);
    const heldBefore = h.tokenBalance(token, w.address);
    const sentBefore = sentBy(w.address);
    const msg = await buy(20);
    expect(msg.text).toContain('final in about a minute');
    const txid = txidOf(msg.text);
    const held = h.tokenBalance(token, w.address);
    expect(held).toBeGreaterThan(heldBefore);

    const res = await fetch(`${h.stack.devnet.url}/devnet/fork`, {
      method: 'POST',
      body: JSON.stringify({ blocks: 1, drop: true }),
    });
    expect(res.status).toBe(200);
    // the fork took the trade away (nobody but the bot can send its signed bytes again)
    expect(((await res.json()) as { transactions: string[] }).transactions).toContain(txid);
    // the bot finds it gone and sends it again; it lands in a new block
    await waitFor(() => (h.tokenBalance(token, w.address) === held ? true : undefined));
    await blocks(SOLID_AFTER);
    await waitFor(() => (msg.text.includes('🔒 Final') ? true : undefined));
    expect(txidOf(msg.text)).toBe(txid);
    expect(h.tokenBalance(token, w.address)).toBe(held);
    expect(sentBy(w.address)).toBe(sentBefore + 1);
  });
});
