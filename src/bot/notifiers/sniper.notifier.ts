// The sniper's messages to a user: what a snipe or a copy did, in the user's language (with the reason
// it gives, worded by error-text.ts, or its English words where it gives none).
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import { esc, short, type TxLink } from '../format.js';
import type { Speech } from '../i18n.js';
import { reasonText } from '../orders-text.js';
import { refusalOf } from '../refusals.js';
import type { AutoEvent } from '../../trading/automation/index.js';
import { trxToSun } from '../../tron/units.js';

/** A TRX amount the automation wrote as a decimal ("12.5"): exact, with the locale's separators. */
function trxText(s: Speech, text: string): string {
  try {
    return s.n.trx(trxToSun(text));
  } catch {
    return `${esc(text)} TRX`;
  }
}

/** What a snipe or a copy did, said to its user once. */
export function sniperNotifier(
  api: Api,
  logger: Logger,
  txLink: TxLink,
  speechOf: (chatId: number) => Promise<Speech>,
) {
  return async (e: AutoEvent): Promise<void> => {
    const s = await speechOf(e.userId);
    const symbol = `$${esc(e.symbol)}`;
    const snipe = e.kind === 'snipe';
    const who = snipe ? s.t('snipe-who') : s.t('copy-who', { source: esc(short(e.source ?? '')) });
    const got = e.outcome?.received;
    let text: string;
    if (e.state === 'filled') {
      if (e.side === 'buy') {
        const cost = trxText(s, e.amount);
        text =
          got === undefined
            ? s.t('snipe-bought', { who, symbol, cost })
            : s.t('snipe-bought-got', { who, symbol, cost, amount: s.n.compact(got) });
      } else {
        // a copied sell: the share of the holding ("40%")
        const pct = /^(\d+(?:\.\d+)?)%$/.exec(e.amount);
        const share = pct ? s.n.pct(Number(pct[1])) : esc(e.amount);
        text =
          got === undefined
            ? s.t('snipe-sold', { who, symbol, share })
            : s.t('snipe-sold-got', { who, symbol, share, got: s.n.trxNum(got) });
      }
    } else if (e.state === 'skipped') {
      const reason = reasonText(s, e.why, e.reason);
      text = snipe ? s.t('snipe-skipped', { symbol, reason }) : s.t('copy-skipped', { symbol, reason });
    } else {
      const reason =
        e.why === undefined && e.reason === undefined ? s.t('snipe-reason-unknown') : reasonText(s, e.why, e.reason);
      text = snipe ? s.t('snipe-failed', { symbol, reason }) : s.t('copy-failed', { symbol, reason });
    }
    if (e.state !== 'skipped' && e.outcome?.txid)
      text += `\n${s.t('snipe-tx', { link: txLink(e.outcome.txid, e.token) })}`;
    try {
      await api.sendMessage(e.userId, text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
    } catch (err) {
      logger.warn(
        { userId: e.userId, refusal: refusalOf(err), err: (err as Error).message },
        'snipe/copy message not delivered',
      );
    }
  };
}
