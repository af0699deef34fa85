// The one place errors become HTTP: domain errors, validation errors, framework errors and
// rate-limit refusals all leave as `{error, message, code, status: "error"}`. No stack ever leaves.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { Errors, ServiceError } from '../service/errors.js';
import type { ErrorBody } from './schemas/common.js';

export interface Issue {
  /** zod issue code (invalid_type, too_big, unrecognized_keys, custom, ...) */
  code: string;
  /** first path segment: the field name ('' for the whole body) */
  field: string;
  message: string;
  missing: boolean;
  keys: string[];
}

/** Per-route translation of validation issues to the spec's errors. */
export type InvalidMapper = (issues: Issue[]) => ServiceError;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Maps validation failures of this route to its spec errors. */
    invalid?: InvalidMapper;
    /** No api-key needed (docs, health). */
    public?: boolean;
  }
}

/** The spec's error envelope (its schema: ErrorBody). */
export const errorBody = (e: ServiceError): z.output<typeof ErrorBody> => ({
  error: e.error,
  message: e.message,
  code: String(e.status),
  status: 'error',
});

export function send(reply: FastifyReply, e: ServiceError) {
  return reply.status(e.status).send(errorBody(e));
}

function issuesOf(err: unknown, input: unknown): Issue[] {
  const given = input && typeof input === 'object' ? (input as Record<string, unknown>) : {};
  const list = (
    err as {
      validation: Array<{ keyword: string; instancePath: string; message: string; params?: Record<string, unknown> }>;
    }
  ).validation;
  return list.map((v) => ({
    code: v.keyword,
    field: v.instancePath.split('/')[1] ?? '',
    message: v.message,
    missing: given[v.instancePath.split('/')[1] ?? ''] === undefined,
    keys: Array.isArray(v.params?.keys) ? (v.params.keys as string[]) : [],
  }));
}

/** Default: name the first bad field. */
export const describeIssues = (issues: Issue[]): string =>
  issues
    .slice(0, 3)
    .map((i) =>
      i.code === 'unrecognized_keys'
        ? `unknown field(s): ${i.keys.join(', ')}`
        : `${i.field || 'body'}: ${i.missing ? 'is required' : i.message}`,
    )
    .join('; ');

export function errorHandler(
  this: unknown,
  error: FastifyError | ServiceError | Error,
  req: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof ServiceError) return send(reply, error);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext;
    const issues = issuesOf(error, context === 'querystring' ? req.query : req.body);
    const mapper = req.routeOptions.config.invalid;
    return send(reply, mapper ? mapper(issues) : Errors.invalidParams(describeIssues(issues)));
  }
  const status = (error as { statusCode?: number }).statusCode ?? 500;
  if (status === 429) {
    const after = (error as { after?: string }).after;
    return send(reply, Errors.rateLimited(after));
  }
  if (status === 404) return send(reply, Errors.notFound());
  if (status < 500) {
    // malformed JSON, body too large, bad content type, ...
    const what =
      (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'the body is too large'
        : 'the body must be valid JSON';
    return send(reply, Errors.invalidParams(what));
  }
  req.log.error({ err: error }, 'unexpected error');
  return send(reply, Errors.internal());
}
