import fc from 'fast-check';
import { TronWeb, utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { decodeValues, encodeValues } from '../../src/tron/codec.js';
import { callData, encodeKnown, rawDataBytes, refOf, transferTx, triggerTx, txIdOf } from '../../src/tron/tx.js';

const tw = new TronWeb({ fullHost: 'http://127.0.0.1:1' }); // never contacted: every build below is local
const { txJsonToPb, txPbToRawDataHex } = utils.transaction;

const address = fc
  .uint8Array({ minLength: 20, maxLength: 20 })
  .map((b) => TronWeb.address.fromHex('41' + Buffer.from(b).toString('hex')));
const uint = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n });
const ref = fc
  .record({
    number: fc.integer({ min: 0, max: 2 ** 40 }),
    id: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex')),
    timestamp: fc.integer({ min: 1_500_000_000_000, max: 4_000_000_000_000 }),
  })
  .map(refOf);
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
        address,
        address,
        fc.constantFrom('buy(address,uint256,uint256)', 'transfer(address,uint256)', 'f()'),
        fc.array(param, { maxLength: 4 }),
        fc.nat({ max: 2 ** 50 }),
        fc.integer({ min: 1, max: 2 ** 40 }),
        ref,
        async (owner, contract, selector, params, callValue, feeLimit, blockHeader) => {
          const theirs = await tw.transactionBuilder.triggerSmartContract(
            contract,
            selector,
            { feeLimit, callValue, txLocal: true, blockHeader },
            params,
            owner,
          );
          const ours = triggerTx({
            owner,
            contract,
            data: callData(selector, params),
            callValue,
            feeLimit,
            ref: blockHeader,
          });
          expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs.transaction));
          expect(encodeKnown(theirs.transaction.raw_data)?.toString('hex')).toBe(theirs.transaction.raw_data_hex);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('builds the same TRX transfer as TronWeb and encodes raw_data exactly as google-protobuf does', async () => {
    await fc.assert(
      fc.asyncProperty(
        address,
        address,
        fc.integer({ min: 1, max: 2 ** 52 }),
        ref,
        async (owner, to, amount, blockHeader) => {
          const ours = transferTx({ owner, to, amount, ref: blockHeader });
          const pb: unknown = txJsonToPb(ours);
          expect(ours.raw_data_hex).toBe(txPbToRawDataHex(pb).toLowerCase());
          expect(ours.txID).toBe(txIdOf(rawDataBytes(ours.raw_data)));
          const theirs = await tw.transactionBuilder.sendTrx(to, amount, owner, { blockHeader });
          expect(ours.raw_data).toEqual((theirs as { raw_data: unknown }).raw_data);
          expect(ours.txID).toBe((theirs as { txID: string }).txID);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('encodes a received transaction itself only when it reads it as TronWeb does', () => {
    // odd field types, unknown keys and other contract types go to TronWeb's encoder
    const odd = fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 6 }),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.constant('41' + 'ab'.repeat(20)),
    );
    fc.assert(
      fc.property(
        ref,
        fc.constantFrom(
          'expiration',
          'timestamp',
          'fee_limit',
          'data',
          'call_value',
          'owner_address',
          'contract_address',
          'extra',
          'type',
          'type_url',
        ),
        odd,
        (blockHeader, field, value) => {
          const tx = triggerTx({
            owner: '41' + '11'.repeat(20),
            contract: '41' + '22'.repeat(20),
            data: 'a9059cbb',
            callValue: 5,
            feeLimit: 10,
            ref: blockHeader,
          });
          const raw = JSON.parse(JSON.stringify(tx.raw_data)) as Record<string, unknown> & {
            contract: [{ type: unknown; parameter: { type_url: unknown; value: Record<string, unknown> } }];
          };
          const c = raw.contract[0];
          if (['call_value', 'owner_address', 'contract_address', 'data', 'extra'].includes(field) && field !== 'data')
            c.parameter.value[field] = value;
          else if (field === 'type') c.type = value;
          else if (field === 'type_url') c.parameter.type_url = value;
          else raw[field] = value;
          const ours = (() => {
            try {
              return encodeKnown(raw)?.toString('hex');
            } catch {
              return 'throws';
            }
          })();
          if (ours === undefined) return; // left to TronWeb
          expect(ours).toBe(txPbToRawDataHex(txJsonToPb({ raw_data: raw })).toLowerCase());
        },
      ),
      { numRuns: 2000 },
    );
    expect(
      encodeKnown({
        ...triggerTx({
          owner: '41' + '11'.repeat(20),
          contract: '41' + '22'.repeat(20),
          data: '',
          callValue: 0,
          feeLimit: 1,
          ref: refOf({ number: 1, id: '0'.repeat(64), timestamp: 1 }),
        }).raw_data,
        auths: [],
      }),
    ).toBeUndefined();
  });

  it('refuses values the ABI cannot hold', () => {
    expect(() => callData('f(uint256)', [{ type: 'uint256', value: '-1' }])).toThrow(/out of range/);
    expect(() => callData('f(uint256)', [{ type: 'uint256', value: (1n << 256n).toString() }])).toThrow(/out of range/);
    expect(() => callData('f(address)', [{ type: 'address', value: 'TNotAnAddress' }])).toThrow(/invalid Tron address/);
  });
});

