// What a trade costs its user in network fees, end to end on the devnet `npm start` runs (the same
// genesis: the routers' origin has staked for energy and pays its users' trade energy): the card shows
// the fee before Confirm, the receipt on the chain burns that much, and with the pool empty the card
// says so first and the user pays the energy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTER_OWNER } from '../../../src/devnet/genesis.js';
import { faucet, tronWebFor } from '../../helpers/devnet.js';
import { demoTokens, waitFor } from '../../helpers/facade.js';
import { startBotStack } from '../../helpers/bot.js';

let h: Awaited<ReturnType<typeof startBotStack>>;
let tokens: Record<string, string>;
const ALICE = 4501;

beforeAll(async () => {
  h = await startBotStack();
  tokens = await demoTokens(h.stack.devnet.url);
  await h.send(h.tg.message(ALICE, '/start'));
  await faucet(h.stack.devnet.url, (await h.walletOf(ALICE)).address, 500);
});
afterAll(async () => h?.close());

/** The network fee line of a card, and its figure in sun. */
function feeOf(text: string): { line: string; sun: bigint } {
  const line = text.split('\n').find((l) => l.includes('Network fee:'));
  expect(line, text).toBeDefined();
  const [, whole = '0', frac = ''] = /Network fee: ~([\d,]+)(?:\.(\d+))? TRX/.exec(line!) ?? [];
  return { line: line!, sun: BigInt(whole.replace(/,/g, '')) * 1_000_000n + BigInt(frac.padEnd(6, '0') || '0') };
}

/** Buys by /buy, confirms, and answers the card's fee line and what the chain burnt (energy_fee + net_fee). */
async function buy(trx: number) {
  const wallet = await h.walletOf(ALICE);
  await h.send(h.tg.message(ALICE, `/buy ${tokens.SDOG} ${trx}`));
  const card = h.tg.last(ALICE);
  expect(card.text).toContain('<b>🟢 Buy $SDOG</b>');
  const shown = feeOf(card.text);
  const before = h.trxBalance(wallet.address);
  await h.send(h.tg.tap(ALICE, card, h.tg.button(card, '✅ Confirm')));
  await waitFor(() => (card.text.startsWith('✅') || card.text.startsWith('❌') ? true : undefined), 20_000);
  expect(card.text).toMatch(/^✅ <b>Bought<\/b>/);
  const txid = /Tx: <code>([0-9a-f]{64})<\/code>/.exec(card.text)![1]!;
  const info = (await tronWebFor(h.stack.devnet.url).trx.getTransactionInfo(txid)) as {
    fee?: number;
    receipt: { energy_usage_total?: number; origin_energy_usage?: number; energy_fee?: number; net_fee?: number };
  };
  const burnt = BigInt(info.receipt.energy_fee ?? 0) + BigInt(info.receipt.net_fee ?? 0);
  // the wallet paid the amount and the burnt fee, to the sun
  expect(before - h.trxBalance(wallet.address)).toBe(BigInt(trx) * 1_000_000n + burnt);
  return { shown, burnt, receipt: info.receipt };
}

describe('the network fee of a bot trade', () => {
  it('a 50 TRX buy burns at most 0.4 TRX while the pool pays its energy, and the card said so first', async () => {
    const { shown, burnt, receipt } = await buy(50);
    expect(shown.line).toContain('the bot pays the');
    expect(burnt).toBeLessThanOrEqual(400_000n);
    expect(shown.sun).toBe(burnt);
    expect(receipt.energy_fee ?? 0).toBe(0);
    expect(receipt.origin_energy_usage).toBe(receipt.energy_usage_total);
  });

  it('with the pool empty, the card warns first and the user pays the energy (several TRX)', async () => {
    // the operator takes its whole stake out: the pool has no energy left
    const tw = tronWebFor(h.stack.devnet.url, ROUTER_OWNER.privateKey);
    const owner = tw.address.fromPrivateKey(ROUTER_OWNER.privateKey) as string;
    const account = (await tw.trx.getAccount(owner)) as { frozenV2?: Array<{ type?: string; amount?: number }> };
    const staked = account.frozenV2?.find((f) => f.type === 'ENERGY')?.amount ?? 0;
    expect(staked).toBeGreaterThan(0);
    const tx = await tw.transactionBuilder.unfreezeBalanceV2(staked, 'ENERGY', owner);
    const sent = await tw.trx.sendRawTransaction(await tw.trx.sign(tx));
    expect(sent.result).toBe(true);
    await waitFor(async () => {
      const r = (await tw.trx.getAccountResources(owner)) as { EnergyLimit?: number };
      return (r.EnergyLimit ?? 0) === 0 ? true : undefined;
    });
    const { shown, burnt, receipt } = await buy(50);
    expect(shown.line).toMatch(/^⚠️ Network fee: ~[\d.]+ TRX: the bot's energy pool is empty, you pay the energy/);
    expect(receipt.origin_energy_usage ?? 0).toBe(0);
    expect(burnt).toBeGreaterThan(5_000_000n);
    expect(burnt).toBeLessThan(12_000_000n);
    // the card's figure is the node's estimate of this very call: the same energy, the same bytes
    expect(shown.sun).toBe(burnt);
  });
});
