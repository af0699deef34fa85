// Reads `.env` (if present) and the environment once, and makes the logger. A bad setting stops
// the process with one clear line per variable.
import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './log.js';

export function bootConfig(): { config: Config; logger: Logger } {
  loadDotenv({ quiet: true });
  try {
    const config = loadConfig(process.env);
    return { config, logger: createLogger(config.logLevel) };
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`configuration error: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
}
