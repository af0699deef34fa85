// Paying referrers what they are owed, exactly once per accrued amount. A payout is claimed as the
// referrer's N-th (one run of several wins it) together with its signed transfer, before anything is
// broadcast; the same bytes are then sent until they land. A run killed at any point is finished by
// the next: a signed payout's transaction is looked up, sent again if the node does not have it,
// and marked failed (owed again) only when it can never land (refused, or expired off chain).
import { setTimeout as sleep } from 'node:timers/promises';
import { addressOfKey } from '../../tron/secp.js';
import { toBase58 } from '../../tron/address.js';
import type { SignedTx, TxInfo, UnsignedTx } from '../../tron/gateway.js';
import { sunToTrx } from '../../tron/units.js';
import type { PayoutRow } from './store.js';
import type { Referrals } from './index.js';

/** What a payout needs of the node (the chain gateway has it). */
export interface PayoutChain {
  buildTrxTransfer(from: string, to: string, sun: bigint): Promise<UnsignedTx>;
  sign(tx: UnsignedTx, privateKey: string): Promise<SignedTx>;
  broadcast(tx: SignedTx): Promise<{ ok: true; txid: string } | { ok: false; code: string; message: string }>;
  txInfo(txid: string): Promise<TxInfo>;
}

export interface PayoutDeps {
  referrals: Referrals;
  /** The referrer's active wallet address (undefined: no wallet, nothing is sent). */
  walletOf(referrer: number): Promise<string | undefined>;
  chain: PayoutChain;
  /** The paying wallet's key (64 hex). */
  payerKey: string;
  say(line: string): void;
  /** the machine's clock: how long a run waits, when a payout was settled */
  now?: () => number;
  /** the chain's time (default `now`): a transaction's expiration is a block time */
  chainNow?: () => number;
  /** How long a payout is waited for until final before the run leaves it to the next (default 3 min). */
  waitMs?: number;
  pollMs?: number;
}

/** Refusals after which a transaction can never land: its payout is owed again. */
const NEVER_LANDS = new Set(['SIGERROR', 'CONTRACT_VALIDATE_ERROR', 'TRANSACTION_EXPIRED', 'TAPOS_ERROR', 'DUP_SIGN']);

export interface PayoutReport {
  confirmed: number;
  failed: number;
  underway: number;
}

export async function payReferrers(deps: PayoutDeps): Promise<PayoutReport> {
  const now = deps.now ?? Date.now;
  const chainNow = deps.chainNow ?? now;
  const { store } = deps.referrals;
  const report: PayoutReport = { confirmed: 0, failed: 0, underway: 0 };
  const payer = toBase58(addressOfKey(deps.payerKey));
  const trx = (sun: string | bigint) => `${sunToTrx(BigInt(sun))} TRX`;

  /** Follows a signed payout to its end (or leaves it under way); sends its bytes when the node lacks them. */
  async function finish(p: PayoutRow): Promise<void> {
    const signed = JSON.parse(p.signedTx) as SignedTx;
    const expiration = Number(signed.raw_data.expiration);
    const until = now() + (deps.waitMs ?? 180_000);
    let sent = false;
    for (;;) {
      const info = await deps.chain.txInfo(p.txid);
      if (info.state === 'confirmed' || info.state === 'failed') {
        const status = info.state === 'confirmed' ? 'confirmed' : 'failed';
        if (await store.settlePayout(p.id, status, now())) report[status]++;
        deps.say(
          `${p.id}: ${trx(p.amountSun)} to ${p.toAddress} ${status} (${p.txid})${info.reason ? `: ${info.reason}` : ''}`,
        );
        return;
      }
      if (info.state === 'unknown' && !sent) {
        const r = await deps.chain.broadcast(signed);
        if (!r.ok && (NEVER_LANDS.has(r.code) || expiration < chainNow())) {
          if (await store.settlePayout(p.id, 'failed', now())) report.failed++;
          deps.say(`${p.id}: refused by the node (${r.code}: ${r.message}); owed again`);
          return;
        }
        sent = r.ok;
      } else if (info.state === 'unknown' && expiration + 60_000 < chainNow()) {
        // expired a minute ago and no node has it: it can never land
        if (await store.settlePayout(p.id, 'failed', now())) report.failed++;
        deps.say(`${p.id}: expired without landing; owed again`);
        return;
      }
      if (now() > until) {
        report.underway++;
        deps.say(`${p.id}: ${trx(p.amountSun)} still under way (${info.state}); run again later to finish it`);
        return;
      }
      await sleep(deps.pollMs ?? 1000);
    }
  }

  for (const p of (await store.payoutsOf()).filter((x) => x.status === 'signed')) await finish(p);

  const settings = await deps.referrals.settings();
  for (const f of await deps.referrals.figures()) {
    if (f.owedSun < settings.thresholdSun || f.owedSun <= 0n) continue;
    const to = await deps.walletOf(f.referrer);
    if (!to) {
      deps.say(`${f.referrer}: owed ${trx(f.owedSun)} but has no wallet; skipped`);
      continue;
    }
    const n = (await store.payoutsOf(f.referrer)).length + 1;
    const tx = await deps.chain.sign(await deps.chain.buildTrxTransfer(payer, to, f.owedSun), deps.payerKey);
    const at = now();
    const row = {
      id: `${f.referrer}:${n}`,
      referrer: f.referrer,
      amountSun: f.owedSun.toString(),
      fromAddress: payer,
      toAddress: to,
      status: 'signed',
      txid: tx.txID,
      signedTx: JSON.stringify(tx),
      createdAt: at,
      updatedAt: at,
    };
    // claim: the referrer's N-th payout, with its bytes, before any broadcast
    if (!(await store.claimPayout(row))) {
      deps.say(`${f.referrer}: another run is paying them; skipped`);
      continue;
    }
    deps.say(`${row.id}: sending ${trx(row.amountSun)} to ${to} (${row.txid})`);
    await finish({ ...row, notifiedAt: null });
  }
  return report;
}
