// Signing a transaction id: libsecp256k1 (signDigest, what signTx uses) against TronWeb's JavaScript signer.
import { TronWeb, utils } from 'tronweb';
import { signDigest } from '../../src/tron/secp.js';
import { out } from '../harness.js';

/** Microseconds per call, after a warm-up. */
function per(f: () => unknown): number {
  for (let i = 0; i < 200; i++) f();
  const n = 3000;
  const t0 = performance.now();
  for (let i = 0; i < n; i++) f();
  return ((performance.now() - t0) / n) * 1000;
}

export async function run(): Promise<void> {
  const acc = await TronWeb.createAccount();
  const digest = 'ab'.repeat(32);
  const native = per(() => signDigest(digest, acc.privateKey));
  const js = per(() =>
    utils.crypto.ECKeySign(utils.code.hexStr2byteArray(digest), utils.code.hexStr2byteArray(acc.privateKey)),
  );
  out(
    `- signing a transaction: ${native.toFixed(0)} µs with signTx (libsecp256k1), ${js.toFixed(0)} µs with TronWeb's JavaScript signer (same signature)`,
  );
}
