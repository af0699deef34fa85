import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { refOf, signTx, transferTx } from '../../src/tron/tx.js';
import { TronWeb, utils } from 'tronweb';
import { addressOfKey, recoverSigner, signDigest } from '../../src/tron/secp.js';

describe('signer recovery', () => {
  it('agrees with TronWeb for many keys and messages, and refuses malformed signatures', async () => {
    for (let i = 0; i < 50; i++) {
      const acc = await TronWeb.createAccount();
      const txid = createHash('sha256').update(`tx ${i}`).digest('hex');
      const sig = utils.crypto.ECKeySign(
        Buffer.from(txid, 'hex') as never,
        Buffer.from(acc.privateKey, 'hex') as never,
      );
      expect(recoverSigner(txid, sig)).toBe(TronWeb.address.toHex(acc.address.base58).toLowerCase());
      expect(recoverSigner(txid, sig)).toBe(utils.crypto.ecRecover(txid, sig).toLowerCase());
    }
    expect(() => recoverSigner('00'.repeat(32), 'zz')).toThrow();
  });
});

describe('signing', () => {
  // valid keys: non-zero and below the group order (a leading byte below 0xff is enough)
  const key = fc
    .uint8Array({ minLength: 32, maxLength: 32 })
    .filter((b) => b[0]! < 0xff && b.some((x) => x !== 0))
    .map((b) => Buffer.from(b).toString('hex'));
  const digest = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));

  it('signs the same bytes as TronWeb and knows the same address for a key', () => {
    fc.assert(
      fc.property(key, digest, (k, d) => {
        expect(signDigest(d, k)).toBe(
          utils.crypto.ECKeySign(utils.code.hexStr2byteArray(d), utils.code.hexStr2byteArray(k)),
        );
        expect(addressOfKey(k)).toBe(TronWeb.address.toHex(TronWeb.address.fromPrivateKey(k) as string).toLowerCase());
        expect(recoverSigner(d, signDigest(d, k))).toBe(addressOfKey(k));
      }),
      { numRuns: 300 },
    );
  });

  it('signs a transaction only when its txID is the hash of its data and the key is the owner', async () => {
    const acc = await TronWeb.createAccount();
    const other = await TronWeb.createAccount();
    const ref = refOf({ number: 7, id: 'ab'.repeat(32), timestamp: 1_700_000_000_000 });
    const tx = transferTx({ owner: acc.address.base58, to: other.address.base58, amount: 5, ref });
    const signed = signTx(tx, acc.privateKey);
    const theirs = utils.crypto.signTransaction(acc.privateKey, JSON.parse(JSON.stringify(tx)));
    expect(signed.signature).toEqual(theirs.signature);
    expect(signTx(signed, acc.privateKey).signature).toHaveLength(1); // signing twice adds nothing
    expect(() => signTx(tx, other.privateKey)).toThrow(/does not match/);
    const tampered = { ...tx, raw_data: { ...tx.raw_data, expiration: (tx.raw_data.expiration as number) + 1 } };
    expect(() => signTx(tampered, acc.privateKey)).toThrow(/txID/);
  });
});
