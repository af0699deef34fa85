// Secrets at rest: sealed with AES-256-GCM, bound to what they belong to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/log.js';
import { loadVaultKey, parseKey, Vault } from '../src/vault.js';

const KEY = Buffer.alloc(32, 7);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('Vault', () => {
  const vault = new Vault(KEY);

  it('opens what it sealed, for the same context only', () => {
    const sealed = vault.encrypt('secret key', 'wallet:1:TAddr');
    expect(sealed).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/); // version, 12-byte IV, 16-byte tag, text
    expect(sealed).not.toContain('secret');
    expect(vault.decrypt(sealed, 'wallet:1:TAddr')).toBe('secret key');
    expect(() => vault.decrypt(sealed, 'wallet:2:TAddr')).toThrow();
    expect(() => new Vault(Buffer.alloc(32, 8)).decrypt(sealed, 'wallet:1:TAddr')).toThrow();
  });

  it('seals the same text differently each time (a fresh IV)', () => {
    expect(vault.encrypt('x', 'c')).not.toBe(vault.encrypt('x', 'c'));
  });

  it('refuses a changed text, a wrong version and a short key', () => {
    const [v, iv, tag, ct] = vault.encrypt('abc', 'c').split('.');
    const flipped = (ct![0] === 'A' ? 'B' : 'A') + ct!.slice(1);
    expect(() => vault.decrypt([v, iv, tag, flipped].join('.'), 'c')).toThrow();
    expect(() => vault.decrypt(['v0', iv, tag, ct].join('.'), 'c')).toThrow('not a sealed value');
    expect(() => new Vault(Buffer.alloc(16))).toThrow('32 bytes');
  });

  it('refuses its own sealed value with the tag cut short (GCM would check only the bytes it is given)', () => {
    const [v, iv, tag, ct] = vault.encrypt('abc', 'c').split('.');
    const full = Buffer.from(tag!, 'base64url');
    expect(full).toHaveLength(16);
    for (const bytes of [4, 8, 12, 15]) {
      const cut = [v, iv, full.subarray(0, bytes).toString('base64url'), ct].join('.');
      expect(() => vault.decrypt(cut, 'c'), `${bytes}-byte tag`).toThrow();
    }
    expect(vault.decrypt([v, iv, tag, ct].join('.'), 'c')).toBe('abc');
  });
});

describe('parseKey', () => {
  it('reads 64 hex characters or base64 of 32 bytes; nothing else', () => {
    expect(parseKey('07'.repeat(32))).toEqual(KEY);
    expect(parseKey(KEY.toString('base64'))).toEqual(KEY);
    expect(parseKey(KEY.toString('base64url'))).toEqual(KEY);
    expect(parseKey('07'.repeat(31))).toBeNull();
    expect(parseKey(Buffer.alloc(31).toString('base64'))).toBeNull();
    expect(parseKey('not a key at all!')).toBeNull();
  });
});

describe('loadVaultKey', () => {
  const logger = createLogger('silent');

  it('takes the configured key, and refuses a malformed one', () => {
    expect(loadVaultKey({ configured: '07'.repeat(32), dataDir: tmp, devnet: false, logger })).toEqual(KEY);
    expect(() => loadVaultKey({ configured: 'abc', dataDir: tmp, devnet: true, logger })).toThrow('32 bytes');
  });

  it('without one: refuses a real network; on the devnet makes one once and reads it back after', () => {
    expect(() => loadVaultKey({ configured: undefined, dataDir: tmp, devnet: false, logger })).toThrow('required');
    const dir = path.join(tmp, 'data');
    const first = loadVaultKey({ configured: undefined, dataDir: dir, devnet: true, logger });
    expect(first).toHaveLength(32);
    const file = path.join(dir, 'wallet-encryption.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVaultKey({ configured: undefined, dataDir: dir, devnet: true, logger })).toEqual(first);
  });
});
