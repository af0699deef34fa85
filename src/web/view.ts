// The shapes of src/web/contract.ts made from what the trading side and the API give: pure functions,
// one per shape. Money stays exact (decimal strings of sun and base units).
import type { Candles, StreamEvent, TokenDetails, TokenSummary } from '../client/index.js';
import { toldText } from '../bot/error-text.js';
import type { Speech } from '../bot/i18n.js';
import { orderLine } from '../bot/orders-text.js';
import type { OrderRow, TradeRow } from '../trading/store.js';
import type { TradeQuote } from '../trading/trade-row.js';
import { TOKEN_DECIMALS } from '../tron/units.js';
import type { Candle, LiveTrade, Order, Quote, TokenPage, TokenRow, TradeState } from './contract.js';
import { plainText } from './context.js';

/** What a finished trade row keeps of its outcome: why it failed (a reason to word, and English words). */
function outcomeOf(result: string | null): { why?: unknown; reason?: string | undefined } | undefined {
  if (!result) return undefined;
  try {
    const o = JSON.parse(result) as { why?: unknown; reason?: unknown };
    return { why: o.why, reason: typeof o.reason === 'string' ? o.reason : undefined };
  } catch {
    return undefined;
  }
}

const STATUSES = ['CREATED', 'LAUNCH_PENDING', 'LAUNCHED'] as const;
const statusOf = (s: string): TokenRow['status'] =>
  (STATUSES as readonly string[]).includes(s) ? (s as TokenRow['status']) : 'CREATED';

/** A list's row; `network` is the name of the token's network when more than one is configured. */
export function tokenRow(t: TokenSummary, network?: string): TokenRow {
  return {
    address: t.address,
    name: t.name,
    symbol: t.symbol,
    family: t.family,
    ...(network ? { network } : {}),
    priceTrx: t.priceInTrx,
    marketCapUsd: t.marketCap,
    volume24hTrx: t.volume24Hr,
    priceChange24hPct: t.priceChange24Hr,
    progressPct: t.currentStatus === 'LAUNCHED' ? 100 : t.pumpPercentage,
    status: statusOf(t.currentStatus),
    createdAt: t.createdAt,
  };
}

/**
 * The token's own part of its page (its row and what the card shows beside it); `network` is the name
 * of its network when more than one is configured.
 */
export function tokenOfDetails(
  d: TokenDetails,
  family: string,
  createdAt: number,
  network?: string,
): TokenPage['token'] {
  const m = d.metadata;
  const x = d.data;
  return {
    address: m.contractAddress,
    name: m.name,
    symbol: m.symbol,
    family,
    ...(network ? { network } : {}),
    priceTrx: x.priceInTrx,
    marketCapUsd: x.marketCap,
    volume24hTrx: x.volume24Hr,
    priceChange24hPct: x.priceChange24Hr,
    progressPct: x.currentStatus === 'LAUNCHED' ? 100 : x.pumpPercentage,
    status: statusOf(x.currentStatus),
    createdAt,
    description: m.description,
    links: {
      ...(m.website ? { website: m.website } : {}),
      ...(m.twitter ? { twitter: m.twitter } : {}),
      ...(m.telegram ? { telegram: m.telegram } : {}),
    },
    trxReserve: x.trxReserve,
    tokenReserve: x.tokenReserve,
    ...(x.dex ? { dex: { pairAddress: x.dex.pairAddress, liquidityTrx: x.dex.liquidityInTrx } } : {}),
  };
}

/** Candles for the chart: seconds, oldest first. */
export const candlesOf = (c: Candles): Candle[] =>
  c.candles.map((k) => ({
    time: Math.floor(k.time / 1000),
    open: k.open,
    high: k.high,
    low: k.low,
    close: k.close,
    volume: k.volume,
  }));

/** A trade of the live stream as the page draws it; undefined for another kind of event. */
export function liveTrade(e: StreamEvent): LiveTrade | undefined {
  if (e.kind !== 'buy' && e.kind !== 'sell') return undefined;
  const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : Number(v) || 0);
  return {
    token: e.token,
    type: e.kind === 'buy' ? 'BUY' : 'SELL',
    priceTrx: n(e.data.priceInTrx),
    trxAmount: n(e.data.trxAmount),
    tokenAmount: n(e.data.tokenAmount),
    timestamp: e.timestamp,
    txid: e.txid,
  };
}

/** The confirmation sheet: the terms the row keeps, which are what is signed. */
export function quoteOf(t: TradeRow, q: TradeQuote): Quote {
  return {
    id: t.id,
    side: t.side === 'sell' ? 'sell' : 'buy',
    token: t.token,
    symbol: q.symbol,
    venue: q.venue === 'dex' ? 'dex' : 'curve',
    amountIn: q.amountIn,
    expectedOut: q.expectedOut ?? '0',
    minOut: q.minOut ?? '0',
    slippagePct: t.slippageBps / 100,
    decimals: TOKEN_DECIMALS,
    routerFeeSun: q.routerFee ?? '0',
    feeBps: Number(q.feeBps ?? 0),
    launchpadFeeSun: q.launchpadFee ?? '0',
    impactBps: Number(q.impactBps ?? 0),
    ...(q.networkFeeSun !== undefined ? { networkFeeSun: q.networkFeeSun } : {}),
    ...(q.networkFeeMaxSun !== undefined ? { networkFeeMaxSun: q.networkFeeMaxSun } : {}),
    ...(q.energyPool !== undefined ? { energyPool: q.energyPool === 'off' ? 'none' : q.energyPool } : {}),
    expiresAt: t.expiresAt,
  };
}

/** A trade row's state: quoted, on its way, in a block (landed), final, failed, or expired / cancelled. */
export function tradeState(s: Speech, t: TradeRow): TradeState {
  const status: TradeState['status'] =
    t.status === 'quoted'
      ? 'quoted'
      : t.status === 'included'
        ? 'landed'
        : t.status === 'confirmed'
          ? 'final'
          : t.status === 'failed'
            ? 'failed'
            : t.status === 'expired' || t.status === 'cancelled'
              ? 'expired'
              : 'sending';
  const received = t.side === 'buy' ? t.filledTokenUnits : t.filledTrxSun;
  const out = t.status === 'failed' ? outcomeOf(t.result) : undefined;
  const reason = out ? toldText(s, out.why, out.reason) || s.t('trade-failed-unknown') : undefined;
  return {
    id: t.id,
    status,
    ...(t.txid ? { txid: t.txid } : {}),
    ...((status === 'landed' || status === 'final') && received ? { received } : {}),
    ...(reason ? { reason: plainText(reason) } : {}),
  };
}

const ORDER_KINDS = ['limit', 'tp', 'sl', 'trail', 'dca'] as const;

/** An open order, with its line as the bot's /orders writes it (plain text). */
export function orderOf(s: Speech, o: OrderRow, now: number): Order {
  return {
    id: o.id,
    token: o.token,
    symbol: o.symbol,
    kind: (ORDER_KINDS as readonly string[]).includes(o.kind) ? (o.kind as Order['kind']) : 'limit',
    side: o.side === 'buy' ? 'buy' : 'sell',
    text: plainText(orderLine(s, o, now)),
    status: o.status,
  };
}
