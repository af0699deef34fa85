// Energy lent per trade, end to end: the router's callers pay all of its energy (100 %), the operator
// seals a lender's key with the CLI, and a bot user's buy is lent its energy before it leaves (the
// card says so), burns none, and the loan is taken back once the trade is in a block.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TronWeb } from 'tronweb';
import { FAMILIES, ROUTER_OWNER } from '../../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';
import { runCli } from '../../helpers/system.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
let lender: { address: string; privateKey: string };
const ALICE = 4601;
const SUN = 1_000_000;

/** The CLI on its own process, on the bot's database and vault key (the devnet answers from here). */
const cli = (args: string[], input = ''): Promise<string> =>
  runCli(
    {
      DATA_DIR: h.stack.dir,
      WALLET_ENCRYPTION_KEY: h.vaultKey.toString('hex'),
      DEVNET_PORT: new URL(h.stack.devnet.url).port,
    },
    args,
    input,
  );

async function send(tw: TronWeb, built: unknown): Promise<void> {
  const tx = (built as { transaction?: unknown }).transaction ?? built;
  const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx as never));
  expect(sent.result).toBe(true);
  await waitFor(async () => ((await tw.trx.getTransactionInfo(sent.txid)) as { id?: string }).id);
}

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(ALICE, '/start'));
  await faucet(h.stack.devnet.url, (await h.walletOf(ALICE)).address, 500);
  // the router is not sponsored: its callers pay all of a trade's energy
  const owner = tronWebFor(h.stack.devnet.url, ROUTER_OWNER.privateKey);
  const router = TronWeb.address.fromHex(FAMILIES[0]!.router);
  await send(owner, await owner.transactionBuilder.updateSetting(router, 100, owner.defaultAddress.base58 as string));
  // a lender with 100,000 TRX staked for energy
  const acc = await TronWeb.createAccount();
  lender = { address: acc.address.base58, privateKey: acc.privateKey };
  await faucet(h.stack.devnet.url, lender.address, 101_000);
  const tw = tronWebFor(h.stack.devnet.url, lender.privateKey);
  await send(tw, await tw.transactionBuilder.freezeBalanceV2(100_000 * SUN, 'ENERGY', lender.address));
}, 60_000);
afterAll(async () => h?.close());

describe('energy lent for a trade', () => {
  it('the CLI seals a lender; a buy is lent its energy, burns none, and the loan comes back', async () => {
    expect(await cli(['energy', 'lender', 'status'])).toContain('no lender set');
    const set = await cli(['energy', 'lender', 'set'], `${lender.privateKey}\n`);
    expect(set).toContain(`the bot lends trades' energy from ${lender.address} (key sealed)`);
    expect(set).not.toContain(lender.privateKey);
    expect(await cli(['energy', 'lender', 'status'])).toContain(`lender: ${lender.address}`);

    const wallet = await h.walletOf(ALICE);
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 50`));
    const card = h.tg.last(ALICE);
    expect(card.text).toMatch(
      /Network fee: ~0 TRX \(the bot lends your wallet the [\d,]+ energy for this trade\) · up to [\d.]+ TRX if the loan does not go through/,
    );
    const before = h.trxBalance(wallet.address);
    await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '✅ Confirm')));
    await waitFor(() => (card.text.startsWith('✅') || card.text.startsWith('❌') ? true : undefined), 30_000);
    expect(card.text).toMatch(/^✅ <b>Bought<\/b>/);
    const txid = /Tx: <code>([0-9a-f]{64})<\/code>/.exec(card.text)![1]!;
    const info = (await tronWebFor(h.stack.devnet.url).trx.getTransactionInfo(txid)) as {
      receipt: { energy_usage?: number; energy_usage_total?: number; energy_fee?: number; net_fee?: number };
    };
    // the wallet's own (lent) energy paid it all; its bytes came from the free allowance
    expect(info.receipt.energy_usage).toBe(info.receipt.energy_usage_total);
    expect(info.receipt.energy_fee ?? 0).toBe(0);
    expect(info.receipt.net_fee ?? 0).toBe(0);
    expect(before - h.trxBalance(wallet.address)).toBe(50n * BigInt(SUN));
    const lent = async () => {
      const r = (await tronWebFor(h.stack.devnet.url).trx.getDelegatedResourceV2(lender.address, wallet.address)) as {
        delegatedResource?: Array<{ frozen_balance_for_energy?: number }>;
      };
      return r.delegatedResource?.[0]?.frozen_balance_for_energy ?? 0;
    };
    // the loan is taken back once the trade is in a block: its record goes once the return is in a block
    await waitFor(async () => ((await h.built.store.metaByPrefix('energy.loan:')).length === 0 ? true : undefined));
    expect(await lent()).toBe(0);

    // without a lender, the same buy burns its energy, and the card said so
    expect(await cli(['energy', 'lender', 'clear'])).toContain('no lender');
    await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} 50`));
    const plain = h.tg.last(ALICE);
    expect(plain.text).toMatch(/Network fee: ~[1-9][\d.]* TRX · at most/);
    await h.send(h.tg.tap(ALICE, plain, h.tg.button(plain, '✖️ Cancel')));
  }, 90_000);

  it("takes back, at the engine's start, a loan a stop left out (lent, the trade done, not yet returned)", async () => {
    await cli(['energy', 'lender', 'set'], `${lender.privateKey}\n`);
    const wallet = await h.walletOf(ALICE);
    const tw = tronWebFor(h.stack.devnet.url, lender.privateKey);
    // as a stop leaves it: the loan recorded, its delegation on chain, the trade gone by
    await h.built.store.setMeta(
      'energy.loan:left-by-a-stop',
      JSON.stringify({ to: wallet.address, sun: String(5_000 * SUN) }),
    );
    await send(
      tw,
      await tw.transactionBuilder.delegateResource(5_000 * SUN, wallet.address, 'ENERGY', lender.address, false),
    );
    const lent = async () => {
      const r = (await tw.trx.getDelegatedResourceV2(lender.address, wallet.address)) as {
        delegatedResource?: Array<{ frozen_balance_for_energy?: number }>;
      };
      return r.delegatedResource?.[0]?.frozen_balance_for_energy ?? 0;
    };
    expect(await lent()).toBe(5_000 * SUN);
    // what the engine's start runs first
    expect(await h.built.trading.repayLoans()).toBe(1);
    expect(await lent()).toBe(0);
    expect(await h.built.store.metaByPrefix('energy.loan:')).toEqual([]);
  }, 60_000);
});
