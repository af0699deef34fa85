// How a trade fails before the chain, in the trading side's words: a TradeError (refused for the
// user's safety, short of funds or of tokens to sell, or a market that does not trade now), what an
// automation makes of a failure, and every failure as a reason (reasons.ts: a message key and its
// variables, which the bot words in its user's language: src/bot/error-text.ts) and as an English
// sentence (`friendly`: what rows keep beside the reason, logs and tests read).
import { ApiError } from '../client/index.js';
import { trxToSun } from '../tron/units.js';
import { UserError } from './accounts.js';
import { storable, why, type ErrorKey, type Reason } from './reasons.js';

export type { ErrorKey, Exact, Reason, ReasonVar } from './reasons.js';
export { storable, why } from './reasons.js';

type TradeErrorKind = 'safety' | 'funds' | 'no-holding' | 'market';
/**
 * what a program acts on: TOKEN_LAUNCHED (the token moved to the DEX since the quote), TOKEN_NOT_FOUND
 * (the node knows no launchpad token at the address)
 */
type TradeErrorCode = 'TOKEN_LAUNCHED' | 'TOKEN_NOT_FOUND';

/** The frame of an error made without a reason of its own: its English message as the detail. */
const DETAIL: Record<TradeErrorKind, ErrorKey> = {
  safety: 'err-detail-safety',
  funds: 'err-detail-funds',
  'no-holding': 'err-detail',
  market: 'err-detail',
};

export class TradeError extends Error {
  readonly code?: TradeErrorCode;
  /** why, for the user (the message is the English detail) */
  readonly why: Reason;

  /** `new TradeError(message, kind, why(...))`, or with a code: `new TradeError(message, kind, code, why(...))`. */
  constructor(
    message: string,
    readonly kind: TradeErrorKind = 'safety',
    codeOrWhy?: TradeErrorCode | Reason,
    reason?: Reason,
  ) {
    super(message);
    if (typeof codeOrWhy === 'string') this.code = codeOrWhy;
    this.why = (typeof codeOrWhy === 'object' ? codeOrWhy : reason) ?? why(DETAIL[kind], { detail: message });
  }
}

/** A failure before the chain that an automated order acts on: no TRX for it, or nothing to sell. */
export function failureKindOf(e: unknown): 'funds' | 'no-holding' | undefined {
  if (e instanceof TradeError && (e.kind === 'funds' || e.kind === 'no-holding')) return e.kind;
  if (e instanceof ApiError && e.error === 'Insufficient funds')
    return /no tokens to sell|holding is 0 tokens/.test(e.message) ? 'no-holding' : 'funds';
  return undefined;
}

/**
 * Why a failure happened, as a reason to word for the user (storable: exact integers as strings):
 * a TradeError's or UserError's own, the API's answers by their error type (the figures of a
 * shortfall read from its message, whose forms are the service's own: src/service/trade), and
 * anything else as "something went wrong" (its detail is for the logs only).
 */
export function reasonOf(e: unknown): Reason {
  if (e instanceof TradeError || e instanceof UserError) return storable(e.why);
  if (e instanceof ApiError) return storable(apiReason(e));
  return why('err-unknown');
}

