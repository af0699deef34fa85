// `cli referrals payout` as the operator runs it, against the devnet: the paying key on stdin, the
// bot's and the API's databases in DATA_DIR. A run SIGKILLed while its payouts are under way, then
// run again, and again: each referrer is paid exactly what they are owed, once; one owed less than
// the threshold is not paid; `referrals list` then shows them paid and owing nothing.
import { spawn } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, openBotDatabase } from '../../src/bot/store.js';
import { createReferralStore } from '../../src/trading/referrals/store.js';
import { openAppDatabase, openDb } from '../../src/db/index.js';
import type { Devnet } from '../../src/devnet/index.js';
import { createKeysService } from '../../src/service/keys.service.js';
import { faucet, startTestDevnet, tempDir, tronWebFor } from '../helpers/devnet.js';
import { waitFor } from '../helpers/facade.js';
import { ROOT } from '../helpers/system.js';

const dir = tempDir('lp-payout-');
let devnet: Devnet;
let payer: { privateKey: string; address: { base58: string } };
/** referrer → their wallet; referee → their referrer; fees the referees paid (sun). */
const wallets = new Map<number, string>();
const REFERRERS = [1, 2, 3];
// referrer 1: two referees; 2: one; 3: one whose fees earn less than the 10-TRX threshold
const FEES: Array<{ referee: number; referrer: number; feeSun: bigint }> = [
  { referee: 11, referrer: 1, feeSun: 40_000_000n },
  { referee: 12, referrer: 1, feeSun: 10_000_001n },
  { referee: 21, referrer: 2, feeSun: 100_000_000n },
  { referee: 31, referrer: 3, feeSun: 3_000_000n },
];
/** 30 % of each fee, rounded down (the first 30 days). */
const owed = (referrer: number) =>
  FEES.filter((f) => f.referrer === referrer).reduce((s, f) => s + (f.feeSun * 30n) / 100n, 0n);

function cli(args: string[], stdin?: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dir, DEVNET_PORT: new URL(devnet.url).port, DATABASE_URL: '', LOG_LEVEL: 'warn' },
  });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  child.stdin.end(stdin ?? '');
  const done = new Promise<{ code: number | null; out: string }>((r) => child.on('exit', (code) => r({ code, out })));
  return { child, done };
}

const payouts = () => {
  const db = new Database(path.join(dir, 'bot.sqlite'), { readonly: true });
  try {
    return db
      .prepare('select id, referrer, amount_sun, status, txid from referral_payouts order by id')
      .all() as Array<{
      id: string;
      referrer: number;
      amount_sun: string;
      status: string;
      txid: string;
    }>;
  } finally {
    db.close();
  }
};

beforeAll(async () => {
  // blocks every 500 ms, solid 4 blocks later: a payout is under way for about two seconds
  devnet = await startTestDevnet({ dir: tempDir('lp-payout-devnet-'), blockMs: 500, solidAfter: 4 });
  const acc = await TronWeb.createAccount();
  payer = acc;
  await faucet(devnet.url, acc.address.base58, 1000);
  const app = await openAppDatabase({ sqlite: openDb(path.join(dir, 'app.sqlite')) });
  const keys = createKeysService(app);
  const bot = await openBotDatabase({ sqlite: path.join(dir, 'bot.sqlite') });
  const store = createStore(bot);
  const now = Date.now();
  for (const id of [...REFERRERS, ...FEES.map((f) => f.referee)]) {
    const { id: keyId } = await keys.create('free', `user ${id}`, false);
    await store.createUser({ telegramId: id, apiKeyEnc: 'sealed', apiKeyId: keyId, settings: '{}', createdAt: now });
    if (REFERRERS.includes(id)) {
      const w = await TronWeb.createAccount();
      wallets.set(id, w.address.base58);
      const wallet = await store.addWallet({
        userId: id,
        address: w.address.base58,
        keyEnc: 'sealed-key',
        createdAt: now,
      });
      await store.setActiveWallet(id, wallet.id);
    }
  }
  // the fees' token, a launchpad (first network) token: payouts are paid on that network, so only its fees earn
  await app.tx((q) =>
    q.insert(app.t.tokens).values({
      address: 'T',
      family: 'launchpad',
      launchpad: 'L',
      tokenIndex: 0,
      name: 'Fee token',
      symbol: 'FEE',
      decimals: 18,
      totalSupply: '1',
      creator: 'C',
      createTx: 'tx',
      createdAt: now,
      status: 'CREATED',
      trxReserve: '1',
      tokenReserve: '1',
    }),
  );
  for (const f of FEES) {
    await bot.tx((q) =>
      q.insert(bot.t.referrals).values({ referee: f.referee, referrer: f.referrer, via: 'link', boundAt: now - 1000 }),
    );
    const keyId = (await store.user(f.referee))!.apiKeyId!;
    await app.tx((q) =>
      q.insert(app.t.feeLedger).values({
        txid: `fee-${f.referee}`,
        apiKeyId: keyId,
        token: 'T',
        side: 'buy',
        feeSun: f.feeSun.toString(),
        confirmedAt: now,
      }),
    );
  }
  // each referrer has a code, as /referral makes it
  for (const r of REFERRERS) await createReferralStore(bot).codeOf(r, now);
  await bot.close();
  await app.close();
}, 60_000);
afterAll(async () => devnet?.close());

