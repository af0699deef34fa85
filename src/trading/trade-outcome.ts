// What a trade came to (TradeOutcome) and how its progress is told (TradeEvents): what the flow,
// the engines and a front end's notifiers share.
import type { Reason } from './reasons.js';
import type { TradeRow } from './store.js';

export interface TradeOutcome {
  /** confirmed: it went through, in a block; failed: it did not */
  state: 'confirmed' | 'failed';
  /** its block is solid: no fork can undo it (false while only in a head block) */
  final?: boolean;
  txid?: string;
  /** What the user got: tokens (buy) or TRX (sell), as a number for display. */
  received?: number;
  feeTrx?: number;
  /** why it failed, in English (the chain's own words when it failed on chain) */
  reason?: string;
  /**
   * the same as a reason to word in the user's language (reasons.ts, stored as JSON: exact integers
   * as strings; the bot: error-text.ts `toldText(s, o.why, o.reason)`); absent where the reason is
   * the chain's or the API's own words (a revert)
   */
  why?: Reason;
  /** a failed trade's code from the facade (TOKEN_LAUNCHED: the token launched under a curve trade) */
  failureCode?: string;
  /** why a trade failed before reaching the chain: no TRX for it, or no tokens left to sell */
  failureKind?: 'funds' | 'no-holding';
  /** failed with a txid, but none of it is on chain (refused, expired unsent, taken away by a fork) */
  offChain?: true;
  trxBalance?: number;
  tokenBalance?: number;
}

export interface TradeEvents {
  /** Called when the transaction is on its way (txid known). */
  pending(trade: TradeRow): Promise<void> | void;
  /** Called once with the result, as soon as the transaction is in a block (or failed before). */
  done(trade: TradeRow, outcome: TradeOutcome): Promise<void> | void;
  /** A trade done in a head block became final (its block is solid). */
  final?(trade: TradeRow, outcome: TradeOutcome): Promise<void> | void;
  /** A trade done in a head block was taken away by a fork and could not land again. */
  undone?(trade: TradeRow, outcome: TradeOutcome): Promise<void> | void;
}
