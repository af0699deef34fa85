// Reads `.env` (if present) and the environment once, and makes the logger. A bad setting stops
// the process with one clear line per variable.
import { createRequire } from 'node:module';
import { config as loadDotenv } from 'dotenv';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger, type Logger } from './log.js';

export function bootConfig(): { config: Config; logger: Logger; pretty: boolean } {
  loadDotenv({ quiet: true });
  try {
    const config = loadConfig(process.env);
    const pretty = process.stdout.isTTY === true && prettyAvailable();
    return { config, logger: createLogger(config.logLevel, { pretty }), pretty };
  } catch (e) {
    if (e instanceof ConfigError) {
      process.stderr.write(`configuration error: ${e.message}\n`);
      process.exit(2);
    }
    throw e;
  }
}

/** pino-pretty is a dev dependency: use it when installed, plain JSON otherwise. */
function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}
