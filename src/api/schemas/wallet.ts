// The wallet helper of the spec (4.10).
import { z } from 'zod';
import { okResponse } from './common.js';

export const CreateWalletBody = z.strictObject({
  amount: z.number().int().min(1).max(100).optional(),
  rpc: z.string().max(512).optional(),
});
export const CreateWalletResponse = okResponse({
  data: z.array(z.object({ publicKey: z.string(), privateKey: z.string() })),
});
