// All settings come from the environment (and `.env` when present), validated once here.
// Nothing else in the code reads process.env.
import path from 'node:path';
import { z } from 'zod';

const port = z.coerce.number().int().min(0).max(65535);

export const configSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  PORT: port.default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRON_RPC: z.url({ protocol: /^https?$/ }).optional(),
  TRON_API_KEY: z.string().min(1).optional(),
  DEVNET_PORT: port.default(8090),
  DEVNET_BLOCK_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  DEVNET_SEED: z.stringbool().default(true),
});

export type Env = z.input<typeof configSchema>;

export interface Config {
  dataDir: string;
  host: string;
  port: number;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** Full node address; undefined means the embedded devnet. */
  tronRpc: string | undefined;
  tronApiKey: string | undefined;
  devnet: { enabled: boolean; port: number; blockMs: number; seed: boolean; dbFile: string };
  appDbFile: string;
}

export class ConfigError extends Error {}

/** Parses an environment into a typed config. Throws ConfigError with one line per bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => {
      const key = String(i.path[0] ?? '?');
      const shown = key in cleaned ? ` (got ${JSON.stringify(String(cleaned[key]).slice(0, 60))})` : '';
      return `invalid ${key}${shown}: ${i.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    dataDir,
    host: c.HOST,
    port: c.PORT,
    logLevel: c.LOG_LEVEL,
    tronRpc: c.TRON_RPC,
    tronApiKey: c.TRON_API_KEY,
    devnet: {
      enabled: c.TRON_RPC === undefined,
      port: c.DEVNET_PORT,
      blockMs: c.DEVNET_BLOCK_MS,
      seed: c.DEVNET_SEED,
      dbFile: path.join(dataDir, 'devnet.sqlite'),
    },
    appDbFile: path.join(dataDir, 'app.sqlite'),
  };
}

/** Where TronWeb should point: TRON_RPC, or the embedded devnet. */
export function tronHost(config: Config): string {
  return config.tronRpc ?? `http://127.0.0.1:${config.devnet.port}`;
}
