// The errors of every operation, for the OpenAPI document: each answer the code can give, built from
// the same definitions the code throws (src/service/errors.ts), so the document cannot drift from
// the behaviour. The spec's section 7 table is here row by row, with ours beside it (401, 403, 404,
// 429 with Retry-After). Applied to the generated document by @fastify/swagger's transformObject.
import { Errors, ServiceError } from '../service/errors.js';
import { notOperatorKey } from './auth.js';
import { errorBody } from './errors.js';

const tokenNotFound = Errors.tokenNotFound();
const invalidParams = Errors.invalidParams('names the field and what is wrong with it');
const funds = Errors.insufficientFunds('needs 110 TRX (amount and fee limit), has 20 TRX');
const simulation = Errors.simulationFailed('5', '7.31');
const notTrading = Errors.notTrading('The curve is full; the token is waiting for its launch');
const broadcast = Errors.broadcastRefused('TAPOS_ERROR', 'Tapos check error.');
const node = Errors.nodeUnavailable();
const notOperator = notOperatorKey();
const noSuchKey = new ServiceError(404, 'Not found', 'no key with id 42');

const details = [Errors.missingAddress(), Errors.detailsFailed(), tokenNotFound];
const trading = [funds, simulation, notTrading, tokenNotFound, broadcast, node];

/** Per path (GET and POST alike): what it can answer besides every operation's errors. */
export const OPERATION_ERRORS: Record<string, ServiceError[]> = {
  '/launchpad/getTokenBalance': [Errors.invalidPublicKey(), Errors.invalidTokenAddress(), Errors.balanceFailed()],
  '/launchpad/getRecentTrades': [Errors.maxLimit(), Errors.missingAddress(), tokenNotFound],
  '/api/launchpad/getRecentTrades': [Errors.maxLimit(), Errors.missingAddress(), tokenNotFound],
  '/launchpad/getTokenDetails': details,
  '/launchpad2/getTokenDetails': details,
  '/launchpad/getTokenHolders': [...details, Errors.maxLimit()],
  '/launchpad2/getTokenHolders': [...details, Errors.maxLimit()],
  '/launchpad/getTokenPrice': [Errors.missingAddress(), tokenNotFound],
  '/launchpad/getCandles': [Errors.missingAddress(), tokenNotFound],
  '/launchpad/getTokenSafety': [Errors.missingAddress(), tokenNotFound],
  '/launchpad/getCurveProgress': [Errors.missingAddress(), tokenNotFound],
  '/launchpad/getUserTrades': [],
  '/launchpad/getWallet': [Errors.balanceFailed()],
  '/launchpad/listTokens': [],
  '/launchpad/allowance': [Errors.allowanceParams(), tokenNotFound, node],
  '/launchpad/approve': [Errors.allowanceParams(), funds, tokenNotFound, node],
  '/launchpad/trade': [
    Errors.tradeParams(),
    Errors.invalidAction(),
    ...trading,
    Errors.priceMoved(),
    Errors.broadcastRefused('APPROVAL_FAILED', 'approval failed'),
  ],
  '/launchpad/localTrade': [
    Errors.localTradeParams(),
    Errors.invalidType(),
    ...trading,
    Errors.priceMoved(),
    Errors.approvalRequired(),
  ],
  '/launchpad/quote': [Errors.invalidType(), notTrading, tokenNotFound, node],
  '/launchpad/createToken': [funds, node],
  '/launchpad/transfer': [funds, node],
  '/launchpad/sendTransfer': [funds, broadcast, node],
  '/launchpad/broadcast': [funds, broadcast, node],
  '/launchpad/txStatus': [node],
  '/api/tron/createWallet': [Errors.invalidAmount(), Errors.walletsFailed()],
  '/tron/createWallet': [Errors.invalidAmount(), Errors.walletsFailed()],
  '/admin/keys': [notOperator],
  '/admin/plans': [notOperator],
  '/admin/keys/{id}': [notOperator, noSuchKey],
  '/admin/keys/{id}/plan': [notOperator, noSuchKey],
  '/admin/fees': [notOperator],
  '/admin/stats': [notOperator],
  '/admin/energy': [notOperator, node],
  '/launchpad/stream': [Errors.streamsNotAllowed()],
  '/webhooks': [Errors.streamsNotAllowed()],
  '/webhooks/{id}': [Errors.streamsNotAllowed(), new ServiceError(404, 'Not found', 'no webhook with id 7')],
  '/webhooks/{id}/deliveries': [Errors.streamsNotAllowed(), new ServiceError(404, 'Not found', 'no webhook with id 7')],
};

/** What every operation that needs a key can answer: no key, a bad key, the plan's limit, a bad body, a bug. */
const EVERY = [
  Errors.missingKey(),
  Errors.invalidKey(),
  Errors.rateLimited('1 minute'),
  invalidParams,
  Errors.internal(),
];

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request: the error says which',
  401: 'No API key, or not a valid, active one (or not an operator key)',
  403: "The key's plan does not allow this",
  404: 'Not found',
  429: "The plan's request limit is reached: wait Retry-After seconds",
  500: 'The request could not be done (the error says which)',
  502: 'The Tron node did not answer',
};

const slug = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

type Json = Record<string, unknown>;

/** Adds each operation's error answers, the envelope, Retry-After and the stream's media type. */
export function documentErrors(doc: Json): Json {
  const components = (doc.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  schemas.ErrorEnvelope = {
    type: 'object',
    description: "The spec's error body: a short name, an explanation, the status as text",
    required: ['error', 'message', 'code', 'status'],
    properties: {
      error: { type: 'string' },
      message: { type: 'string' },
      code: { type: 'string' },
      status: { type: 'string', enum: ['error'] },
    },
  };
  const paths = (doc.paths ?? {}) as Record<string, Record<string, Json>>;
  for (const [path, ops] of Object.entries(paths)) {
    for (const op of Object.values(ops)) {
      const isPublic = Array.isArray(op.security) && op.security.length === 0;
      const errors = [...(isPublic ? [] : EVERY), ...(OPERATION_ERRORS[path] ?? [])];
      const byStatus = new Map<number, ServiceError[]>();
      for (const e of errors) byStatus.set(e.status, [...(byStatus.get(e.status) ?? []), e]);
      const responses = (op.responses ??= {}) as Json;
      for (const [status, list] of [...byStatus].sort((a, b) => a[0] - b[0])) {
        const names = [...new Set(list.map((e) => e.error))];
        responses[String(status)] = {
          description: STATUS_TEXT[status] ?? 'Error',
          ...(status === 429
            ? {
                headers: {
                  'Retry-After': {
                    description: 'Seconds until the plan allows another request',
                    schema: { type: 'integer' },
                  },
                },
              }
            : {}),
          content: {
            'application/json': {
              schema: {
                allOf: [
                  { $ref: '#/components/schemas/ErrorEnvelope' },
                  {
                    type: 'object',
                    properties: {
                      error: { type: 'string', enum: names },
                      code: { type: 'string', enum: [String(status)] },
                    },
                  },
                ],
              },
              examples: Object.fromEntries(
                list.map((e, i) => [`${slug(e.error)}_${i + 1}`, { summary: e.error, value: errorBody(e) }]),
              ),
            },
          },
        };
      }
      if (path === '/launchpad/stream') {
        const ok = (responses['200'] ??= { description: 'Server-Sent Events' }) as Json;
        ok.description = 'Server-Sent Events: one `data:` line of JSON per event, `id:` its sequence number';
        ok.content = { 'text/event-stream': { schema: { type: 'string' } } };
      }
    }
  }
  return doc;
}
