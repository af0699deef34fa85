import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TronWeb, utils } from 'tronweb';
import { nativeRecovery, recoverSigner } from '../../src/devnet/recover.js';

describe('signer recovery', () => {
  it('agrees with TronWeb for many keys and messages, and refuses malformed signatures', async () => {
    expect(nativeRecovery).toBe(true); // the binding installs from the registry on this platform
    for (let i = 0; i < 50; i++) {
      const acc = await TronWeb.createAccount();
      const txid = createHash('sha256').update(`tx ${i}`).digest('hex');
      const sig = utils.crypto.ECKeySign(Buffer.from(txid, 'hex') as never, Buffer.from(acc.privateKey, 'hex') as never);
      expect(recoverSigner(txid, sig)).toBe(TronWeb.address.toHex(acc.address.base58).toLowerCase());
      expect(recoverSigner(txid, sig)).toBe(utils.crypto.ecRecover(txid, sig).toLowerCase());
    }
    expect(() => recoverSigner('00'.repeat(32), 'zz')).toThrow();
  });
});
