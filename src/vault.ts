// Secrets at rest: AES-256-GCM with a random 96-bit IV and the full 16-byte auth tag (a shortened
// tag is refused), bound to what they belong to (associated data), under WALLET_ENCRYPTION_KEY.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';

const VERSION = 'v1';
const IV_BYTES = 12;
/** GCM's full tag; a shorter one is refused. */
const TAG_BYTES = 16;

export class Vault {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the encryption key must be 32 bytes');
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      VERSION,
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      ct.toString('base64url'),
    ].join('.');
  }

  decrypt(sealed: string, context: string): string {
    const [v, iv, tag, ct] = sealed.split('.');
    if (v !== VERSION || !iv || !tag || ct === undefined) throw new Error('not a sealed value');
    const ivBytes = Buffer.from(iv, 'base64url');
    const tagBytes = Buffer.from(tag, 'base64url');
    // the whole tag or nothing: GCM would otherwise check only as many bytes as it is given
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, ivBytes, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ct, 'base64url')), decipher.final()]).toString('utf8');
  }
}

/** Parses 32 bytes given as 64 hex characters or base64. */
export function parseKey(value: string): Buffer | null {
  const v = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(v)) return Buffer.from(v, 'hex');
  const b = Buffer.from(v, 'base64');
  return b.length === 32 && /^[A-Za-z0-9+/_-]+={0,2}$/.test(v) ? b : null;
}

/**
 * The configured key; on the devnet without one, a key generated once into DATA_DIR (with a loud
 * warning). Without a key on a real network the caller must refuse to start.
 */
export function loadVaultKey(opts: {
  configured: string | undefined;
  dataDir: string;
  devnet: boolean;
  logger: Logger;
}): Buffer {
  if (opts.configured) {
    const k = parseKey(opts.configured);
    if (!k) throw new Error('WALLET_ENCRYPTION_KEY must be 32 bytes as 64 hex characters or base64');
    return k;
  }
  if (!opts.devnet) throw new Error('WALLET_ENCRYPTION_KEY is required on a real network');
  const file = path.join(opts.dataDir, 'wallet-encryption.key');
  if (fs.existsSync(file)) {
    const k = parseKey(fs.readFileSync(file, 'utf8'));
    if (!k) throw new Error(`${file} does not hold a 32-byte key`);
    return k;
  }
  const k = randomBytes(32);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.writeFileSync(file, k.toString('hex') + '\n', { mode: 0o600 });
  opts.logger.warn(
    { file },
    'WALLET_ENCRYPTION_KEY is not set: generated a devnet-only key into DATA_DIR. Losing it makes every stored wallet unreadable; set WALLET_ENCRYPTION_KEY before using real funds.',
  );
  return k;
}
