// secp256k1 for transactions: signing, recovering the signer and a key's address, through the
// `secp256k1` package's public entry: libsecp256k1's native binding (tens of microseconds a call,
// where the JavaScript TronWeb ships takes about a millisecond), or, where the binding could not be
// built, the package's own elliptic fallback. Both sign deterministically (RFC 6979, low s), so the
// signatures are the bytes TronWeb's trx.sign makes either way (a property test holds them equal).
import { createRequire } from 'node:module';
import { utils } from 'tronweb';

/** The part of the package's API we use (it ships no types). */
interface Secp256k1 {
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyCreate(seckey: Uint8Array, compressed: boolean): Uint8Array;
}

const secp = createRequire(import.meta.url)('secp256k1') as Secp256k1;

const HEX64 = /^[0-9a-fA-F]{64}$/;
const keccakAddress = (uncompressed: Uint8Array): string =>
  '41' + utils.ethersUtils.keccak256(uncompressed.subarray(1)).slice(-40).toLowerCase();

/** Signature of a 32-byte digest (64 hex) as Tron writes it: r, s and v = 27 + recovery id (130 hex). */
export function signDigest(digest: string, privateKey: string): string {
  const key = privateKey.replace(/^0x/, '');
  if (!HEX64.test(digest) || !HEX64.test(key)) throw new Error('signDigest needs a 32-byte digest and a 32-byte key');
  const { signature, recid } = secp.ecdsaSign(Buffer.from(digest, 'hex'), Buffer.from(key, 'hex'));
  // v in upper case, as TronWeb writes it (so the strings are equal too)
  return Buffer.from(signature).toString('hex') + (27 + recid).toString(16).toUpperCase();
}

/** The signer of a digest (64 hex) as lowercase `41...` hex; throws on a malformed signature. */
export function recoverSigner(digest: string, signature: string): string {
  const sig = signature.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]{130}$/.test(sig) || !HEX64.test(digest)) throw new Error('malformed signature');
  const v = parseInt(sig.slice(128, 130), 16);
  const recid = v >= 27 ? v - 27 : v;
  if (recid < 0 || recid > 3) throw new Error('malformed signature');
  return keccakAddress(
    secp.ecdsaRecover(Buffer.from(sig.slice(0, 128), 'hex'), recid, Buffer.from(digest, 'hex'), false),
  );
}

/** The account (`41...` hex) of a private key (64 hex). */
export function addressOfKey(privateKey: string): string {
  const key = privateKey.replace(/^0x/, '');
  return keccakAddress(secp.publicKeyCreate(Buffer.from(key, 'hex'), false));
}
