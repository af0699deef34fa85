import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { ConfigError, hostOf, loadConfig, tronHost } from '../src/config.js';

const run = promisify(execFile);

describe('config', () => {
  it('runs everything offline by default', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.devnet).toMatchObject({ enabled: true, port: 8090, blockMs: 3000, solidAfter: 19, seed: true });
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(tronHost(c)).toBe('http://127.0.0.1:8090');
  });

  it('turns the devnet off when TRON_RPC points at a node', () => {
    expect(() => loadConfig({ TRON_RPC: 'https://api.trongrid.io' })).toThrow(
      /invalid ROUTER_ADDRESS: required with TRON_RPC/,
    );
    const c = loadConfig({ TRON_RPC: 'https://api.trongrid.io', ROUTER_ADDRESS: 'TEeDPpYmPduHo4iAbyQXAbKoZYRs21ASC4' });
    expect(c.families).toEqual([
      {
        family: 'launchpad',
        network: 'launchpad',
        launchpad: 'TTfvyrAz86hbZk5iDpKD78pqLGgi8C7AAw',
        router: 'TEeDPpYmPduHo4iAbyQXAbKoZYRs21ASC4',
      },
    ]);
    expect(c.devnet.enabled).toBe(false);
    expect(tronHost(c)).toBe('https://api.trongrid.io');
  });

  it('puts both families of the embedded devnet on one network, with no RPC URL and unpaced', () => {
    const c = loadConfig({ TRON_RPS: '40', TRON_API_KEY: 'some-key' });
    expect(c.networks).toEqual([
      { id: 'launchpad', rpc: undefined, apiKey: 'some-key', rps: 0, families: ['launchpad', 'launchpad2'] },
    ]);
    expect(c.families.map((f) => [f.family, f.network])).toEqual([
      ['launchpad', 'launchpad'],
      ['launchpad2', 'launchpad'],
    ]);
    expect(hostOf(c, 'launchpad')).toBe(tronHost(c));
    expect(hostOf(c, 'launchpad')).toBe('http://127.0.0.1:8090');
    expect(() => hostOf(c, 'launchpad2')).toThrow(/no network launchpad2/);
  });

  it('puts the families on the node at TRON_RPC as one network, with its API key and pace', () => {
    const router = 'TEeDPpYmPduHo4iAbyQXAbKoZYRs21ASC4';
    const rpc = 'https://api.trongrid.io';
    const both = loadConfig({
      TRON_RPC: rpc,
      TRON_API_KEY: 'grid-key',
      TRON_RPS: '7',
      ROUTER_ADDRESS: router,
      LAUNCHPAD2_ADDRESS: 'TTfvyrAz86hbZk5iDpKD78pqLGgi8C7AAw',
      ROUTER2_ADDRESS: router,
    });
    expect(both.networks).toEqual([
      { id: 'launchpad', rpc, apiKey: 'grid-key', rps: 7, families: ['launchpad', 'launchpad2'] },
    ]);
    expect(both.families.map((f) => f.network)).toEqual(['launchpad', 'launchpad']);
    expect(hostOf(both, 'launchpad')).toBe(rpc);
    expect(both.tronRps).toBe(7);

    const one = loadConfig({ TRON_RPC: rpc, ROUTER_ADDRESS: router });
    expect(one.networks).toEqual([{ id: 'launchpad', rpc, apiKey: undefined, rps: 15, families: ['launchpad'] }]);
  });

  it('reads booleans and numbers strictly', () => {
    expect(loadConfig({ DEVNET_SEED: 'false' }).devnet.seed).toBe(false);
    expect(loadConfig({}).devnet.thread).toBe(false);
    expect(loadConfig({ DEVNET_THREAD: 'true' }).devnet.thread).toBe(true);
    expect(loadConfig({ DEVNET_BLOCK_MS: '0', DEVNET_SOLID_AFTER: '0' }).devnet.blockMs).toBe(0);
    expect(loadConfig({ DEVNET_SOLID_AFTER: '0' }).devnet.solidAfter).toBe(0);
    expect(() => loadConfig({ DEVNET_SEED: 'maybe' })).toThrow(ConfigError);
  });

  it('refuses a block per broadcast with blocks that become solid later, saying why', () => {
    for (const env of [{ DEVNET_BLOCK_MS: '0' }, { DEVNET_BLOCK_MS: '0', DEVNET_SOLID_AFTER: '19' }]) {
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(
        /^invalid DEVNET_SOLID_AFTER( \(got "19"\))?: DEVNET_BLOCK_MS=0 \(a block per broadcast\) needs DEVNET_SOLID_AFTER=0/,
      );
    }
    expect(loadConfig({ DEVNET_BLOCK_MS: '300', DEVNET_SOLID_AFTER: '19' }).devnet).toMatchObject({
      blockMs: 300,
      solidAfter: 19,
    });
    expect(() => loadConfig({ DEVNET_SOLID_AFTER: '-1' })).toThrow(/^invalid DEVNET_SOLID_AFTER/);
  });

  it('names the bad variable in one line', () => {
    try {
      loadConfig({ PORT: 'eighty' });
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/^invalid PORT \(got "eighty"\): /);
      expect((e as Error).message.split('\n')).toHaveLength(1);
    }
    expect(() => loadConfig({ TRON_RPC: 'not a url' })).toThrow(/invalid TRON_RPC/);
  });

  it('moves /healthz, /readyz and /metrics to METRICS_PORT only when it is set, and never onto PORT', () => {
    expect(loadConfig({}).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/^invalid METRICS_PORT \(got "nine"\): /);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/^invalid METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(
      /^invalid METRICS_PORT \(got "3000"\): must differ from PORT/,
    );
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(ConfigError);
    expect(loadConfig({ PORT: '8080', METRICS_PORT: '3000' }).metricsPort).toBe(3000);
  });

  it('reads TRUST_PROXY as none, every hop, a number of hops, or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1 ,::1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1,::1');
    expect(() => loadConfig({ TRUST_PROXY: 'my-balancer' })).toThrow(/^invalid TRUST_PROXY \(got "my-balancer"\)/);
  });

  it('names a bad secret without showing any of it', () => {
    const secret = 'short-but-secret-value';
    for (const key of ['WALLET_ENCRYPTION_KEY', 'BOT_API_KEY', 'BOT_TOKEN']) {
      let message = '';
      try {
        loadConfig({ [key]: key === 'BOT_API_KEY' ? 'tiny' : secret });
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(new RegExp(`^invalid ${key}: `));
      expect(message).not.toContain(key === 'BOT_API_KEY' ? 'tiny' : secret);
    }
  });

  it('takes a remote facade only over https; plain http only on this machine', () => {
    expect(() => loadConfig({ FACADE_URL: 'http://api.example.com:3000' })).toThrow(
      /^invalid FACADE_URL \(got "http:\/\/api\.example\.com:3000"\): must be https unless the API is on this machine/,
    );
    expect(() => loadConfig({ FACADE_URL: 'http://10.0.0.5:3000' })).toThrow(/must be https/);
    for (const ok of ['https://api.example.com', 'http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000'])
      expect(loadConfig({ FACADE_URL: ok }).bot.facadeUrl, ok).toBe(ok);
  });

  it('takes the bot by webhook only with its secret, and over https unless a local Bot API server is used', () => {
    const secret = 's'.repeat(32);
    expect(loadConfig({}).bot.webhook).toBeUndefined();
    expect(
      loadConfig({ BOT_WEBHOOK_URL: 'https://bot.example.com/tg', BOT_WEBHOOK_SECRET: secret }).bot.webhook,
    ).toEqual({
      url: 'https://bot.example.com/tg',
      secret,
    });
    expect(() => loadConfig({ BOT_WEBHOOK_URL: 'https://bot.example.com/tg' })).toThrow(
      /^invalid BOT_WEBHOOK_SECRET: required with BOT_WEBHOOK_URL/,
    );
    expect(() => loadConfig({ BOT_WEBHOOK_SECRET: secret })).toThrow(
      /^invalid BOT_WEBHOOK_SECRET: set only with BOT_WEBHOOK_URL/,
    );
    expect(() => loadConfig({ BOT_WEBHOOK_URL: 'http://bot.example.com/tg', BOT_WEBHOOK_SECRET: secret })).toThrow(
      /^invalid BOT_WEBHOOK_URL \(got "http:\/\/bot\.example\.com\/tg"\): Telegram sends updates only to https/,
    );
    const local = {
      BOT_WEBHOOK_URL: 'http://10.0.0.7:3000/tg',
      BOT_WEBHOOK_SECRET: secret,
      TELEGRAM_API_ROOT: 'http://10.0.0.8:8081',
    };
    expect(loadConfig(local).bot.webhook?.url).toBe('http://10.0.0.7:3000/tg');
    let message = '';
    try {
      loadConfig({ BOT_WEBHOOK_URL: 'https://bot.example.com/tg', BOT_WEBHOOK_SECRET: 'short:and-secret' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^invalid BOT_WEBHOOK_SECRET: must be 32 to 256 characters/);
    expect(message).not.toContain('short:and-secret');
  });

  it('shares counters through Redis only when REDIS_URL is set, never showing its address', () => {
    expect(loadConfig({}).redis).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      prefix: 'tlb:',
    });
    expect(loadConfig({ REDIS_URL: 'rediss://r.example.com', REDIS_PREFIX: 'prod:' }).redis?.prefix).toBe('prod:');
    let message = '';
    try {
      loadConfig({ REDIS_URL: 'http://user:hunter2@r.example.com' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^invalid REDIS_URL: /);
    expect(message).not.toContain('hunter2');
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(/^invalid REDIS_PREFIX \(got "has space"\)/);
  });

  it('keeps every table in Postgres only with DATABASE_URL, never showing its address', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'postgres://u:pw@db:5432/tlb' }).databaseUrl).toBe('postgres://u:pw@db:5432/tlb');
    let message = '';
    try {
      loadConfig({ DATABASE_URL: 'mysql://u:hunter2@db/tlb' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^invalid DATABASE_URL: /);
    expect(message).not.toContain('hunter2');
  });

  it('runs every role by default; a split needs Postgres, one node, the API and the bot token', () => {
    expect([...loadConfig({}).roles].sort()).toEqual(['api', 'bot', 'engine', 'indexer']);
    const split = {
      DATABASE_URL: 'postgres://db/tlb',
      TRON_RPC: 'http://127.0.0.1:8090',
      ROUTER_ADDRESS: 'TEeDPpYmPduHo4iAbyQXAbKoZYRs21ASC4',
      BOT_TOKEN: '123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123456789',
      FACADE_URL: 'http://127.0.0.1:3000',
    };
    expect([...loadConfig({ ...split, ROLES: 'indexer, engine' }).roles]).toEqual(['indexer', 'engine']);
    expect([...loadConfig({ ...split, ROLES: 'api,bot' }).roles]).toEqual(['api', 'bot']);
    expect(() => loadConfig({ ...split, ROLES: 'api,worker' })).toThrow(/^invalid ROLES \(got "api,worker"\): must be/);
    expect(() => loadConfig({ ...split, DATABASE_URL: undefined, ROLES: 'api' })).toThrow(/needs DATABASE_URL/);
    expect(() => loadConfig({ ...split, TRON_RPC: undefined, ROLES: 'api' })).toThrow(
      /needs TRON_RPC .*npm run devnet/,
    );
    expect(() => loadConfig({ ...split, FACADE_URL: undefined, ROLES: 'engine' })).toThrow(/needs FACADE_URL/);
    expect(() => loadConfig({ ...split, BOT_TOKEN: undefined, ROLES: 'api,bot' })).toThrow(/need BOT_TOKEN/);
    expect([...loadConfig({ ...split, BOT_TOKEN: undefined, ROLES: 'api,indexer' }).roles]).toEqual(['api', 'indexer']);
  });

  it('stops start-up with that line and a non-zero exit code', async () => {
    const err = await run(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      env: { ...process.env, DEVNET_PORT: '99999' },
    }).then(
      () => expect.unreachable('start-up succeeded'),
      (e: unknown) => e as { code: number; stderr: string },
    );
    expect(err.code).toBe(2);
    expect(err.stderr).toMatch(/configuration error: invalid DEVNET_PORT \(got "99999"\)/);
    expect(err.stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });
});
