// How a route group registers an operation: one schema validates the request, types the handler's
// input and answer, and feeds OpenAPI; `invalid` maps validation failures to the spec's errors.
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { InvalidMapper } from './errors.js';
import { Errors } from '../service/errors.js';

/** The app as its routes see it: requests and answers typed by their zod schemas. */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A request's body at most: a POST's, and the JSON body of a GET. */
export const BODY_LIMIT = 64 * 1024;

interface Operation<I extends z.ZodType, R extends z.ZodType> {
  url: string;
  tags: string[];
  summary: string;
  /** the body (POST), or the query string and an optional JSON body (GET in getOrPost) */
  input: I;
  response: R;
  invalid?: InvalidMapper;
  handler: (input: z.output<I>, req: FastifyRequest) => Promise<z.output<R>> | z.output<R>;
}

/** The answer's schema as fastify sees it: `Operation` types the handler, as fastify cannot follow a
 * generic schema to its type. */
const answer = (schema: z.ZodType) => ({ 200: schema });

/** A POST operation whose body is `input`. */
export function post<I extends z.ZodType, R extends z.ZodType>(app: FastifyInstance, op: Operation<I, R>): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    op.url,
    {
      schema: { tags: op.tags, summary: op.summary, body: op.input, response: answer(op.response) },
      ...(op.invalid ? { config: { invalid: op.invalid } } : {}),
    },
    async (req) => op.handler(req.body as z.output<I>, req),
  );
}

// The spec's GET operations are called with a JSON body in its examples. Fastify does not parse
// bodies on GET, so this hook reads one (if sent) and merges it over the query string.
async function mergeGetBody(req: FastifyRequest): Promise<void> {
  if (req.method !== 'GET') return;
  const len = req.headers['content-length'];
  if ((len === undefined || len === '0') && req.headers['transfer-encoding'] === undefined) return;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) throw Errors.invalidParams('the body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw Errors.invalidParams('the body must be valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw Errors.invalidParams('the body must be a JSON object');
  req.query = { ...(req.query as object), ...body };
}

/**
 * Registers an operation the spec declares as GET but calls with a JSON body: GET (query string, or
 * a JSON body merged over it) and POST (body), one schema for both.
 */
export function getOrPost<I extends z.ZodType, R extends z.ZodType>(app: FastifyInstance, op: Operation<I, R>): void {
  for (const method of ['GET', 'POST'] as const) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method,
      url: op.url,
      schema: {
        tags: op.tags,
        summary: op.summary,
        ...(method === 'GET' ? { querystring: op.input } : { body: op.input }),
        response: answer(op.response),
      },
      config: { invalid: op.invalid },
      preValidation: mergeGetBody,
      handler: async (req) => op.handler((method === 'GET' ? req.query : req.body) as z.output<I>, req),
    });
  }
}
