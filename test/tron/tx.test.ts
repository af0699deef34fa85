import fc from 'fast-check';
import { TronWeb, utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { callData, rawDataBytes, refOf, transferTx, triggerTx, txIdOf } from '../../src/tron/tx.js';

const tw = new TronWeb({ fullHost: 'http://127.0.0.1:1' }); // never contacted: every build below is local
const { txJsonToPb, txPbToRawDataHex } = utils.transaction;

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => TronWeb.address.fromHex('41' + Buffer.from(b).toString('hex')));
const uint = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
const ref = fc.record({
  number: fc.integer({ min: 0, max: 2 ** 40 }),
  id: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
  timestamp: fc.integer({ min: 1_500_000_000_000, max: 4_000_000_000_000 }),
}).map(refOf);
const param = fc.oneof(
  address.map((value) => ({ type: 'address', value })),
  uint.map((value) => ({ type: 'uint256', value: value.toString() })),
  fc.boolean().map((value) => ({ type: 'bool', value })),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((value) => ({ type: 'string', value })),
);

describe('local transaction builder', () => {
  it('builds the same JSON, bytes and txID as TronWeb for any contract call', async () => {
    await fc.assert(
      fc.asyncProperty(
        address, address, fc.constantFrom('buy(address,uint256,uint256)', 'transfer(address,uint256)', 'f()'), fc.array(param, { maxLength: 4 }),
        fc.nat({ max: 2 ** 50 }), fc.integer({ min: 1, max: 2 ** 40 }), ref,
        async (owner, contract, selector, params, callValue, feeLimit, blockHeader) => {
          const theirs = await tw.transactionBuilder.triggerSmartContract(contract, selector, { feeLimit, callValue, txLocal: true, blockHeader }, params, owner);
          const ours = triggerTx({ owner, contract, data: callData(selector, params), callValue, feeLimit, ref: blockHeader });
          expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs.transaction));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('builds the same TRX transfer as TronWeb and encodes raw_data exactly as google-protobuf does', async () => {
    await fc.assert(
      fc.asyncProperty(address, address, fc.integer({ min: 1, max: 2 ** 52 }), ref, async (owner, to, amount, blockHeader) => {
        const ours = transferTx({ owner, to, amount, ref: blockHeader });
        const pb = txJsonToPb(ours as never);
        expect(ours.raw_data_hex).toBe(txPbToRawDataHex(pb).toLowerCase());
        expect(ours.txID).toBe(txIdOf(rawDataBytes(ours.raw_data)));
        const theirs = await tw.transactionBuilder.sendTrx(to, amount, owner, { blockHeader } as never);
        expect(ours.raw_data).toEqual((theirs as { raw_data: unknown }).raw_data);
        expect(ours.txID).toBe((theirs as { txID: string }).txID);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses values the ABI cannot hold', () => {
    expect(() => callData('f(uint256)', [{ type: 'uint256', value: '-1' }])).toThrow(/out of range/);
    expect(() => callData('f(uint256)', [{ type: 'uint256', value: (1n << 256n).toString() }])).toThrow(/out of range/);
    expect(() => callData('f(address)', [{ type: 'address', value: 'TNotAnAddress' }])).toThrow(/invalid Tron address/);
  });
});
