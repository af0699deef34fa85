// A failed trade's reason as a code a program can act on (what a confirmed one did: src/tron/receipts.ts).
export { settledTrade, type SettledTrade } from '../../tron/receipts.js';

export type FailureCode = 'TOKEN_LAUNCHED' | 'CURVE_FULL' | 'SLIPPAGE' | 'EXPIRED' | 'OUT_OF_ENERGY' | 'REVERTED';

/** A failed trade's reason (the revert text, or the receipt's result) as a code a program can act on. */
export function failureCodeOf(reason: string | undefined): FailureCode {
  const r = reason ?? '';
  if (/has launched|trade it on the DEX/i.test(r)) return 'TOKEN_LAUNCHED';
  if (/curve is full|waiting for (its )?launch/i.test(r)) return 'CURVE_FULL';
  if (/slippage|INSUFFICIENT_OUTPUT_AMOUNT|EXCESSIVE_INPUT_AMOUNT/i.test(r)) return 'SLIPPAGE';
  if (/EXPIRED/.test(r)) return 'EXPIRED';
  if (/OUT_OF_ENERGY|energy/i.test(r)) return 'OUT_OF_ENERGY';
  return 'REVERTED';
}
