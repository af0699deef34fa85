// The direct MLOAD/MSTORE word moves give exactly what @ethereumjs/evm's own conversions give.
import { bigIntToBytes, bytesToBigInt, setLengthLeft } from '@ethereumjs/util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesWord, wordBytes } from '../../../src/devnet/evm/words.js';

const word = fc.bigInt({ min: 0n, max: 2n ** 256n - 1n });

describe('EVM memory words', () => {
  it('a stack value becomes the 32 bytes the EVM would store', () => {
    fc.assert(
      fc.property(word, (v) => {
        expect(wordBytes(v)).toEqual(setLengthLeft(bigIntToBytes(v), 32));
      }),
      { numRuns: 2000, examples: [[0n], [1n], [2n ** 64n], [2n ** 256n - 1n], [2n ** 255n]] },
    );
  });

  it('32 bytes anywhere in memory read back as the value the EVM would push', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 96 }), fc.nat(64), (memory, at) => {
        const offset = at % (memory.length - 31);
        // MLOAD reads a view into memory at any byte offset, not a copy
        const view = memory.subarray(offset, offset + 32);
        expect(bytesWord(view)).toBe(bytesToBigInt(view));
      }),
      { numRuns: 2000 },
    );
  });
});
