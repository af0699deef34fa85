// Failures in the user's words: what the trading side refused or what failed (its TradeError and
// UserError, the API's answers by their error type, anything else), from the reason it gives
// (src/trading/reasons.ts: a key of locales/<lang>/errors.ftl, prefix err-, and typed variables),
// with the amounts written by the speech's numbers (TRX to the sun, tokens exactly).
//
// The texts are plain (no HTML): a caller escapes them (format.ts `esc`) where it puts them in HTML,
// as it does with any text that may carry a name from the chain.
//
// Reasons kept on rows and events, beside their English words:
//  - a trade's outcome (`o.why`, `o.reason`), an order event (`e.why`, `e.reason`), a snipe or copy
//    event (`e.why`, `e.reason`): `toldText(s, x.why, x.reason)`;
//  - an order's note written for a pause (JSON, trading's `errorNote`): `noteErrorText(s, note)`,
//    undefined for the order engine's other notes (plain English words).
import {
  isReason,
  readErrorNote,
  reasonOf,
  type ErrorKey,
  type Reason,
  type ReasonVar,
} from '../trading/trade-flow.js';
import type { Speech } from './i18n.js';

type Vars = Record<string, string | number>;

/** Each reason's message, looked up by its literal key. */
const TEXTS: Record<ErrorKey, (s: Speech, v: Vars) => string> = {
  'err-detail': (s, v) => s.t('err-detail', v),
  'err-detail-safety': (s, v) => s.t('err-detail-safety', v),
  'err-detail-funds': (s, v) => s.t('err-detail-funds', v),
  'err-detail-user': (s, v) => s.t('err-detail-user', v),
  'err-unknown': (s, v) => s.t('err-unknown', v),
  'err-no-wallet': (s, v) => s.t('err-no-wallet', v),
  'err-key-not-hex': (s, v) => s.t('err-key-not-hex', v),
  'err-key-invalid': (s, v) => s.t('err-key-invalid', v),
  'err-wallet-removed': (s, v) => s.t('err-wallet-removed', v),
  'err-start-first': (s, v) => s.t('err-start-first', v),
  'err-amount-zero': (s, v) => s.t('err-amount-zero', v),
  'err-order-pct': (s, v) => s.t('err-order-pct', v),
  'err-order-price-zero': (s, v) => s.t('err-order-price-zero', v),
  'err-order-hold': (s, v) => s.t('err-order-hold', v),
  'err-order-rounds': (s, v) => s.t('err-order-rounds', v),
  'err-order-interval': (s, v) => s.t('err-order-interval', v),
  'err-order-indexing': (s, v) => s.t('err-order-indexing', v),
  'err-order-no-entry': (s, v) => s.t('err-order-no-entry', v),
  'err-order-max-open': (s, v) => s.t('err-order-max-open', v),
  'err-copy-pct': (s, v) => s.t('err-copy-pct', v),
  'err-copy-pct-needs-max': (s, v) => s.t('err-copy-pct-needs-max', v),
  'err-copy-max-zero': (s, v) => s.t('err-copy-max-zero', v),
  'err-copy-budget-min': (s, v) => s.t('err-copy-budget-min', v),
  'err-copy-token-min': (s, v) => s.t('err-copy-token-min', v),
  'err-copy-not-address': (s, v) => s.t('err-copy-not-address', v),
  'err-copy-max-follows': (s, v) => s.t('err-copy-max-follows', v),
  'err-copy-following': (s, v) => s.t('err-copy-following', v),
  'err-copy-own-wallet': (s, v) => s.t('err-copy-own-wallet', v),
  'err-copy-budget-spent': (s, v) => s.t('err-copy-budget-spent', v),
  'err-snipe-max-rules': (s, v) => s.t('err-snipe-max-rules', v),
  'err-snipe-creator': (s, v) => s.t('err-snipe-creator', v),
  'err-snipe-maxdev': (s, v) => s.t('err-snipe-maxdev', v),
  'err-snipe-maxprice': (s, v) => s.t('err-snipe-maxprice', v),
  'err-snipe-maxmc': (s, v) => s.t('err-snipe-maxmc', v),
  'err-snipe-budget': (s, v) => s.t('err-snipe-budget', v),
  'err-snipe-budget-spent': (s, v) => s.t('err-snipe-budget-spent', v),
  'err-snipe-above-cap': (s, v) => s.t('err-snipe-above-cap', v),
  'err-snipe-above-cap-mc': (s, v) => s.t('err-snipe-above-cap-mc', v),
  'err-market-unknown-token': (s, v) => s.t('err-market-unknown-token', v),
  'err-market-curve-full': (s, v) => s.t('err-market-curve-full', v),
  'err-market-no-pair': (s, v) => s.t('err-market-no-pair', v),
  'err-market-cannot-fill': (s, v) => s.t('err-market-cannot-fill', v),
  'err-market-above-limit': (s, v) => s.t('err-market-above-limit', v),
  'err-market-too-small': (s, v) => s.t('err-market-too-small', v),
  'err-market-order-not-now': (s, v) => s.t('err-market-order-not-now', v),
  'err-market-moved': (s, v) => s.t('err-market-moved', v),
  'err-amount-not-trx': (s, v) => s.t('err-amount-not-trx', v),
  'err-amount-zero-trx': (s, v) => s.t('err-amount-zero-trx', v),
  'err-sell-share': (s, v) => s.t('err-sell-share', v),
  'err-sell-not-number': (s, v) => s.t('err-sell-not-number', v),
  'err-sell-too-small': (s, v) => s.t('err-sell-too-small', v),
  'err-holding-none': (s, v) => s.t('err-holding-none', v),
  'err-funds-trx-buy': (s, v) => s.t('err-funds-trx-buy', v),
  'err-funds-trx-fee': (s, v) => s.t('err-funds-trx-fee', v),
  'err-funds-tokens': (s, v) => s.t('err-funds-tokens', v),
  'err-family-unknown': (s, v) => s.t('err-family-unknown', v),
  'err-safety-no-fee-rate': (s, v) => s.t('err-safety-no-fee-rate', v),
  'err-safety-fee-cap': (s, v) => s.t('err-safety-fee-cap', v),
  'err-safety-other-side': (s, v) => s.t('err-safety-other-side', v),
  'err-safety-other-family': (s, v) => s.t('err-safety-other-family', v),
  'err-safety-other-venue': (s, v) => s.t('err-safety-other-venue', v),
  'err-safety-not-whole': (s, v) => s.t('err-safety-not-whole', v),
  'err-safety-shown-pinned': (s, v) => s.t('err-safety-shown-pinned', v),
  'err-safety-other-amount': (s, v) => s.t('err-safety-other-amount', v),
  'err-safety-holding-above': (s, v) => s.t('err-safety-holding-above', v),
  'err-safety-worse-quote': (s, v) => s.t('err-safety-worse-quote', v),
  'err-safety-no-terms': (s, v) => s.t('err-safety-no-terms', v),
  'err-approval-failed': (s, v) => s.t('err-approval-failed', v),
  'err-approval-failed-why': (s, v) => s.t('err-approval-failed-why', v),
  'err-pin-malformed': (s, v) => s.t('err-pin-malformed', v),
  'err-pin-field-kind': (s, v) => s.t('err-pin-field-kind', v),
  'err-pin-field-forbidden': (s, v) => s.t('err-pin-field-forbidden', v),
  'err-pin-field-twice': (s, v) => s.t('err-pin-field-twice', v),
  'err-pin-no-raw': (s, v) => s.t('err-pin-no-raw', v),
  'err-pin-txid': (s, v) => s.t('err-pin-txid', v),
  'err-pin-contracts': (s, v) => s.t('err-pin-contracts', v),
  'err-pin-kind': (s, v) => s.t('err-pin-kind', v),
  'err-pin-call-data': (s, v) => s.t('err-pin-call-data', v),
  'err-pin-not-router': (s, v) => s.t('err-pin-not-router', v),
  'err-pin-min': (s, v) => s.t('err-pin-min', v),
  'err-pin-fee': (s, v) => s.t('err-pin-fee', v),
  'err-pin-deadline': (s, v) => s.t('err-pin-deadline', v),
  'err-pin-expiry': (s, v) => s.t('err-pin-expiry', v),
  'err-pin-fee-limit': (s, v) => s.t('err-pin-fee-limit', v),
  'err-pin-owner': (s, v) => s.t('err-pin-owner', v),
  'err-pin-network': (s, v) => s.t('err-pin-network', v),
  'err-pin-not-transfer': (s, v) => s.t('err-pin-not-transfer', v),
  'err-pin-too-large': (s, v) => s.t('err-pin-too-large', v),
  'err-pin-not-call': (s, v) => s.t('err-pin-not-call', v),
  'err-pin-transfer-to': (s, v) => s.t('err-pin-transfer-to', v),
  'err-pin-transfer-amount': (s, v) => s.t('err-pin-transfer-amount', v),
  'err-pin-other-contract': (s, v) => s.t('err-pin-other-contract', v),
  'err-pin-approval-token': (s, v) => s.t('err-pin-approval-token', v),
  'err-pin-trc10': (s, v) => s.t('err-pin-trc10', v),
  'err-pin-spend': (s, v) => s.t('err-pin-spend', v),
  'err-pin-other-trade': (s, v) => s.t('err-pin-other-trade', v),
  'err-pin-approval-spender': (s, v) => s.t('err-pin-approval-spender', v),
  'err-trade-expired': (s, v) => s.t('err-trade-expired', v),
  'err-trade-restarted': (s, v) => s.t('err-trade-restarted', v),
  'err-trade-reorg-failed': (s, v) => s.t('err-trade-reorg-failed', v),
  'err-trade-reorg-failed-why': (s, v) => s.t('err-trade-reorg-failed-why', v),
  'err-trade-reorg-removed': (s, v) => s.t('err-trade-reorg-removed', v),
  'err-transfer-pending': (s, v) => s.t('err-transfer-pending', v),
  'err-api-funds': (s, v) => s.t('err-api-funds', v),
  'err-api-funds-trx': (s, v) => s.t('err-api-funds-trx', v),
  'err-api-no-tokens': (s, v) => s.t('err-api-no-tokens', v),
  'err-api-holding': (s, v) => s.t('err-api-holding', v),
  'err-api-price-moved': (s, v) => s.t('err-api-price-moved', v),
  'err-api-slippage': (s, v) => s.t('err-api-slippage', v),
  'err-api-rate-limit': (s, v) => s.t('err-api-rate-limit', v),
  'err-api-token-not-found': (s, v) => s.t('err-api-token-not-found', v),
  'err-api-approval': (s, v) => s.t('err-api-approval', v),
  'err-api-curve-full': (s, v) => s.t('err-api-curve-full', v),
  'err-api-no-pair': (s, v) => s.t('err-api-no-pair', v),
  'err-api-not-trading': (s, v) => s.t('err-api-not-trading', v),
  'err-api-down': (s, v) => s.t('err-api-down', v),
  'err-api-other': (s, v) => s.t('err-api-other', v),
};

