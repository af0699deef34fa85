// The compiled fee router (contracts/FeeRouterV2.sol, built by `npm run contracts:build` into
// contracts/build/FeeRouterV2.json): what the devnet's genesis deploys and `cli router deploy` sends
// to a real node. Version 1 (contracts/FeeRouter.sol) is built beside it for operators moving from it. Read from the repository at run time, from the sources and from the build alike.
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
  /** Runtime code (hex, no 0x), with zeros where the constructor writes its immutables. */
  deployedBytecode: string;
  /** Where the immutables go in the runtime code (byte offsets); absent when there are none. */
  immutableReferences?: Array<{ start: number; length: number }>;
}

/**
 * Whether code read from a node (`runtimecode`, hex) is the build's runtime code: byte for byte,
 * except the immutables the constructor wrote (the launchpad, the DEX router, its WTRX).
 */
export function isBuildOf(runtime: string, build: ContractBuild): boolean {
  const code = runtime.toLowerCase().replace(/^0x/, '');
  if (code.length !== build.deployedBytecode.length) return false;
  const chars = [...code];
  for (const r of build.immutableReferences ?? []) chars.fill('0', r.start * 2, (r.start + r.length) * 2);
  return chars.join('') === build.deployedBytecode.toLowerCase();
}

const builds = new Map<string, ContractBuild>();

/** The router the product deploys and trades through (its build's name). */
export const ROUTER_CONTRACT = 'FeeRouterV2';

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
  /** SunSwap V2's router; the zero address for none. Fixed for the router's life. */
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
