// How a chain is opened (Chain.open).
import type { DevnetFamilyName } from '../genesis.js';

export interface ChainOptions {
  clock?: () => number;
  /** The genesis block's time, for a new chain. */
  genesisTime?: number;
  /** Blocks until a block is solid (the newest solid block is head − solidAfter); 0 = solid at once. */
  solidAfter?: number;
  /** How long an unstake waits, in days (getUnfreezeDelayDays; 14 on mainnet). */
  unfreezeDelayDays?: number;
  /** The launchpad families the chain hosts (their launchpads, routers and demo tokens); all when unset. */
  families?: readonly DevnetFamilyName[];
  /**
   * Names a new chain: mixed into its genesis block's parent, so that chains with different labels
   * have different genesis ids and each refuses a transaction made on another's blocks (TAPOS).
   * Unset, the genesis parent is all zeros (the devnet's chain as it always was).
   */
  label?: string;
}
