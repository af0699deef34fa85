// The spec's GET operations are called with a JSON body in its examples. Fastify does not parse
// bodies on GET, so this hook reads one (if sent) and merges it over the query string.
import type { FastifyRequest } from 'fastify';
import { Errors } from '../launchpad/errors.js';

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
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw Errors.invalidParams('the body must be a JSON object');
  req.query = { ...(req.query as object), ...(body as object) };
}
