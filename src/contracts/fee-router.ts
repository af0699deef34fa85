// The compiled fee router (contracts/FeeRouter.sol, built by `npm run contracts:build` into
// contracts/build/FeeRouter.json): what the devnet's genesis deploys and `cli router deploy` sends
// to a real node. Read from the repository at run time, from the sources and from the build alike.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AbiEntry } from '../tron/abi.js';
import { toAbiAddress } from '../tron/address.js';
import { encodeValues } from '../tron/codec.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ContractBuild {
  contractName: string;
  abi: AbiEntry[];
  /** Creation code (hex, no 0x). */
  bytecode: string;
  /** Runtime code (hex, no 0x). */
  deployedBytecode: string;
}

const builds = new Map<string, ContractBuild>();

/** A committed build from contracts/build (FeeRouter, or a test contract). */
export function contractBuild(name: string): ContractBuild {
  let build = builds.get(name);
  if (!build) {
    build = JSON.parse(fs.readFileSync(path.join(ROOT, 'contracts/build', `${name}.json`), 'utf8')) as ContractBuild;
    builds.set(name, build);
  }
  return build;
}

export interface FeeRouterSettings {
  /** Where fees go, `41...` hex. */
  treasury: string;
  /** The highest fee a trade may name, in basis points (at most 1,000). */
  maxFeeBps: number;
  launchpad: string;
  /** SunSwap V2's router; the zero address for none. */
  v2Router: string;
}

/** The constructor's arguments, ABI-encoded (hex), as they follow the creation code. */
export function feeRouterArguments(s: FeeRouterSettings): string {
  return encodeValues(
    [
      { type: 'address', name: 'treasury_' },
      { type: 'uint256', name: 'maxFeeBps_' },
      { type: 'address', name: 'launchpad_' },
      { type: 'address', name: 'v2Router_' },
    ],
    [toAbiAddress(s.treasury), BigInt(s.maxFeeBps), toAbiAddress(s.launchpad), toAbiAddress(s.v2Router)],
  );
}
