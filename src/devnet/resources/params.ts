// The devnet's resource parameters (java-tron's dynamic properties of the same names). The limits are
// mainnet's; the network's stake is a fixed figure standing for everyone else's on mainnet, so that one
// staked TRX gives about what it gives there (the devnet's own accounts add to it as they stake).

/** Energy the whole network gets a day (TotalEnergyCurrentLimit; mainnet's TotalEnergyLimit). */
export const TOTAL_ENERGY_LIMIT = 180_000_000_000;
/** Bandwidth the whole network gets a day (TotalNetLimit). */
export const TOTAL_NET_LIMIT = 43_200_000_000;
/** Bandwidth each account gets free a day (getFreeNetLimit, 600 since mainnet's proposal of 2024). */
export const FREE_NET_LIMIT = 600;
/**
 * TRX staked for energy and for bandwidth by the rest of the network (TotalEnergyWeight and
 * TotalNetWeight before the devnet's own accounts stake): with these, 1 TRX staked gives 10 energy
 * and 1 byte of bandwidth a day, close to mainnet's figures of 2025–2026.
 */
export const NETWORK_ENERGY_WEIGHT_TRX = 18_000_000_000n;
export const NETWORK_NET_WEIGHT_TRX = 43_200_000_000n;
/** The longest lock a delegation may take, in blocks (getMaxDelegateLockPeriod). */
export const MAX_DELEGATE_LOCK_BLOCKS = 864_000;
/** A lock's default length, in blocks, when `lock_period` is 0 (DELEGATE_PERIOD: 3 days). */
export const DEFAULT_DELEGATE_LOCK_BLOCKS = 86_400;
/** At most this many unstakes wait at once (UnfreezeBalanceV2Actuator.UNFREEZE_MAX_TIMES). */
export const MAX_PENDING_UNFREEZES = 32;
/** Block interval (ms) the slot of a time is counted in (BLOCK_PRODUCED_INTERVAL). */
export const SLOT_MS = 3_000;
/** A day (ms): java-tron's FROZEN_PERIOD, the unit of getUnfreezeDelayDays. */
export const DAY_MS = 86_400_000;
/** Mainnet's unstaking period (getUnfreezeDelayDays); the devnet's is a setting (DEVNET_UNFREEZE_DAYS). */
export const MAINNET_UNFREEZE_DAYS = 14;

export const NETWORK_TOTALS = { totalEnergyWeight: NETWORK_ENERGY_WEIGHT_TRX, totalNetWeight: NETWORK_NET_WEIGHT_TRX };
