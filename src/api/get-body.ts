// The spec's GET operations are called with a JSON body in its examples. Fastify does not parse
// bodies on GET, so this hook reads one (if sent) and merges it over the query string.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { InvalidMapper } from './errors.js';
import { Errors } from '../service/errors.js';

const MAX = 64 * 1024;

export async function mergeGetBody(req: FastifyRequest): Promise<void> {
  if (req.method !== 'GET') return;
  const len = req.headers['content-length'];
  if ((len === undefined || len === '0') && req.headers['transfer-encoding'] === undefined) return;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.raw) {
    size += (chunk as Buffer).length;
    if (size > MAX) throw Errors.invalidParams('the body is too large');
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
export function getOrPost<T extends z.ZodType>(
  app: FastifyInstance,
  route: {
    url: string;
    tags: string[];
    summary: string;
    params: T;
    response: z.ZodType;
    invalid: InvalidMapper;
    handler: (params: z.output<T>) => Promise<unknown>;
  },
): void {
  for (const method of ['GET', 'POST'] as const) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method,
      url: route.url,
      schema: {
        tags: route.tags,
        summary: route.summary,
        ...(method === 'GET' ? { querystring: route.params } : { body: route.params }),
        response: { 200: route.response },
      },
      config: { invalid: route.invalid },
      preValidation: mergeGetBody,
      handler: async (req) => route.handler((method === 'GET' ? req.query : req.body) as z.output<T>),
    });
  }
}
