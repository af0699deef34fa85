// The sniper's messages to a user: what a snipe or a copy did.
import type { Api } from 'grammy';
import type { Logger } from 'pino';
import { compact, esc, short, trx } from '../format.js';
import { refusalOf } from '../refusals.js';
import type { AutoEvent } from '../../trading/automation/index.js';

/** What a snipe or a copy did, said to its user once. */
export function sniperNotifier(api: Api, logger: Logger, txLink: (txid: string) => string) {
  return async (e: AutoEvent): Promise<void> => {
    const sym = `$${esc(e.symbol)}`;
    const who = e.kind === 'snipe' ? '🎯 <b>Sniped</b>' : `👀 <b>Copied</b> <code>${esc(short(e.source ?? ''))}</code>`;
    const tx = e.outcome?.txid ? `\nTx: ${txLink(e.outcome.txid)}` : '';
    const got = e.outcome?.received;
    let text: string;
    if (e.state === 'filled')
      text =
        e.side === 'buy'
          ? `${who}: bought ${got === undefined ? '' : `${compact(got)} `}${sym} for ${trx(Number(e.amount))}${tx}`
          : `${who}: sold ${esc(e.amount)} of your ${sym}${got === undefined ? '' : ` for ${trx(got)}`}${tx}`;
    else if (e.state === 'skipped')
      text = `⏭ ${e.kind === 'snipe' ? 'Snipe' : 'Copy'} of ${sym} skipped: ${esc(e.reason ?? '')}`;
    else
      text = `❌ ${e.kind === 'snipe' ? 'Snipe' : 'Copy'} of ${sym} failed: ${esc(e.reason ?? 'unknown reason')}${tx}`;
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
