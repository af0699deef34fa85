// The launchpad families the facade serves (`launchpad` and `launchpad2` in its paths).
/** The launchpads' names as the API's paths and bodies say them. */
export const FAMILY_NAMES = ['launchpad', 'launchpad2'] as const;
export type FamilyName = (typeof FAMILY_NAMES)[number];

/**
 * A network (one node, one chain) is named by its first family: 'launchpad', or 'launchpad2' when
 * the second family is on a node of its own (src/tron/networks.ts).
 */
export type NetworkId = FamilyName;

export interface Family {
  family: FamilyName;
  /** The network (node) this family's contracts are on: see networksOf in src/tron/networks.ts. */
  network: NetworkId;
  /** base58 addresses */
  launchpad: string;
  router: string;
  /**
   * Routers this family traded through before `router` (ROUTER_PREVIOUS, base58): the indexer still
   * reads their events (trades made before a move to a new router version); nothing trades through them.
   */
  previousRouters?: readonly string[] | undefined;
  /** SunSwap V2 router to use after the launch instead of the launchpad's `v2Router()` (DEX_ROUTER). */
  dexRouter?: string | undefined;
}

/** Every router whose events are the family's trades: the current one first, then earlier ones. */
export const routersOf = (f: Family): string[] => [f.router, ...(f.previousRouters ?? [])];
