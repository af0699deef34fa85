// The OpenAPI document tells the whole contract: valid OpenAPI (a maintained validator), every row of
// the spec's error table under the right operation with its code, our 401/403/404/429 (Retry-After),
// the stream as text/event-stream; errors the service really answers are the documented ones; and
// TypeScript types generated from it (openapi-typescript) type-check a small client program.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ts from 'typescript';
import openapiTS, { astToString } from 'openapi-typescript';
import { Validator } from '@seriousme/openapi-schema-validator';
import { startStack, type Stack } from '../helpers/facade.js';
import { tempDir } from '../helpers/devnet.js';

type Op = {
  security?: unknown[];
  responses: Record<
    string,
    {
      headers?: Record<string, unknown>;
      content?: Record<string, { schema?: { allOf?: Array<{ properties?: { error?: { enum?: string[] } } }> } }>;
    }
  >;
};
type Doc = {
  openapi: string;
  paths: Record<string, Record<string, Op>>;
  components: { securitySchemes: Record<string, unknown> };
};

let stack: Stack;
let doc: Doc;

beforeAll(async () => {
  stack = await startStack({ seed: true, pollMs: 0 });
  doc = (await (await fetch(`${stack.url}/docs/json`)).json()) as Doc;
});
afterAll(async () => stack?.close());

/** The error strings an operation documents for a status. */
const documented = (p: string, method: string, status: number): string[] =>
  doc.paths[p]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema?.allOf?.[1]?.properties
    ?.error?.enum ?? [];

/** Section 7 of the spec, row by row: operation paths, error, code. */
const SPEC_ERRORS: Array<[paths: string[], error: string, code: number]> = [
  [['get /launchpad/getTokenBalance'], 'Invalid publicKey', 400],
  [['get /launchpad/getTokenBalance'], 'Invalid tokenAddress', 400],
  [['get /launchpad/getTokenBalance'], 'Error retrieving token balance', 500],
  [['post /launchpad/getRecentTrades'], 'Max limit reached', 400],
  [
    ['post /launchpad/getRecentTrades', 'post /launchpad/getTokenDetails', 'post /launchpad/getTokenHolders'],
    'Missing address parameter',
    400,
  ],
  [
    [
      'post /launchpad/getTokenDetails',
      'post /launchpad2/getTokenDetails',
      'post /launchpad/getTokenHolders',
      'post /launchpad2/getTokenHolders',
    ],
    'Failed to fetch token details',
    500,
  ],
  [['get /launchpad/allowance', 'post /launchpad/approve'], 'Invalid parameters', 400],
  [['post /launchpad/approve', 'post /launchpad/trade', 'post /launchpad/localTrade'], 'Insufficient funds', 400],
  [['post /launchpad/trade'], 'Invalid parameters', 400],
  [['post /launchpad/trade'], 'Invalid action', 400],
  [['post /launchpad/trade', 'post /launchpad/localTrade'], 'Simulation failed', 500],
  [['post /launchpad/localTrade'], 'Invalid parameters', 400],
  [['post /launchpad/localTrade'], 'Invalid type', 400],
  [['post /api/tron/createWallet'], 'Invalid amount', 400],
  [['post /api/tron/createWallet'], 'Error creating wallets', 500],
];

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3 by a maintained validator', async () => {
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toMatch(/^3\.0\./);
  });

  it('lists every row of the spec’s error table under its operation with its code', () => {
    for (const [ops, error, code] of SPEC_ERRORS) {
      for (const op of ops) {
        const [method, p] = op.split(' ') as [string, string];
        expect(documented(p, method, code), `${op} ${code} ${error}`).toContain(error);
      }
    }
  });

  it('gives every operation its 401s and a 429 with Retry-After; the key as a security scheme; the stream as SSE', () => {
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'api-key' });
    let n = 0;
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        n++;
        expect(documented(p, method, 401), `${method} ${p}`).toEqual(
          expect.arrayContaining(['Missing API key', 'Invalid API key']),
        );
        expect(documented(p, method, 429)).toEqual(['Rate limit exceeded']);
        expect(op.responses['429']!.headers).toHaveProperty('Retry-After');
        expect(op.responses['200'] ?? op.responses['201'], `${method} ${p}`).toBeDefined();
      }
    }
    expect(n).toBeGreaterThan(35);
    expect(Object.keys(doc.paths['/launchpad/stream']!.get!.responses['200']!.content!)).toEqual(['text/event-stream']);
    expect(documented('/launchpad/stream', 'get', 403)).toEqual(['Plan does not allow this']);
    expect(documented('/launchpad/getCandles', 'post', 404)).toEqual(['Token not found']);
    expect(documented('/launchpad/getTokenSafety', 'post', 404)).toEqual(['Token not found']);
  });

  it('documents the errors the service really answers', async () => {
    const key = await stack.key('free');
    const call = async (
      method: 'GET' | 'POST',
      p: string,
      body?: unknown,
      headers: Record<string, string> = { 'api-key': key },
    ) => {
      const res = await fetch(`${stack.url}${p}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: (await res.json()) as { error: string } };
    };
    const cases = [
      [
        'post',
        '/launchpad/localTrade',
        await call('POST', '/launchpad/localTrade', { type: 'hold', tokenAddress: 'T', amount: 1, userAddress: 'T' }),
      ],
      ['post', '/launchpad/getRecentTrades', await call('POST', '/launchpad/getRecentTrades', { address: 'nope' })],
      ['post', '/launchpad/getTokenDetails', await call('POST', '/launchpad/getTokenDetails', {}, {})],
      [
        'post',
        '/launchpad/getCandles',
        await call('POST', '/launchpad/getCandles', { address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf', interval: '1h' }),
      ],
      ['get', '/launchpad/stream', await call('GET', '/launchpad/stream')],
    ] as const;
    for (const [method, p, r] of cases)
      expect(documented(p, method, r.status), `${method} ${p} ${r.status}`).toContain(r.body.error);
  });

  it('generates TypeScript types that type-check a client program calling three operations and handling an error', async () => {
    const dir = tempDir('lp-openapi-');
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc as never)));
    const program = (errorName: string) => `
import type { paths } from './api.js';
type Body<P extends keyof paths, M extends 'post'> = paths[P][M] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
type Ok<P extends keyof paths, M extends 'post'> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer R } } } } ? R : never;
type Failure<P extends keyof paths, M extends 'post', S extends number> = paths[P][M] extends { responses: { [K in S]: { content: { 'application/json': infer R } } } } ? R : never;