/** A TRX figure of the API's text ("110", "0.5") in sun; undefined when it is not one. */
function sunOf(text: string | undefined): bigint | undefined {
  try {
    return text === undefined ? undefined : trxToSun(text);
  } catch {
    return undefined;
  }
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
/** "needs 110 TRX (…), has 20 TRX[: 90 TRX missing]": the service's words for a TRX shortfall. */
const NEEDS_HAS = new RegExp(String.raw`^needs ${NUM} TRX\b.*, has ${NUM} TRX(?:: ${NUM} TRX missing)?$`);
const HOLDING = new RegExp(String.raw`^holding is ${NUM} tokens$`);

function apiReason(e: ApiError): Reason {
  switch (e.error) {
    case 'Insufficient funds': {
      const detail = e.message.replace(/^The account lacks funds for this transaction: /, '');
      if (/no tokens to sell/.test(detail)) return why('err-api-no-tokens');
      const held = HOLDING.exec(detail);
      if (held) return why('err-api-holding', { held: { decimal: held[1]! } });
      const m = NEEDS_HAS.exec(detail);
      const [need, have] = [sunOf(m?.[1]), sunOf(m?.[2])];
      if (need !== undefined && have !== undefined && need > have)
        return why('err-api-funds-trx', { need: { sun: need }, have: { sun: have }, missing: { sun: need - have } });
      return why('err-api-funds');
    }
    case 'Simulation failed':
      return why(e.message.startsWith('The price moved since the quote') ? 'err-api-price-moved' : 'err-api-slippage');
    case 'Rate limit exceeded':
      return why('err-api-rate-limit', { seconds: e.retryAfter ?? 60 });
    case 'Token not found':
      return why('err-api-token-not-found');
    case 'Approval required':
      return why('err-api-approval');
    case 'Token not trading':
      if (/curve is full/i.test(e.message)) return why('err-api-curve-full');
      if (/DEX pair was not found/i.test(e.message)) return why('err-api-no-pair');
      return why('err-api-not-trading');
  }
  if (e.status >= 500) return why('err-api-down');
  return why('err-api-other', { detail: e.message || e.error });
}

/**
 * A failure in plain English: what rows keep beside the reason (a trade's outcome, an order's event),
 * logs and tests read. The bot words failures with src/bot/error-text.ts instead.
 */
export function friendly(e: unknown): string {
  if (e instanceof ApiError) {
    if (e.error === 'Insufficient funds')
      return `Not enough funds: ${e.message.replace(/^The account lacks funds for this transaction: /, '')}.`;
    if (e.error === 'Simulation failed' && e.message.startsWith('The price moved since the quote'))
      return 'The price moved since your quote: the trade would give less than the minimum you confirmed. Nothing was sent; please quote again.';
    if (e.error === 'Simulation failed')
      return 'The price would move more than your slippage allows. Try a smaller amount or raise the slippage in /settings.';
    if (e.error === 'Rate limit exceeded') return `Too many requests right now; try again in ${e.retryAfter ?? 60} s.`;
    if (e.error === 'Token not found') return 'I could not find that token on the launchpads. Check the address.';
    if (e.error === 'Approval required')
      return 'The router may not spend this token yet; sell again to approve it first.';
    if (e.error === 'Token not trading') return e.message;
    if (e.status >= 500) return 'The service had a problem; please try again in a moment.';
    return e.message || e.error;
  }
  if (e instanceof TradeError) {
    if (e.kind === 'funds') return `Not enough funds: ${e.message}.`;
    if (e.kind === 'safety') return `Stopped for your safety: ${e.message}.`;
    return `${e.message}.`;
  }
  if (e instanceof UserError) return e.message;
  return 'Something went wrong; please try again.';
}

/**
 * An order's note for a failure (a pause for funds or for the user's safety): JSON of its reason and
 * its English sentence, `{"why":{"key":"err-…","vars":{…}},"text":"Not enough funds: …"}`. A front end
 * reads it back with `readErrorNote` (the bot: error-text.ts `noteErrorText`) and words the reason;
 * other notes are plain English words of the order engine.
 */
export const errorNote = (reason: Reason, text: string): string => JSON.stringify({ why: storable(reason), text });

/** An order's note written by `errorNote`, read back; undefined for any other note. */
export function readErrorNote(note: string | null | undefined): { why: Reason; text: string } | undefined {
  if (!note?.startsWith('{"why":')) return undefined;
  try {
    const v = JSON.parse(note) as { why?: Partial<Reason>; text?: unknown };
    if (!isReason(v.why) || typeof v.text !== 'string') return undefined;
    return { why: v.why, text: v.text };
  } catch {
    return undefined;
  }
}

/** Whether a value read from JSON is a reason (a key of the err- prefix, and variables if any). */
export function isReason(v: unknown): v is Reason {
  if (!v || typeof v !== 'object') return false;
  const r = v as { key?: unknown; vars?: unknown };
  return (
    typeof r.key === 'string' &&
    r.key.startsWith('err-') &&
    (r.vars === undefined || (typeof r.vars === 'object' && r.vars !== null))
  );
}
