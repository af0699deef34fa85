// What the Mini App's page and its server say to each other (`/app/api/...`): the shapes of the
// answers, as types only (the page imports them as types; the server's zod schemas in
// src/web/schemas.ts are checked against them). Money is exact: TRX in sun and tokens in base units,
// as decimal strings; figures that are estimates anyway (prices in TRX, USD, volumes) are numbers.
//
// Every call carries Telegram's raw initData verbatim: `Authorization: tma <initData>`. A missing,
// altered or expired (over an hour old) initData gets 401 { error: 'init-data', reason, message }; past
// the per-user rate limit, 429 { error: 'rate-limit', message } with Retry-After. Other failures:
// 4xx/5xx { error, message } with message in the user's language.

/** Which list of tokens. */
export type TokenListKind = 'new' | 'trending' | 'launching' | 'launched';

/** GET /app/api/me */
export interface Me {
  user: { id: number; firstName: string; lang: string };
  wallet: {
    address: string;
    /** TRX balance, sun (the first network's) */
    trxSun: string;
    /** with several networks, the TRX on each (one address and key, valid on every network) */
    networks?: Array<{ name: string; trxSun: string | null }>;
    /** energy and bandwidth the wallet has now (units) */
    energy: { available: number; limit: number };
    bandwidth: { available: number; limit: number };
  };
  settings: {
    slippagePct: number;
    /** TRX amounts of the buy buttons */
    buyPresets: number[];
    /** percents of the sell buttons */
    sellPresets: number[];
  };
  /** whether trades go through a router whose energy pool pays the energy (the network fee ~0) */
  sponsored: boolean;
}

/** A row of GET /app/api/tokens?list=…&q=… */
export interface TokenRow {
  address: string;
  name: string;
  symbol: string;
  family: string;
  /** the name of the network (node) the token is on ('devnet 2'): only when more than one is configured */
  network?: string;
  priceTrx: number;
  marketCapUsd: number;
  volume24hTrx: number;
  priceChange24hPct: number;
  /** 0–100 on the curve; 100 once launched */
  progressPct: number;
  status: 'CREATED' | 'LAUNCH_PENDING' | 'LAUNCHED';
  createdAt: number;
}

/** GET /app/api/tokens/:address */
export interface TokenPage {
  token: TokenRow & {
    description: string;
    links: { website?: string; twitter?: string; telegram?: string };
    trxReserve: number;
    tokenReserve: number;
    dex?: { pairAddress: string; liquidityTrx: number };
  };
  safety?: { verdict: 'ok' | 'caution' | 'danger'; reasons: string[]; holderCount: number; top10SharePct: number };
  holders: Array<{ address: string; balance: number; percentage: number; type: string }>;
  trades: Array<{
    txid: string;
    type: 'BUY' | 'SELL';
    user: string;
    trxAmount: number;
    tokenAmount: number;
    timestamp: number;
  }>;
  /** what the user holds of it (base units), for the sell buttons */
  heldUnits: string;
  decimals: number;
}

/** GET /app/api/tokens/:address/candles?interval=5m|1h|1d: oldest first; time in seconds (UTC) */
export interface Candle {
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * GET /app/api/live?token=ADDRESS (Server-Sent Events; the initData goes in the `auth` query parameter,
 * as EventSource sends no headers): one `trade` event per trade of the token, as it is indexed.
 */
export interface LiveTrade {
  token: string;
  type: 'BUY' | 'SELL';
  priceTrx: number;
  trxAmount: number;
  tokenAmount: number;
  /** ms */
  timestamp: number;
  txid: string;
}

/** POST /app/api/quotes { token, side, amount } — amount as the user typed it: TRX for a buy, "25%" or tokens for a sell */
export interface QuoteRequest {
  token: string;
  side: 'buy' | 'sell';
  amount: string;
}

/** The confirmation sheet: exactly the terms the trading side pins and signs. */
export interface Quote {
  /** the trade's id: POST /app/api/trades/:id confirms it */
  id: string;
  side: 'buy' | 'sell';
  token: string;
  symbol: string;
  venue: 'curve' | 'dex';
  /** what the user pays: sun for a buy, token units for a sell */
  amountIn: string;
  /** what the user gets, expected and at least (slippage): token units for a buy, sun for a sell */
  expectedOut: string;
  minOut: string;
  slippagePct: number;
  decimals: number;
  /** the bot's router fee, sun, and its rate */
  routerFeeSun: string;
  feeBps: number;
  /** the launchpad's fee (curve), sun */
  launchpadFeeSun: string;
  impactBps: number;
  /** the network fee the wallet is expected to burn, and at most, sun */
  networkFeeSun?: string;
  networkFeeMaxSun?: string;
  energyPool?: 'sponsored' | 'partial' | 'empty' | 'none';
  /** ms since epoch: the quote is refused after this */
  expiresAt: number;
}

/**
 * GET /app/api/trades/:id, and the answer to POST /app/api/trades/:id (confirm) and to
 * DELETE /app/api/trades/:id (drop a quote not confirmed: 'expired')
 */
export interface TradeState {
  id: string;
  status: 'quoted' | 'sending' | 'landed' | 'final' | 'failed' | 'expired';
  txid?: string;
  /** what the user received once landed: token units for a buy, sun for a sell */
  received?: string;
  /** why it failed, in the user's language */
  reason?: string;
}

/** GET /app/api/positions */
export interface Position {
  token: string;
  symbol: string;
  decimals: number;
  heldUnits: string;
  valueSun: string;
  costSun: string;
  pnlSun: string;
  pnlPct: number;
}

/**
 * GET /app/api/orders (open orders); POST /app/api/orders { token, kind, ... } (answers the Order);
 * DELETE /app/api/orders/:id (answers { id, cancelled: true, message }; 409 while its trade runs, 404 if none)
 */
export interface Order {
  /** the order's id (the trading side's: a short URL-safe string) */
  id: string;
  token: string;
  symbol: string;
  kind: 'limit' | 'tp' | 'sl' | 'trail' | 'dca';
  side: 'buy' | 'sell';
  /** the order in words, in the user's language (as the bot's /orders writes it) */
  text: string;
  status: string;
}

export interface OrderRequest {
  token: string;
  kind: 'limit' | 'tp' | 'sl';
  side: 'buy' | 'sell';
  /** a buy: TRX; a sell: percent of the holding */
  amount: string;
  /** limit: a price in TRX per token; tp/sl: a percent from the entry (+100, -30) */
  trigger: string;
}

/** An error answer. */
export interface AppError {
  error: string;
  message: string;
}