async function post<P extends '/launchpad/getTokenDetails' | '/launchpad/quote' | '/launchpad/localTrade'>(p: P, body: Body<P, 'post'>): Promise<Ok<P, 'post'> | Failure<P, 'post', 400>> {
  const res = await fetch('http://127.0.0.1:3000' + p, { method: 'POST', headers: { 'api-key': 'k', 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as Ok<P, 'post'> | Failure<P, 'post', 400>;
}

export async function main(token: string, me: string): Promise<string> {
  const details = await post('/launchpad/getTokenDetails', { address: token });
  const quote = await post('/launchpad/quote', { type: 'buy', tokenAddress: token, amount: 10 });
  const built = await post('/launchpad/localTrade', { type: 'buy', tokenAddress: token, amount: 10, userAddress: me, slippage: 5 });
  if ('error' in built) {
    // the documented error names of localTrade's 400, as a union the compiler checks
    const name: '${errorName}' | typeof built.error = built.error;
    if (built.error === '${errorName}') return built.message;
    return name + built.code;
  }
  const price: number = 'data' in details ? details.data.priceInTrx : 0;
  const out: number = 'data' in quote ? quote.data.expectedOut : 0;
  return built.unsignedTx.txID + String(price + out);
}
`;
    const check = (source: string) => {
      const file = path.join(dir, 'client.ts');
      fs.writeFileSync(file, source);
      const host = ts.createCompilerHost({});
      const prog = ts.createProgram(
        [file],
        {
          strict: true,
          noEmit: true,
          target: ts.ScriptTarget.ES2022,
          module: ts.ModuleKind.NodeNext,
          moduleResolution: ts.ModuleResolutionKind.NodeNext,
          lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
          types: [],
          skipLibCheck: true,
        },
        host,
      );
      return ts.getPreEmitDiagnostics(prog).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(check(program('Invalid type'))).toEqual([]);
    // an error the document does not list for localTrade's 400 is a compile error: the check can fail
    expect(check(program('No such error')).join('\n')).toMatch(/No such error/);
  });
});
