// The response serializer reuses the JSON text of cached reads; its output must be JSON.stringify's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { serializeResponse } from '../../src/api/app.js';

describe('response serializer', () => {
  it('writes exactly what JSON.stringify writes, for any envelope', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined)))),
        (payload) => {
          expect(serializeResponse(payload)).toBe(JSON.stringify(payload));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
