// Resource prices of the devnet, in sun. They follow mainnet's chain parameters.
export const ENERGY_PRICE_SUN = 100n;
export const BANDWIDTH_PRICE_SUN = 1_000n;
/** Burnt when a TRX transfer creates the recipient's account. */
export const CREATE_ACCOUNT_FEE_SUN = 1_000_000n;
/** The largest fee_limit a transaction may carry (15,000 TRX). */
export const MAX_FEE_LIMIT_SUN = 15_000_000_000n;
/** Bytes added to a transaction's size for its result, as java-tron counts them. */
export const TX_RESULT_BYTES = 64;