/** A variable in the user's language: amounts by the speech's numbers, words and counts as they are. */
function varText(s: Speech, v: ReasonVar): string | number {
  if (typeof v === 'string' || typeof v === 'number') return v;
  if ('sun' in v) return s.n.trx(v.sun);
  if ('units' in v) return s.n.tokens(v.units, v.decimals, v.decimals);
  if ('e18' in v) return s.n.priceE18(v.e18);
  if ('decimal' in v) return s.n.decimal(v.decimal);
  if ('pct' in v) return s.n.pct(v.pct);
  return s.n.usd(v.usd);
}

/** A reason in the user's words; undefined when it cannot be said (a key or a figure unknown here). */
function sayReason(s: Speech, why: Reason): string | undefined {
  const say = Object.hasOwn(TEXTS, why.key) ? TEXTS[why.key] : undefined;
  if (!say) return undefined;
  try {
    const vars: Vars = {};
    for (const [name, v] of Object.entries(why.vars ?? {})) vars[name] = varText(s, v);
    return say(s, vars);
  } catch {
    return undefined;
  }
}

/** A reason in the user's words (plain text). */
export function reasonText(s: Speech, why: Reason): string {
  return sayReason(s, why) ?? s.t('err-unknown');
}

/** A failure in the user's words (plain text): its reason, or "something went wrong" for a bug. */
export function friendly(s: Speech, e: unknown): string {
  return reasonText(s, reasonOf(e));
}

/**
 * A reason kept beside English words (an outcome's, an order's or an automation's event): the reason
 * in the user's words, else the English words as they are (the chain's own, or a row older than
 * reasons). Plain text.
 */
export function toldText(s: Speech, why: unknown, text: string | undefined): string {
  return (isReason(why) ? sayReason(s, why) : undefined) ?? text ?? '';
}

/** An order's note written for a failure (JSON: trading's `errorNote`) in the user's words; undefined for other notes. */
export function noteErrorText(s: Speech, note: string | null | undefined): string | undefined {
  const told = readErrorNote(note);
  return told && (sayReason(s, told.why) ?? told.text);
}
