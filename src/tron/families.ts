// The launchpad families the facade serves (`launchpad` and `launchpad2` in its paths).
export type FamilyName = 'launchpad' | 'launchpad2';

export interface Family {
  family: FamilyName;
  /** base58 addresses */
  launchpad: string;
  router: string;
  /** SunSwap V2 router to use after the launch instead of the launchpad's `v2Router()` (DEX_ROUTER). */
  dexRouter?: string | undefined;
}
