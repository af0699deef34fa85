// What every route group's schemas share: a Tron address, numbers sent as numbers or strings, and the
// spec's envelopes (section 2.1). One zod schema per request and response validates it, types the
// handler and feeds OpenAPI; the handlers spread the same envelope values the schemas name.
import { z } from 'zod';
import { isBase58Address } from '../../tron/address.js';

export const address = z.string().max(64).refine(isBase58Address, { message: 'must be a base58 Tron address (T...)' });
/** Page and limit arrive as numbers or numeric strings (the spec's examples send both). */
export const intLike = z.union([
  z.number(),
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
]);

/** The envelope of a successful answer, and of one that hands back a transaction to sign. */
export const ok = { status: 'success', code: '200' } as const;
export const unsigned = { status: 'unsigned', code: '200' } as const;
export const okResponse = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, status: z.literal(ok.status), code: z.literal(ok.code) });
export const unsignedResponse = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, status: z.literal(unsigned.status), code: z.literal(unsigned.code) });

export const ErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
  status: z.literal('error'),
});

/** A body that names one token or wallet. */
export const AddressBody = z.strictObject({ address });
/** The answer of a change that returns nothing more. */
export const DoneResponse = okResponse({});
