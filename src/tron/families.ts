// The launchpad families the facade serves (`launchpad` and `launchpad2` in its paths).
/** The launchpads' names as the API's paths and bodies say them. */
export const FAMILY_NAMES = ['launchpad', 'launchpad2'] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

export interface Family {
  family: FamilyName;
  /** base58 addresses */
  launchpad: string;
  router: string;
  /** SunSwap V2 router to use after the launch instead of the launchpad's `v2Router()` (DEX_ROUTER). */
  dexRouter?: string | undefined;
}
