// Why something the trading side refused or failed, in a form a front end words in its user's language:
// a message key (the bot's locales/<lang>/errors.ftl, prefix err-) and its variables. Every TradeError
// and UserError carries one (`why`), beside its English `.message` (logs, the CLI, tests); outcomes,
// order events and automation events carry one beside their English `reason`.
//
// Variables are typed so that money stays exact and is written per language by the front end (the
// bot's src/bot/error-text.ts with its numbers.ts): TRX as { sun }, tokens as { units, decimals }, a
// price as { e18 } (TRX per token ×1e18), a percent as { pct }, dollars as { usd }, a decimal figure
// read from a text as { decimal }; a number is a count; a string is a word a message chooses by (a
// Fluent select: 'buy', 'dex', ...) or a name from the chain (a ticker, a launchpad's family), never
// HTML-escaped (the front end escapes the whole text).
//
// Exact integers are bigints when made and decimal strings once stored as JSON (`storable`), so that
// a reason kept on a row (a trade's result, an order's event or note) reads back the same.

/** An exact integer (sun, token base units, a price ×1e18): a bigint, or its decimal digits once stored. */
export type Exact = bigint | string;

/** A variable of a reason. */
export type ReasonVar =
  | string
  | number
  | { sun: Exact }
  | { units: Exact; decimals: number }
  | { e18: Exact }
  | { decimal: string }
  | { pct: number }
  | { usd: number };

/** The message keys of the trading side's reasons (each in locales/<lang>/errors.ftl). */
export type ErrorKey =
  // a reason without a key of its own: its English detail in a frame (errors made without one)
  | 'err-detail'
  | 'err-detail-safety'
  | 'err-detail-funds'
  | 'err-detail-user'
  | 'err-unknown'
  // accounts and requests
  | 'err-no-wallet'
  | 'err-key-not-hex'
  | 'err-key-invalid'
  | 'err-wallet-removed'
  | 'err-start-first'
  | 'err-amount-zero'
  // orders
  | 'err-order-pct'
  | 'err-order-price-zero'
  | 'err-order-hold'
  | 'err-order-rounds'
  | 'err-order-interval'
  | 'err-order-indexing'
  | 'err-order-no-entry'
  | 'err-order-max-open'
  // copy trading
  | 'err-copy-pct'
  | 'err-copy-pct-needs-max'
  | 'err-copy-max-zero'
  | 'err-copy-budget-min'
  | 'err-copy-token-min'
  | 'err-copy-not-address'
  | 'err-copy-max-follows'
  | 'err-copy-following'
  | 'err-copy-own-wallet'
  | 'err-copy-budget-spent'
  // sniping
  | 'err-snipe-max-rules'
  | 'err-snipe-creator'
  | 'err-snipe-maxdev'
  | 'err-snipe-maxprice'
  | 'err-snipe-maxmc'
  | 'err-snipe-budget'
  | 'err-snipe-budget-spent'
  | 'err-snipe-above-cap'
  | 'err-snipe-above-cap-mc'
  // the market and the amount of a trade
  | 'err-market-unknown-token'
  | 'err-market-curve-full'
  | 'err-market-no-pair'
  | 'err-market-cannot-fill'
  | 'err-market-above-limit'
  | 'err-market-too-small'
  | 'err-market-order-not-now'
  | 'err-market-moved'
  | 'err-amount-not-trx'
  | 'err-amount-zero-trx'
  | 'err-sell-share'
  | 'err-sell-not-number'
  | 'err-sell-too-small'
  | 'err-holding-none'
  | 'err-funds-trx-buy'
  | 'err-funds-trx-fee'
  | 'err-funds-tokens'
  // refused for the user's safety: the quote
  | 'err-family-unknown'
  | 'err-safety-no-fee-rate'
  | 'err-safety-fee-cap'
  | 'err-safety-other-side'
  | 'err-safety-other-family'
  | 'err-safety-other-venue'
  | 'err-safety-not-whole'
  | 'err-safety-shown-pinned'
  | 'err-safety-other-amount'
  | 'err-safety-holding-above'
  | 'err-safety-worse-quote'
  | 'err-safety-no-terms'
  | 'err-approval-failed'
  | 'err-approval-failed-why'
  // refused for the user's safety: the transaction (tx-pinning.ts)
  | 'err-pin-malformed'
  | 'err-pin-field-kind'
  | 'err-pin-field-forbidden'
  | 'err-pin-field-twice'
  | 'err-pin-no-raw'
  | 'err-pin-txid'
  | 'err-pin-contracts'
  | 'err-pin-kind'
  | 'err-pin-call-data'
  | 'err-pin-not-router'
  | 'err-pin-min'
  | 'err-pin-fee'
  | 'err-pin-deadline'
  | 'err-pin-expiry'
  | 'err-pin-fee-limit'
  | 'err-pin-owner'
  | 'err-pin-network'
  | 'err-pin-not-transfer'
  | 'err-pin-too-large'
  | 'err-pin-not-call'
  | 'err-pin-transfer-to'
  | 'err-pin-transfer-amount'
  | 'err-pin-other-contract'
  | 'err-pin-approval-token'
  | 'err-pin-trc10'
  | 'err-pin-spend'
  | 'err-pin-other-trade'
  | 'err-pin-approval-spender'
  // what became of a trade
  | 'err-trade-expired'
  | 'err-trade-restarted'
  | 'err-trade-reorg-failed'
  | 'err-trade-reorg-failed-why'
  | 'err-trade-reorg-removed'
  | 'err-transfer-pending'
  // the API's answers (by their error type)
  | 'err-api-funds'
  | 'err-api-funds-trx'
  | 'err-api-no-tokens'
  | 'err-api-holding'
  | 'err-api-price-moved'
  | 'err-api-slippage'
  | 'err-api-rate-limit'
  | 'err-api-token-not-found'
  | 'err-api-approval'
  | 'err-api-curve-full'
  | 'err-api-no-pair'
  | 'err-api-not-trading'
  | 'err-api-down'
  | 'err-api-other';

/** Why: a message key and its variables. */
export interface Reason {
  key: ErrorKey;
  vars?: Record<string, ReasonVar>;
}

/** A reason (without variables when there are none). */
export const why = (key: ErrorKey, vars?: Record<string, ReasonVar>): Reason => (vars ? { key, vars } : { key });

/** The reason with its exact integers as decimal strings: what JSON can hold (and read back the same). */
export function storable(r: Reason): Reason {
  if (!r.vars) return r;
  const vars: Record<string, ReasonVar> = {};
  for (const [name, v] of Object.entries(r.vars)) {
    if (typeof v !== 'object') vars[name] = v;
    else
      vars[name] = Object.fromEntries(
        Object.entries(v).map(([k, x]) => [k, typeof x === 'bigint' ? x.toString() : x]),
      ) as ReasonVar;
  }
  return { key: r.key, vars };
}
