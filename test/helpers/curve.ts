// The launchpad's bonding curve written out by hand, for the amounts end-to-end tests expect. The
// devnet's launchpad and the service both run src/tron/market/curve.ts, so figures taken from there
// could not show a bug in it; these are its rules, worked again from their statement:
// - a constant product over virtual reserves: k = trxReserve × tokenReserve (sun × token base units);
//   a new token's curve starts at 35,000 TRX against 1,070,000,000 tokens (18 decimals);
// - a buy: the launchpad's fee is 1 % of what the buyer pays it, rounded up to the sun; the rest (trxIn)
//   enters the curve, whose token reserve becomes ceil(k / (R + trxIn)) (rounded up, so the buyer's
//   tokens round down): the buyer gets T − ceil(k / (R + trxIn));
// - a sale of n tokens: the TRX reserve becomes ceil(k / (T + n)); what left it (the gross) pays the 1 %
//   fee, rounded up, and the seller gets the rest.
// No buy here fills the curve (that case, with its refund, is test/tron/market's).

export interface Reserves {
  /** virtual TRX, sun */
  trxReserve: bigint;
  /** virtual tokens, base units */
  tokenReserve: bigint;
}

/** A new token's curve: 35,000 TRX against 1,070,000,000 tokens. */
export const FRESH_CURVE: Reserves = { trxReserve: 35_000_000_000n, tokenReserve: 1_070_000_000n * 10n ** 18n };

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
/** 1 % of `sun`, rounded up: the launchpad's fee on a buy's payment and on a sale's gross. */
const onePercentUp = (sun: bigint) => ceilDiv(sun, 100n);

/** A buy that pays the launchpad `paid` sun: the tokens out and the curve after it. */
export function buyByHand(r: Reserves, paid: bigint): { tokenOut: bigint; after: Reserves } {
  const trxIn = paid - onePercentUp(paid);
  const k = r.trxReserve * r.tokenReserve;
  const tokenReserve = ceilDiv(k, r.trxReserve + trxIn);
  return { tokenOut: r.tokenReserve - tokenReserve, after: { trxReserve: r.trxReserve + trxIn, tokenReserve } };
}

/** A sale of `tokens` base units to the curve: the TRX the seller gets (sun) and the curve after it. */
export function sellByHand(r: Reserves, tokens: bigint): { trxOut: bigint; after: Reserves } {
  const k = r.trxReserve * r.tokenReserve;
  const trxReserve = ceilDiv(k, r.tokenReserve + tokens);
  const gross = r.trxReserve - trxReserve;
  return { trxOut: gross - onePercentUp(gross), after: { trxReserve, tokenReserve: r.tokenReserve + tokens } };
}
