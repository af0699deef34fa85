// Channel and group alerts, fed by the API's live stream. Each event is matched against every
// chat's rules (read from the database at each event, so rules set by any instance count at once) and
// queued once per chat (an insert on conflict do nothing, with the stream position), then sent
// grouped: one message per chat for what arrived together. Each alert is claimed before it is sent
// (marked sent by a conditional update), so of several instances one sends it. A restart resumes from
// the stored position and never repeats an alert.
import type { Api, GrammyError } from 'grammy';
import type { Logger } from 'pino';
import type { StreamEvent } from '../client/index.js';
import type { TradingStream } from '../trading/stream.js';
import { esc } from './format.js';
import type { Speech } from './i18n.js';
import { refusalOf } from './refusals.js';
import type { AlertRules, BotStore } from './store.js';

const MAX_LINES = 15;

function matches(r: AlertRules, e: StreamEvent): boolean {
  if (r.tokens && !r.tokens.includes(e.token)) return false;
  const d = e.data;
  switch (e.kind) {
    case 'create':
      return r.newTokens;
    case 'launch':
      return r.launches;
    case 'buy':
      return r.minBuyTrx !== null && Number(d.trxAmount) >= r.minBuyTrx;
    case 'progress':
      return r.progressPct !== null && Number(d.from) < r.progressPct && Number(d.to) >= r.progressPct;
    default:
      return false;
  }
}

/** An alert's line, in the chat's language (it is queued with its text). */
function alertText(s: Speech, e: StreamEvent, botUsername: string): string {
  const d = e.data;
  const symbol = `$${esc(d.symbol)}`;
  const url = esc(`https://t.me/${botUsername}?start=${e.token}`);
  switch (e.kind) {
    case 'create':
      return s.t('alert-new', { name: esc(String(d.name)), symbol, url });
    case 'launch':
      return s.t('alert-launch', { symbol, url });
    case 'buy':
      return s.t('alert-buy', {
        symbol,
        trx: s.n.trxNum(Math.round(Number(d.trxAmount) * 100) / 100),
        tokens: s.n.compact(Number(d.tokenAmount)),
        url,
      });
    case 'progress':
      return s.t('alert-progress', { symbol, pct: s.n.pct(Number(d.to)), url });
    default:
      return s.t('alert-other', { kind: esc(e.kind), symbol });
  }
}

export function createAlerter(deps: {
  store: BotStore;
  api: Api;
  /** the process's one live stream (the trading side's) */
  stream: TradingStream;
  logger: Logger;
  botUsername: string;
  /** a chat's language (its admins' choice): alerts are written in it when they are queued */
  speechOf: (chatId: number) => Promise<Speech>;
  flushDelayMs?: number;
}) {
  const { store } = deps;
  let stopStream: (() => void) | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  /** Queues the event for every chat whose rules match, and moves the stream position. */
  function take(e: StreamEvent): Promise<number> {
    return store.db.tx(async () => {
      let n = 0;
      for (const r of await store.allAlertRules()) {
        if (!matches(r, e)) continue;
        const text = alertText(await deps.speechOf(r.chatId), e, deps.botUsername);
        if (await store.queueAlert(r.chatId, e.id, e.token, text)) n++;
      }
      await store.setMeta('alerts_last_seq', String(e.id));
      return n;
    });
  }

  /** Sends what is queued: one message per chat, oldest first. */
  async function flush(): Promise<number> {
    const pending = await store.unsentAlerts();
    const byChat = new Map<number, typeof pending>();
    for (const a of pending) byChat.set(a.chatId, [...(byChat.get(a.chatId) ?? []), a]);
    let sent = 0;
    for (const [chatId, list] of byChat) {
      for (let i = 0; i < list.length; i += MAX_LINES) {
        // claim: marked sent first by a conditional update; what another instance marked is its to send
        // (and an alert is sent at most once, even if the process dies mid-send)
        const mine = new Set(
          await store.markAlertsSent(
            list.slice(i, i + MAX_LINES).map((a) => a.id),
            Date.now(),
          ),
        );
        const part = list.slice(i, i + MAX_LINES).filter((a) => mine.has(a.id));
        if (!part.length) continue;
        await deps.api
          .sendMessage(chatId, part.map((a) => a.text).join('\n'), {
            parse_mode: 'HTML',
            link_preview_options: { is_disabled: true },
          })
          .then(() => (sent += 1))
          .catch(async (err: unknown) => {
            if (refusalOf(err) === 'chat-gone') {
              // blocked, removed or deleted: stop alerts to this chat for good, and say why
              const reason = (err as GrammyError).description;
              await store.stopAlerts(chatId, reason, Date.now());
              deps.logger.warn({ chatId, reason }, 'alerts stopped: the chat refuses our messages');
            } else deps.logger.warn({ chatId, err: (err as Error).message }, 'alert not delivered');
          });
      }
    }
    return sent;
  }

  const scheduleFlush = () => {
    if (flushTimer) return;
    flushTimer = setTimeout(() => {
      flushTimer = undefined;
      flushing = flush()
        .then(() => undefined)
        .finally(() => (flushing = undefined));
    }, deps.flushDelayMs ?? 1000);
  };

  return {
    take,
    flush,
    async start(): Promise<void> {
      stopStream = await deps.stream.subscribe({
        name: 'alerts',
        kinds: ['create', 'buy', 'progress', 'launch'],
        position: {
          get: async () => {
            const last = await store.meta('alerts_last_seq');
            return last === undefined ? undefined : Number(last);
          },
          // take() moves it, in the transaction that queues the event's alerts
          set: async () => undefined,
        },
        onEvent: async (e) => {
          if ((await take(e)) > 0) scheduleFlush();
        },
      });
      // anything queued before a restart goes out now
      if ((await store.unsentAlerts()).length) scheduleFlush();
    },
    async stop(): Promise<void> {
      stopStream?.();
      if (flushTimer) clearTimeout(flushTimer);
      await flushing;
    },
  };
}
