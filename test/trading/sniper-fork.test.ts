// The sniper on a mainnet-like devnet (a block is solid 19 blocks later, forks on demand): a snipe is
// said as soon as it is in a block. A fork that takes away the token's creation with the snipe: the
// bot sends the snipe's signed bytes again, which name a block the fork replaced, so they can never
// land; once they have expired the user is told the snipe failed, nothing traded; the wallet keeps
// its TRX and holds nothing, and the rule's daily budget is as before. A fork that runs both
// again in new blocks: the snipe stands, bought once, and nothing more is said.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { automationHelpers } from '../helpers/automation.js';
import { startStack, waitFor } from '../helpers/facade.js';
import { startBotStack } from '../helpers/bot.js';

const SOLID_AFTER = 19;
/** The trade flow's clock: the real one, ahead by `ahead` ms (to pass a transaction's expiration). */
let ahead = 0;
let h: Awaited<ReturnType<typeof startBotStack>>;
let helpers: ReturnType<typeof automationHelpers>;

beforeAll(async () => {
  h = await startBotStack({
    stack: await startStack({ pollMs: 100, solidAfter: SOLID_AFTER }),
    tradeNow: () => Date.now() + ahead,
  });
  helpers = automationHelpers(h);
  await h.built.services.automation.start();
});
afterAll(async () => {
  h?.built.services.automation.stop();
  await h?.close();
  await h?.stack.close();
});

const sniper = () => h.built.services.automation;
const chain = () => h.stack.devnet.chain;
const texts = (user: number) => h.tg.sent(user).map((m) => m.text);
/** Transactions of the address that landed (SUCCESS or not) in the devnet's current chain. */
const landed = (address: string) =>
  (
    chain()
      .db.$client.prepare('select count(*) n from transactions where owner = ?')
      .get(TronWeb.address.toHex(address).toLowerCase()) as { n: number }
  ).n;

async function fork(fromBlock: number, drop: boolean): Promise<string[]> {
  const res = await fetch(`${h.stack.devnet.url}/devnet/fork`, {
    method: 'POST',
    body: JSON.stringify({ blocks: chain().head().number - fromBlock + 1, drop }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { transactions: string[] }).transactions;
}

/** A user with a rule for `word`, and a new token of that name made by a wallet outside the bot. */
async function sniped(user: number, word: string, symbol: string) {
  const me = await helpers.newUser(user);
  await h.send(h.tg.message(user, `/snipe add 50 name:${word}`));
  const rule = (await sniper().rules(user))[0]!;
  const trxBefore = h.trxBalance(me);
  const dev = await helpers.outsider(10_000);
  const made = await dev.create(`${word} cat`, symbol, 100);
  const said = new RegExp(`^🎯 <b>Sniped</b>: bought [\\d.,KM]+ \\$${symbol} for 50 TRX`);
  await waitFor(() => (texts(user).some((t) => said.test(t)) ? true : undefined), 30_000);
  const [snipe] = helpers.tradesOf(rule.id);
  expect(helpers.blockOf(snipe!.txid!)).toBe(made.block + 1);
  const held = h.tokenBalance(made.token, me);
  expect(held).toBeGreaterThan(0n);
  return { me, rule, made, snipe: snipe!, held, trxBefore };
}

describe('a snipe and a fork', () => {
  it('told failed when the fork took the token away with it; the TRX stays, nothing is held', async () => {
    const U = 8901;
    const { me, rule, made, snipe, trxBefore } = await sniped(U, 'gone', 'GONE');
    const taken = await fork(made.block, true);
    expect(taken).toEqual(expect.arrayContaining([made.txid, snipe.txid]));
    // the bot finds its snipe gone and sends the same bytes again; its bytes name the creation's block, which the fork replaced: the node refuses them (TaPoS) and
    // will until they expire (60 s), so the bot tries while they could still land; past that, undone.
    // Proof that it has looked since the fork: two more reads of the snipe's status, so one whole poll ran
    const reads = h.statusReads(snipe.txid!);
    await waitFor(() => (h.statusReads(snipe.txid!) >= reads + 2 ? true : undefined));
    expect(helpers.tradesOf(rule.id)[0]!.status).toBe('included');
    expect(texts(U).some((t) => /^❌/.test(t))).toBe(false);
    // while it may still land it counts against the rule's daily budget
    await h.send(h.tg.message(U, '/snipe'));
    expect(h.tg.last(U).text).toContain(' · 50/');
    ahead = 120_000;
    const failed = await waitFor(() => texts(U).find((t) => /^❌ Snipe of \$GONE failed: /.test(t)), 10_000);
    ahead = 0;
    expect(failed).toMatch(
      /a chain reorganisation removed it and it could not be sent again in time: nothing was traded/,
    );
    await waitFor(() => (helpers.tradesOf(rule.id)[0]?.status === 'failed' ? true : undefined), 30_000);
    expect(helpers.tradesOf(rule.id)).toHaveLength(1);
    expect(h.tokenBalance(made.token, me)).toBe(0n);
    // the fork put the wallet back as it was before the snipe: the 50 TRX and the fee never left
    expect(h.trxBalance(me)).toBe(trxBefore);
    expect(texts(U).filter((t) => /GONE/.test(t) && /^(🎯|❌)/.test(t))).toHaveLength(2);
    // nothing was traded, so nothing of the rule's budget is spent
    await h.send(h.tg.message(U, '/snipe'));
    expect(h.tg.last(U).text).toContain(' · 0/');
  });

  it('stands when the fork runs the creation and the snipe again: bought once, nothing more said', async () => {
    const U = 8902;
    const { me, rule, made, snipe, held } = await sniped(U, 'kept', 'KEPT');
    const sentBefore = landed(me);
    await fork(made.block, false);
    // both run again in the fork's new blocks, in the same order
    await waitFor(() => (helpers.blockOf(snipe.txid!) > 0 ? true : undefined));
    for (let i = 0; i < SOLID_AFTER + 1; i++) await chain().produceBlock();
    // the bot follows it to final in its new block (at which nothing is said)
    await waitFor(() => (helpers.tradesOf(rule.id)[0]?.status === 'confirmed' ? true : undefined), 30_000);
    expect(h.tokenBalance(made.token, me)).toBe(held);
    expect(landed(me)).toBe(sentBefore);
    expect(helpers.tradesOf(rule.id)).toEqual([expect.objectContaining({ txid: snipe.txid })]);
    expect(helpers.tradesOf(rule.id)[0]!.status).not.toBe('failed');
    expect(texts(U).filter((t) => /KEPT/.test(t) && /^(🎯|❌)/.test(t))).toHaveLength(1);
  });
});
