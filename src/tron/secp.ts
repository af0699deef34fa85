// secp256k1 for transactions: signing, recovering the signer and a key's address. libsecp256k1
// (the `secp256k1` package's native binding) does each in tens of microseconds where the
// JavaScript implementation TronWeb ships takes about a millisecond; without the binding,
// TronWeb's own functions are used. Both sign deterministically (RFC 6979, low s), so the
// signatures are the same bytes either way (a property test holds them equal).
import { createRequire } from 'node:module';
import { TronWeb, utils } from 'tronweb';

interface Native {
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyCreate(seckey: Uint8Array, compressed: boolean): Uint8Array;
}

let native: Native | undefined;
try {
  native = createRequire(import.meta.url)('secp256k1/bindings.js') as Native;
} catch {
  native = undefined;
}

export const nativeSecp = native !== undefined;

const HEX64 = /^[0-9a-fA-F]{64}$/;
const keccakAddress = (uncompressed: Uint8Array): string =>
  '41' + utils.ethersUtils.keccak256(uncompressed.subarray(1)).slice(-40).toLowerCase();

/** Signature of a 32-byte digest (64 hex) as Tron writes it: r, s and v = 27 + recovery id (130 hex). */
export function signDigest(digest: string, privateKey: string): string {
  const key = privateKey.replace(/^0x/, '');
  if (!HEX64.test(digest) || !HEX64.test(key)) throw new Error('signDigest needs a 32-byte digest and a 32-byte key');
  if (!native) return utils.crypto.ECKeySign(utils.code.hexStr2byteArray(digest), utils.code.hexStr2byteArray(key));
  const { signature, recid } = native.ecdsaSign(Buffer.from(digest, 'hex'), Buffer.from(key, 'hex'));
  // v in upper case, as TronWeb writes it (so the strings are equal too)
  return Buffer.from(signature).toString('hex') + (27 + recid).toString(16).toUpperCase();
}

/** The signer of a digest (64 hex) as lowercase `41...` hex; throws on a malformed signature. */
export function recoverSigner(digest: string, signature: string): string {
  const sig = signature.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{130}$/.test(sig) || !HEX64.test(digest)) throw new Error('malformed signature');
  if (!native) return utils.crypto.ecRecover(digest, sig).toLowerCase();
  const v = parseInt(sig.slice(128, 130), 16);
  const recid = v >= 27 ? v - 27 : v;
  if (recid < 0 || recid > 3) throw new Error('malformed signature');
  return keccakAddress(
    native.ecdsaRecover(Buffer.from(sig.slice(0, 128), 'hex'), recid, Buffer.from(digest, 'hex'), false),
  );
}

/** The account (`41...` hex) of a private key (64 hex). */
export function addressOfKey(privateKey: string): string {
  const key = privateKey.replace(/^0x/, '');
  if (!native) return TronWeb.address.toHex(TronWeb.address.fromPrivateKey(key) as string).toLowerCase();
  return keccakAddress(native.publicKeyCreate(Buffer.from(key, 'hex'), false));
}
