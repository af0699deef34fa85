// Tells referrers of their confirmed payouts, once each: a payout is claimed (its notified time set
// by one conditional update) before its message goes, so two runs or two instances never both tell it;
// a message that could not go for a passing reason is given back and told by the next run.
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import type { PayoutRow, Referrals } from '../../trading/referrals/index.js';
import { esc } from '../format.js';
import type { Speech } from '../i18n.js';
import { refusalOf } from '../refusals.js';

/** A payout's message, in the referrer's language. */
export function payoutText(s: Speech, p: PayoutRow, txLink: (txid: string) => string): string {
  return s.t('ref-payout', { amount: s.n.trx(p.amountSun), address: esc(p.toAddress), tx: txLink(p.txid) });
}

/**
 * A run that tells every confirmed payout not told yet, each in its referrer's language (`speechOf`:
 * the services' own), and returns how many it told; runs never overlap (a run still going makes the
 * next one a no-op).
 */
export function tellPayouts(
  api: Api,
  referrals: Pick<Referrals, 'store'>,
  logger: Logger,
  txLink: (txid: string) => string,
  speechOf: (chatId: number) => Promise<Speech>,
  now: () => number = Date.now,
) {
  let running = false;
  return async (): Promise<number> => {
    if (running) return 0;
    running = true;
    try {
      let told = 0;
      for (const p of await referrals.store.untoldPayouts()) {
        if (!(await referrals.store.claimTold(p.id, now()))) continue;
        try {
          const s = await speechOf(p.referrer);
          await api.sendMessage(p.referrer, payoutText(s, p, txLink), {
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
          });
          told++;
        } catch (err) {
          const refusal = refusalOf(err);
          // a chat that takes no more messages is given up; anything else (the network, Telegram
          // down) is given back for the next run
          if (refusal === undefined) await referrals.store.releaseTold(p.id);
          logger.warn(
            { referrer: p.referrer, payout: p.id, refusal, err: (err as Error).message },
            refusal === undefined
              ? 'referral payout message not delivered; will retry'
              : 'referral payout message refused',
          );
        }
      }
      return told;
    } finally {
      running = false;
    }
  };
}
