// The devnet's contract addresses, derived from fixed labels: the same on every machine. Light on
// purpose (keccak only): the config reads the launchpads' defaults from here without loading the
// devnet's VM or TronWeb.
import { keccak_256 } from '@noble/hashes/sha3';

export interface FamilyInfo {
  family: 'launchpad' | 'launchpad2';
  launchpad: string;
  router: string;
  feeRecipient: string;
}

/** A contract-style address derived from labels: `41` + last 20 bytes of keccak256. */
export function deriveAddress(...parts: string[]): string {
  const hash = keccak_256(new TextEncoder().encode(['tron-launchpad-devnet', ...parts].join(':')));
  return '41' + Buffer.from(hash).toString('hex').slice(24);
}

/** The devnet's SunSwap V2: wrapped TRX, the factory and the router (one for both launchpads). */
export const DEX = {
  wtrx: deriveAddress('wtrx'),
  factory: deriveAddress('sunswap-v2-factory'),
  router: deriveAddress('sunswap-v2-router'),
};

export const FAMILIES: FamilyInfo[] = (['launchpad', 'launchpad2'] as const).map((family) => ({
  family,
  launchpad: deriveAddress('launchpad', family),
  router: deriveAddress('router', family),
  feeRecipient: deriveAddress('launchpad-fees', family),
}));

export type DevnetFamilyName = FamilyInfo['family'];

/**
 * The families a chain hosts, in FAMILIES' order whatever the order asked; none named = all of them
 * (the devnet's default: both launchpads on one chain).
 */
export function devnetFamilies(names?: readonly string[]): FamilyInfo[] {
  if (names === undefined) return FAMILIES;
  const unknown = names.filter((n) => !FAMILIES.some((f) => f.family === n));
  if (unknown.length) throw new Error(`the devnet has no launchpad family named ${unknown.join(', ')}`);
  const chosen = FAMILIES.filter((f) => names.includes(f.family));
  if (chosen.length === 0) throw new Error('a devnet chain hosts at least one launchpad family');
  return chosen;
}
