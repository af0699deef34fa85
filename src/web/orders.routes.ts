// Orders from the Mini App: the open ones (each in words, as the bot's /orders writes it), a limit,
// take-profit or stop-loss placed through the order engine (the same checks as /limit, /tp and /sl),
// and a cancel. The order engine runs them wherever its leader runs.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { decimalPoint } from '../bot/trade-start.js';
import type { Speech } from '../bot/i18n.js';
import type { OrderSpec, PriceSpec } from '../trading/orders/index.js';
import { parsePriceE18, parseUsdAmount } from '../trading/price.js';
import type { Order, OrderRequest } from './contract.js';
import { AppFail, callerOf, type MiniAppDeps } from './context.js';
import { OrderBody, OrderParams } from './schemas.js';
import { orderOf } from './view.js';

const TRX = /^\d{1,9}(\.\d{1,6})?$/;
const SHARE = /^(\d{1,3}(\.\d{1,2})?)%?$/;
const GAIN = /^\+?(\d{1,6}(\.\d{1,2})?)%?$/;
const LOSS = /^[-−]?(\d{1,2}(\.\d{1,2})?)%?$/;

/** A price level: TRX per token ("0.00005"), or a market cap in USD ("mc50k", "$1.2m", "50k"). */
function levelOf(text: string): PriceSpec | undefined {
  const t = text.toLowerCase();
  const mc = /^mc(.+)$/.exec(t)?.[1] ?? (/[kmb]$|^\$/.test(t) ? t : undefined);
  if (mc !== undefined) {
    const usd = parseUsdAmount(mc);
    return usd === undefined ? undefined : { mcUsd: usd };
  }
  if (!/^\d{1,12}(\.\d{1,18})?$/.test(t)) return undefined;
  const e18 = parsePriceE18(t);
  return e18 > 0n ? { e18 } : undefined;
}

/** The order engine's spec for what the page asks; a refusal in the user's words when it does not read. */
export function specOf(s: Speech, r: OrderRequest): OrderSpec {
  const amount = decimalPoint(r.amount);
  const trigger = decimalPoint(r.trigger);
  const bad = (key: string) => new AppFail(400, 'order', s.t(key));
  const share = () => {
    const m = SHARE.exec(amount);
    if (!m) throw bad('app-srv-order-share');
    return Number(m[1]);
  };
  if (r.kind === 'limit') {
    const at = levelOf(trigger);
    if (!at) throw bad('app-srv-order-price');
    if (r.side === 'sell') return { kind: 'limit', side: 'sell', token: r.token, pct: share(), at };
    if (!TRX.test(amount)) throw bad('app-srv-order-trx');
    return { kind: 'limit', side: 'buy', token: r.token, trx: amount, at };
  }
  if (r.side !== 'sell') throw bad('app-srv-order-sells');
  if (r.kind === 'tp') {
    const m = GAIN.exec(trigger);
    if (!m) throw bad('app-srv-order-gain');
    return { kind: 'tp', token: r.token, gainPct: Number(m[1]), pct: share() };
  }
  const m = LOSS.exec(trigger);
  if (!m) throw bad('app-srv-order-loss');
  return { kind: 'sl', token: r.token, lossPct: Number(m[1]), pct: share() };
}

export function ordersRoutes(app0: FastifyInstance, deps: () => MiniAppDeps): void {
  const app = app0.withTypeProvider<ZodTypeProvider>();
  const hidden = { hide: true } as const;

  app.get('/app/api/orders', { schema: hidden }, async (req): Promise<Order[]> => {
    const { orders } = deps().services;
    const c = callerOf(req);
    const user = await c.user();
    const list = await orders.list(user.telegramId);
    return list.slice(0, 100).map((o) => orderOf(c.s, o, orders.now()));
  });

  app.post('/app/api/orders', { schema: { ...hidden, body: OrderBody } }, async (req): Promise<Order> => {
    const { orders, store } = deps().services;
    const c = callerOf(req);
    const spec = specOf(c.s, req.body);
    const o = await orders.create(await c.user(), spec);
    // it may have fired at once (its condition held already)
    return orderOf(c.s, (await store.order(o.id)) ?? o, orders.now());
  });

  app.delete('/app/api/orders/:id', { schema: { ...hidden, params: OrderParams } }, async (req) => {
    const { orders } = deps().services;
    const c = callerOf(req);
    const r = await orders.cancel(c.tg.id, req.params.id);
    if (r === 'cancelled') return { id: req.params.id, cancelled: true, message: c.s.t('order-cancelled') };
    if (r === 'executing') throw new AppFail(409, 'executing', c.s.t('order-cancel-executing'));
    throw new AppFail(404, 'not-found', c.s.t('order-cancel-none'));
  });
}
