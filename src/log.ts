// One pino logger for the process. Request bodies never reach a log line; `redact` also covers the
// field names that carry secrets, wherever a caller puts them.
import { pino, type Logger } from 'pino';

export const REDACT_PATHS = [
  'privateKey',
  '*.privateKey',
  '*.*.privateKey',
  'req.body.privateKey',
  'headers["api-key"]',
  'req.headers["api-key"]',
  '*.headers["api-key"]',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
];

/** `pretty` prints human-readable lines (for a terminal); otherwise JSON lines. */
export function createLogger(
  level: string,
  opts: { pretty?: boolean; destination?: pino.DestinationStream } = {},
): Logger {
  const base = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  if (opts.pretty && !opts.destination) {
    return pino({
      ...base,
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' } },
    });
  }
  return pino(base, opts.destination);
}

export type { Logger };
