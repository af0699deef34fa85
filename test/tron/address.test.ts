// Tron addresses without TronWeb (base58check over SHA-256), held to TronWeb's own conversions and
// checks on random addresses and on broken ones.
import { randomBytes } from 'node:crypto';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { isBase58Address, toBase58, toHexAddress, tryHexAddress } from '../../src/tron/address.js';

describe('addresses', () => {
  it('converts both ways as TronWeb does, for 300 random addresses', () => {
    for (let i = 0; i < 300; i++) {
      const hex = '41' + randomBytes(20).toString('hex');
      const b58 = TronWeb.address.fromHex(hex);
      expect(toBase58(hex)).toBe(b58);
      expect(toBase58('0x' + hex.slice(2))).toBe(b58);
      expect(toHexAddress(b58)).toBe(hex);
      expect(isBase58Address(b58)).toBe(true);
    }
  });

  it('refuses what TronWeb refuses: a wrong checksum, another prefix, the wrong length, junk', () => {
    const good = TronWeb.address.fromHex('41' + randomBytes(20).toString('hex'));
    const last = good.at(-1) === 'a' ? 'b' : 'a';
    const bad = [
      good.slice(0, 33) + last,
      TronWeb.address.fromHex('42' + randomBytes(20).toString('hex')),
      good.slice(0, 33),
      good + 'a',
      'T' + '0'.repeat(33),
      '',
    ];
    for (const b of bad) {
      expect(isBase58Address(b), b).toBe(TronWeb.isAddress(b));
      expect(isBase58Address(b), b).toBe(false);
      expect(tryHexAddress(b), b).toBeNull();
    }
  });
});
