// One pino logger for the process. Request bodies never reach a log line; `redact` also covers the
// field names that carry secrets, wherever a caller puts them.
import { pino, type Logger } from 'pino';

export const REDACT_PATHS = [
  'privateKey', '*.privateKey', '*.*.privateKey', 'req.body.privateKey',
  'headers["api-key"]', 'req.headers["api-key"]', '*.headers["api-key"]',
  'apiKey', '*.apiKey', 'secret', '*.secret',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}

export type { Logger };
