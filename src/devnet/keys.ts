// Deterministic devnet identities. These keys are public knowledge (like Hardhat's test accounts):
// they exist only on the embedded devnet and must never hold value on a real network.
import { createHash } from 'node:crypto';
import { utils } from 'tronweb';
export { deriveAddress } from './addresses.js';

export interface DevnetKey {
  label: string;
  privateKey: string;
  /** `41...` hex, lowercase. */
  address: string;
}

export function devnetKey(label: string): DevnetKey {
  const privateKey = createHash('sha256').update(`tron-launchpad-devnet:key:${label}`).digest('hex');
  const address = utils.address.toHex(utils.crypto.pkToAddress(privateKey)).toLowerCase();
  return { label, privateKey, address };
}
