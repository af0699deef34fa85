// A chain's first block and who it was made for: the genesis block's parent (all zeros for the
// devnet's chain as it always was, a hash of its label for a labelled chain, so that each chain
// refuses a transaction made on another's blocks), and the families a data file's chain was made with.
import { createHash } from 'node:crypto';
import { devnetFamilies, type FamilyInfo } from '../genesis.js';
import type { Ledger } from '../ledger.js';
import { blockIdOf } from './statements.js';
import type { BlockRow } from './types.js';

const ZERO_ID = '0'.repeat(64);

/** The genesis block's parent: all zeros, or for a labelled chain a hash of its label. */
export function genesisParent(label?: string): string {
  if (label === undefined) return ZERO_ID;
  return createHash('sha256').update(`tron-launchpad-devnet:genesis:${label}`).digest('hex');
}

/** A chain made with other families than it is opened with is refused (its data file is another chain's). */
export function checkFamilies(ledger: Ledger, families: readonly FamilyInfo[]): void {
  const made = devnetFamilies().filter((f) => ledger.launchpad(f.launchpad) !== undefined);
  const names = (fs: readonly FamilyInfo[]) => fs.map((f) => f.family).join(', ');
  if (names(made) !== names(families)) {
    throw new Error(
      `the devnet's data file holds a chain with the launchpads ${names(made) || '(none)'}, not ${names(families)}`,
    );
  }
}

/** The genesis block of a chain made at `time` on `parentId`. */
export const genesisBlock = (time: number, parentId: string): BlockRow => ({
  number: 0,
  blockId: blockIdOf(0, parentId, time, []),
  parentId,
  timestamp: time,
  txCount: 0,
});