describe('ABI word coder', () => {
  const { AbiCoder } = utils.ethersUtils;
  const ethers = new AbiCoder();
  const type = fc.constantFrom('address', 'bool', 'uint8', 'uint256', 'uint64');
  const valueOf = (t: string) =>
    t === 'address'
      ? fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => '0x' + Buffer.from(b).toString('hex'))
      : t === 'bool'
        ? fc.boolean()
        : fc.bigInt({ min: 0n, max: (1n << BigInt(t === 'uint8' ? 8 : t === 'uint64' ? 64 : 256)) - 1n });
  const norm = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

  it('encodes and decodes static parameters as the ethers coder does', () => {
    fc.assert(
      fc.property(
        fc.array(type, { maxLength: 5 }).chain((ts) => fc.tuple(fc.constant(ts), fc.tuple(...ts.map(valueOf)))),
        ([ts, vs]) => {
          const params = ts.map((t) => ({ name: '', type: t }));
          const hex = encodeValues(params, vs);
          expect(hex).toBe(ethers.encode(ts, vs).slice(2));
          expect(decodeValues(params, hex).map(norm)).toEqual([...ethers.decode(ts, '0x' + hex)].map(norm));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('decodes any words as the ethers coder does, and refuses short data as it does', () => {
    fc.assert(
      fc.property(fc.array(type, { minLength: 1, maxLength: 4 }), fc.uint8Array({ maxLength: 160 }), (ts, bytes) => {
        const params = ts.map((t) => ({ name: '', type: t }));
        const hex = Buffer.from(bytes).toString('hex');
        let theirs: unknown[] | 'throws';
        try {
          theirs = [...ethers.decode(ts, '0x' + hex)].map(norm);
        } catch {
          theirs = 'throws';
        }
        let ours: unknown[] | 'throws';
        try {
          ours = decodeValues(params, hex).map(norm);
        } catch {
          ours = 'throws';
        }
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 1000 },
    );
  });

  const arrayType = fc.constantFrom('address[]', 'uint256[]', 'uint8[]', 'bool[]');
  const anyType = fc.oneof(type, arrayType);
  const anyValueOf = (t: string) =>
    t.endsWith('[]') ? fc.array(valueOf(t.slice(0, -2)) as fc.Arbitrary<unknown>, { maxLength: 4 }) : valueOf(t);
  const normAll = (v: unknown): unknown =>
    typeof v === 'string' || typeof v !== 'object' ? norm(v) : [...(v as unknown[])].map(normAll);

  it('encodes and decodes arrays of one-word types (a swap path, its amounts) as the ethers coder does', () => {
    fc.assert(
      fc.property(
        fc.array(anyType, { maxLength: 5 }).chain((ts) => fc.tuple(fc.constant(ts), fc.tuple(...ts.map(anyValueOf)))),
        ([ts, vs]) => {
          const params = ts.map((t) => ({ name: '', type: t }));
          const hex = encodeValues(params, vs);
          expect(hex).toBe(ethers.encode(ts, vs).slice(2));
          expect(decodeValues(params, hex).map(normAll)).toEqual([...ethers.decode(ts, '0x' + hex)].map(normAll));
        },
      ),
      { numRuns: 500 },
    );
    // any words where an array is expected: decoded alike, or refused alike
    fc.assert(
      fc.property(
        fc.array(anyType, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(8), { maxLength: 12 }),
        (ts, small) => {
          const params = ts.map((t) => ({ name: '', type: t }));
          // small words make offsets and lengths that often point inside the data
          const hex = small.map((n) => (n * 32).toString(16).padStart(64, '0')).join('');
          const attempt = (fn: () => unknown[]) => {
            try {
              return fn().map(normAll);
            } catch {
              return 'throws';
            }
          };
          expect(attempt(() => decodeValues(params, hex))).toEqual(attempt(() => [...ethers.decode(ts, '0x' + hex)]));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses out-of-range values as the ethers coder does', () => {
    expect(() => encodeValues([{ name: '', type: 'uint8' }], [256n])).toThrow();
    expect(() => ethers.encode(['uint8'], [256n])).toThrow();
    expect(() => encodeValues([{ name: '', type: 'uint256' }], [-1n])).toThrow();
  });
});
