// Who signed a transaction. libsecp256k1 (the `secp256k1` package's native binding) recovers a key
// in tens of microseconds where the JavaScript implementation TronWeb ships takes milliseconds, and
// every broadcast needs one. Without the binding, TronWeb's own ecRecover is used.
import { createRequire } from 'node:module';
import { utils } from 'tronweb';

interface Native {
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean, output?: Uint8Array): Uint8Array;
}

let native: Native | undefined;
try {
  native = createRequire(import.meta.url)('secp256k1/bindings.js') as Native;
} catch {
  native = undefined;
}

export const nativeRecovery = native !== undefined;

/** The signer of `txid` (64 hex) as lowercase `41...` hex; throws on a malformed signature. */
export function recoverSigner(txid: string, signature: string): string {
  const sig = signature.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{130}$/.test(sig) || !/^[0-9a-fA-F]{64}$/.test(txid)) throw new Error('malformed signature');
  if (!native) return utils.crypto.ecRecover(txid, sig).toLowerCase();
  const v = parseInt(sig.slice(128, 130), 16);
  const recid = v >= 27 ? v - 27 : v;
  if (recid < 0 || recid > 3) throw new Error('malformed signature');
  const pub = native.ecdsaRecover(Buffer.from(sig.slice(0, 128), 'hex'), recid, Buffer.from(txid, 'hex'), false);
  const hash = utils.ethersUtils.keccak256(pub.subarray(1));
  return '41' + hash.slice(-40).toLowerCase();
}
