// The Mini App's requests, validated with zod (the zod type provider types the handlers by them); the
// request bodies are checked against src/web/contract.ts's types at compile time below.
import { z } from 'zod';
import { isBase58Address } from '../tron/address.js';
import type { OrderRequest, QuoteRequest, TokenListKind } from './contract.js';

export const tokenAddress = z.string().max(64).refine(isBase58Address, { message: 'must be a Tron address (T…)' });

export const TokenParams = z.strictObject({ address: tokenAddress });

export const TokensQuery = z.strictObject({
  list: z.enum(['new', 'trending', 'launching', 'launched']).default('new'),
  /** a name, a symbol or an address */
  q: z.string().trim().max(64).optional(),
});

export const CandlesQuery = z.strictObject({ interval: z.enum(['5m', '1h', '1d']).default('1h') });

export const LiveQuery = z.strictObject({
  token: tokenAddress,
  /** the initData (EventSource sends no headers); checked before validation */
  auth: z.string().max(8192).optional(),
});

export const QuoteBody = z.strictObject({
  token: tokenAddress,
  side: z.enum(['buy', 'sell']),
  amount: z.string().trim().min(1).max(40),
});

/** A trade's id (trading/ids.ts: short base58-like ids). */
export const TradeParams = z.strictObject({ id: z.string().regex(/^[\w-]{1,40}$/) });

export const OrderBody = z.strictObject({
  token: tokenAddress,
  kind: z.enum(['limit', 'tp', 'sl']),
  side: z.enum(['buy', 'sell']),
  amount: z.string().trim().min(1).max(40),
  trigger: z.string().trim().min(1).max(40),
});

export const OrderParams = z.strictObject({ id: z.string().regex(/^[\w-]{1,64}$/) });

// the page and the server agree on the requests (a change on one side fails the type check)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const requestsMatch: [
  Same<z.output<typeof QuoteBody>, QuoteRequest>,
  Same<z.output<typeof OrderBody>, OrderRequest>,
  Same<z.output<typeof TokensQuery>['list'], TokenListKind>,
] = [true, true, true];
