// Trades from the Mini App, through the same flow as the bot's (src/bot/trade-start.ts): a quote
// becomes a trade row with the trading side's own terms (what the confirmation sheet shows is what is
// signed); confirming claims it with one conditional update (exactly once, however often it is
// posted) and runs it in the background, told in the user's chat by the bot's own trade notifier (a
// message is sent first, which it then edits); the page follows the row.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError } from '../client/index.js';
import { amountHelp, checkAmount } from '../bot/trade-start.js';
import type { TradeRow } from '../trading/store.js';
import { TradeError } from '../trading/trade-flow.js';
import type { Quote, TradeState } from './contract.js';
import { AppFail, callerOf, plainText, type Caller, type MiniAppDeps } from './context.js';
import { QuoteBody, TradeParams } from './schemas.js';
import { quoteOf, tradeState } from './view.js';

/** The caller's own trade, or 404 (another user's trade is as good as none). */
async function ownTrade(deps: MiniAppDeps, c: Caller, id: string): Promise<TradeRow> {
  const t = await deps.services.store.trade(id);
  if (!t || t.userId !== c.tg.id) throw new AppFail(404, 'not-found', c.s.t('trade-gone'));
  return t;
}

/** How long a trade waits for its chat message before it goes without (the notifier sends one then). */
const MESSAGE_WAIT_MS = 5_000;

/**
 * Runs a claimed trade in the background, told in the user's private chat: a message first (the
 * notifier edits it as the trade goes on); a chat that refuses it, or a slow Telegram, does not stop
 * the trade.
 */
function runClaimed(deps: MiniAppDeps, c: Caller, t: TradeRow): void {
  const { services, api } = deps;
  const log = services.logger;
  const told = (async () => {
    const msg = await api.sendMessage(t.chatId, c.s.t('trade-sending'));
    await services.store.own(msg.chat.id, msg.message_id, c.tg.id);
    await services.trading.attachMessage(t.id, msg.message_id);
  })().catch((err: unknown) =>
    log.warn({ trade: t.id, err: (err as Error).message }, 'the chat message of a Mini App trade was not sent'),
  );
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((r) => (timer = setTimeout(r, MESSAGE_WAIT_MS)));
  void Promise.race([told, waited])
    .then(() => {
      clearTimeout(timer);
      return services.trading.execute(t.id, services.events(api));
    })
    .catch((err: unknown) => log.error({ trade: t.id, err }, 'Mini App trade run failed'));
}

export function tradeRoutes(app0: FastifyInstance, deps: () => MiniAppDeps): void {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true } as const;

  app.post('/app/api/quotes', { schema: { ...hidden, body: QuoteBody } }, async (req): Promise<Quote> => {
    const d = deps();
    const c = callerOf(req);
    const { token, side } = req.body;
    const amount = checkAmount(side, req.body.amount);
    if (!amount) throw new AppFail(400, 'amount', plainText(amountHelp(c.s, side)));
    const user = await c.user();
    try {
      // the trade is asked in the user's private chat (its id is theirs): its messages go there
      const { trade, terms } = await d.services.trading.quote(user, c.tg.id, token, side, amount);
      return quoteOf(trade, terms);
    } catch (e) {
      if (
        (e instanceof ApiError && e.error === 'Token not found') ||
        (e instanceof TradeError && e.code === 'TOKEN_NOT_FOUND')
      )
        throw new AppFail(404, 'not-found', c.s.t('card-token-not-found'));
      throw e;
    }
  });

  // confirms a quote: one claim wins, of any tap and any process; a second post sees how it goes
  app.post('/app/api/trades/:id', { schema: { ...hidden, params: TradeParams } }, async (req): Promise<TradeState> => {
    const d = deps();
    const c = callerOf(req);
    const t = await ownTrade(d, c, req.params.id);
    const claim = await d.services.trading.claim(t.id, c.tg.id);
    if (claim === 'ok') runClaimed(d, c, t);
    const now = await ownTrade(d, c, t.id);
    if (claim === 'expired') return { ...tradeState(c.s, now), reason: plainText(c.s.t('trade-quote-expired')) };
    return tradeState(c.s, now);
  });

  app.get('/app/api/trades/:id', { schema: { ...hidden, params: TradeParams } }, async (req): Promise<TradeState> => {
    const c = callerOf(req);
    return tradeState(c.s, await ownTrade(deps(), c, req.params.id));
  });

  // a quote the user closed without confirming
  app.delete(
    '/app/api/trades/:id',
    { schema: { ...hidden, params: TradeParams } },
    async (req): Promise<TradeState> => {
      const d = deps();
      const c = callerOf(req);
      const t = await ownTrade(d, c, req.params.id);
      await d.services.trading.cancel(t.id, c.tg.id);
      return tradeState(c.s, await ownTrade(d, c, t.id));
    },
  );
}
