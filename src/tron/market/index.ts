// The market's rules, written once: the bonding curve and the launchpad's fees (curve.ts), SunSwap V2
// amounts (dex.ts), prices and levels (price.ts), the router's fee and the slippage floor (fees.ts),
// a trade as its venue fills it with the router's cut (fill.ts) and its price impact (impact.ts).
// The devnet's contracts execute with them; the service quotes, the indexer records and the trading
// engine compares with them, so all of them agree to the sun.
export * from './curve.js';
export * from './dex.js';
export * from './fees.js';
export * from './fill.js';
export * from './impact.js';
export * from './price.js';

/** The two sides of a trade. */
export const SIDES = ['buy', 'sell'] as const;
export type Side = (typeof SIDES)[number];
