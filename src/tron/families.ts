// The launchpad families the facade serves (`launchpad` and `launchpad2` in its paths).
export type FamilyName = 'launchpad' | 'launchpad2';

export interface Family {
  family: FamilyName;
  /** base58 addresses */
  launchpad: string;
  router: string;
}