describe('cli referrals payout', () => {
  it('pays each referrer exactly once across a SIGKILL mid-way and two more runs', async () => {
    const tw = tronWebFor(devnet.url);
    // killed as soon as a payout is signed and stored: it may or may not have reached the node
    const first = cli(['referrals', 'payout'], payer.privateKey);
    await waitFor(() => (payouts().some((p) => p.status === 'signed') ? true : undefined), 30_000);
    first.child.kill('SIGKILL');
    await first.done;
    // mid-way: a payout stored with its bytes, not yet final
    expect(payouts().filter((p) => p.status === 'signed').length).toBeGreaterThan(0);
    const second = await cli(['referrals', 'payout'], payer.privateKey).done;
    expect(second.code, second.out).toBe(0);
    const third = await cli(['referrals', 'payout'], payer.privateKey).done;
    expect(third.code, third.out).toBe(0);
    expect(third.out).toMatch(/payouts: 0 confirmed, 0 failed/);

    const done = payouts().filter((p) => p.status === 'confirmed');
    expect(done.map((p) => [p.referrer, BigInt(p.amount_sun)])).toEqual([
      [1, owed(1)],
      [2, owed(2)],
    ]);
    // what the chain holds: each wallet got exactly what its referrer was owed; 3 (under 10 TRX) nothing
    expect(BigInt(await tw.trx.getBalance(wallets.get(1)))).toBe(owed(1));
    expect(BigInt(await tw.trx.getBalance(wallets.get(2)))).toBe(owed(2));
    expect(await tw.trx.getBalance(wallets.get(3))).toBe(0);
    expect(owed(3)).toBe(900_000n);

    const list = await cli(['referrals', 'list']).done;
    expect(list.code, list.out).toBe(0);
    const rows = list.out
      .trim()
      .split('\n')
      .slice(2)
      .map((l) => l.split('\t'));
    expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[5], r[6]])).toEqual([
      ['1', wallets.get(1), '2', '15 TRX', '15 TRX', '0 TRX'],
      ['2', wallets.get(2), '1', '30 TRX', '30 TRX', '0 TRX'],
      ['3', wallets.get(3), '1', '0.9 TRX', '0 TRX', '0.9 TRX'],
    ]);
  }, 120_000);

  it('takes the terms from referrals set, and refuses what does not add up', async () => {
    const ok = await cli(['referrals', 'set', '--shares', '30,20,10', '--days', '30,30', '--threshold-trx', '0.5'])
      .done;
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toMatch(/payouts from 0.5 TRX/);
    const bad = await cli(['referrals', 'set', '--shares', '30,20']).done;
    expect(bad.code).toBe(1);
    expect(bad.out).toMatch(/one share more than periods/);
    // now referrer 3's 0.9 TRX is over the threshold: paid, once
    const run = await cli(['referrals', 'payout'], payer.privateKey).done;
    expect(run.code, run.out).toBe(0);
    expect(BigInt(await tronWebFor(devnet.url).trx.getBalance(wallets.get(3)))).toBe(900_000n);
  }, 60_000);
});
