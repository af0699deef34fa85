import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';
import { ConfigError, hostOf, loadConfig, tronHost } from '../src/config.js';

const run = promisify(execFile);
const ROUTER = 'TEeDPpYmPduHo4iAbyQXAbKoZYRs21ASC4';
const ROUTER2 = 'TTPj1Hn1ncwzYtE7tWW6aijPiPXbYVRmUH';
const LAUNCHPAD2 = 'TATj9PjnMcD3TDaNiz1mFJeoiuUMpfkQWe';
const SUNSWAP = 'TLi2TEmD1YJShQcxM8iEXyC1uhLt9jAo5m';
const SUNSWAP2 = 'TU9eLEjhJdnGY3nks4SQ3wby5pAFfP2TT7';
/** Both families on one real node (TRON_RPC). */
const env2 = {
  TRON_RPC: 'https://api.trongrid.io',
  ROUTER_ADDRESS: ROUTER,
  LAUNCHPAD2_ADDRESS: LAUNCHPAD2,
  ROUTER2_ADDRESS: ROUTER2,
};
/** ...and launchpad2 on a node of its own. */
const apart = { ...env2, LAUNCHPAD2_RPC: 'https://nile.trongrid.io' };
/** The message of what fn throws (a test fails when it throws nothing). */
const thrown = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  return expect.unreachable('nothing was thrown');
};

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

  it('puts each family of the embedded devnet on a devnet of its own, with no RPC URL and unpaced', () => {
    const c = loadConfig({ TRON_RPS: '40', TRON_API_KEY: 'some-key', DATA_DIR: '/srv/lp' });
    expect(c.networks).toEqual([
      {
        id: 'launchpad',
        name: 'devnet',
        rpc: undefined,
        devnetPort: 8090,
        apiKey: 'some-key',
        rps: 0,
        families: ['launchpad'],
      },
      {
        id: 'launchpad2',
        name: 'devnet 2',
        rpc: undefined,
        devnetPort: 8091,
        apiKey: 'some-key',
        rps: 0,
        families: ['launchpad2'],
      },
    ]);
    expect(c.families.map((f) => [f.family, f.network])).toEqual([
      ['launchpad', 'launchpad'],
      ['launchpad2', 'launchpad2'],
    ]);
    expect(c.devnet).toMatchObject({
      port: 8090,
      port2: 8091,
      dbFile: path.resolve('/srv/lp/devnet.sqlite'),
      dbFile2: path.resolve('/srv/lp/devnet2.sqlite'),
    });
    expect(hostOf(c, 'launchpad')).toBe(tronHost(c));
    expect(hostOf(c, 'launchpad')).toBe('http://127.0.0.1:8090');
    expect(hostOf(c, 'launchpad2')).toBe('http://127.0.0.1:8091');
    const moved = loadConfig({ DEVNET_PORT: '9000', DEVNET2_PORT: '9100' });
    expect([hostOf(moved, 'launchpad'), hostOf(moved, 'launchpad2'), tronHost(moved)]).toEqual([
      'http://127.0.0.1:9000',
      'http://127.0.0.1:9100',
      'http://127.0.0.1:9000',
    ]);
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
      {
        id: 'launchpad',
        name: 'Tron mainnet',
        rpc,
        apiKey: 'grid-key',
        rps: 7,
        explorerTxUrl: 'https://tronscan.org/#/transaction/',
        families: ['launchpad', 'launchpad2'],
      },
    ]);
    expect(both.families.map((f) => f.network)).toEqual(['launchpad', 'launchpad']);
    expect(hostOf(both, 'launchpad')).toBe(rpc);
    expect(() => hostOf(both, 'launchpad2')).toThrow(/no network launchpad2/);
    expect(both.tronRps).toBe(7);
    // the same URL given again for launchpad2, with the same settings: still one network
    const same = loadConfig({ ...env2, LAUNCHPAD2_RPC: env2.TRON_RPC, LAUNCHPAD2_RPS: '15' });
    expect(same.networks.map((n) => n.families)).toEqual([['launchpad', 'launchpad2']]);

    const one = loadConfig({ TRON_RPC: rpc, ROUTER_ADDRESS: router });
    expect(one.networks).toEqual([
      {
        id: 'launchpad',
        name: 'Tron mainnet',
        rpc,
        apiKey: undefined,
        rps: 15,
        explorerTxUrl: 'https://tronscan.org/#/transaction/',
        families: ['launchpad'],
      },
    ]);
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

describe('config: the second family on a network of its own', () => {
  it('puts launchpad2 on LAUNCHPAD2_RPC with its own key and pace: two networks, named for users', () => {
    const c = loadConfig({
      ...apart,
      TRON_API_KEY: 'main-key',
      TRON_RPS: '7',
      LAUNCHPAD2_TRONGRID_API_KEY: 'nile-key',
      LAUNCHPAD2_RPS: '3',
    });
    expect(c.networks).toEqual([
      {
        id: 'launchpad',
        name: 'Tron mainnet',
        rpc: 'https://api.trongrid.io',
        apiKey: 'main-key',
        rps: 7,
        explorerTxUrl: 'https://tronscan.org/#/transaction/',
        families: ['launchpad'],
      },
      {
        id: 'launchpad2',
        name: 'Nile testnet',
        rpc: 'https://nile.trongrid.io',
        apiKey: 'nile-key',
        rps: 3,
        explorerTxUrl: 'https://nile.tronscan.org/#/transaction/',
        families: ['launchpad2'],
      },
    ]);
    expect(c.families.map((f) => [f.family, f.network, f.launchpad, f.router])).toEqual([
      ['launchpad', 'launchpad', 'TTfvyrAz86hbZk5iDpKD78pqLGgi8C7AAw', ROUTER],
      ['launchpad2', 'launchpad2', LAUNCHPAD2, ROUTER2],
    ]);
    expect(hostOf(c, 'launchpad2')).toBe('https://nile.trongrid.io');
    expect(hostOf(c, 'launchpad')).toBe('https://api.trongrid.io');
    expect(tronHost(c)).toBe('https://api.trongrid.io');
    expect([c.tronApiKey, c.tronRps]).toEqual(['main-key', 7]);
  });

  it("defaults launchpad2's key and pace to the first family's", () => {
    const c = loadConfig({ ...apart, TRON_API_KEY: 'main-key', TRON_RPS: '9' });
    expect(c.networks[1]).toMatchObject({ id: 'launchpad2', apiKey: 'main-key', rps: 9 });
  });

  it('needs LAUNCHPAD2_ADDRESS and ROUTER2_ADDRESS for a node of its own', () => {
    for (const missing of ['LAUNCHPAD2_ADDRESS', 'ROUTER2_ADDRESS'])
      expect(thrown(() => loadConfig({ ...apart, [missing]: undefined }))).toMatch(
        /^invalid LAUNCHPAD2_RPC \(got "https:\/\/nile\.trongrid\.io"\): a node of its own for launchpad2 needs LAUNCHPAD2_ADDRESS and ROUTER2_ADDRESS/,
      );
    // on the first family's node launchpad2 is served only with both, as ever
    const one = loadConfig({ ...env2, LAUNCHPAD2_ADDRESS: undefined, LAUNCHPAD2_RPC: env2.TRON_RPC });
    expect(one.families.map((f) => f.family)).toEqual(['launchpad']);
  });

  it('refuses LAUNCHPAD2_RPC on the devnet, which runs both networks itself', () => {
    expect(thrown(() => loadConfig({ LAUNCHPAD2_RPC: 'https://nile.trongrid.io' }))).toMatch(
      /^invalid LAUNCHPAD2_RPC \(got "https:\/\/nile\.trongrid\.io"\): set only with TRON_RPC; without it the embedded devnet runs both networks itself \(launchpad on DEVNET_PORT, launchpad2 on DEVNET2_PORT\)$/,
    );
    expect(() => loadConfig({ ...apart, LAUNCHPAD2_RPC: 'not a url' })).toThrow(/^invalid LAUNCHPAD2_RPC/);
  });

  it('takes TRONGRID_API_KEY as another name of TRON_API_KEY, and refuses two different keys unseen', () => {
    expect(loadConfig({ ...env2, TRONGRID_API_KEY: 'grid-key' }).tronApiKey).toBe('grid-key');
    expect(loadConfig({ ...env2, TRONGRID_API_KEY: 'grid-key' }).networks[0]!.apiKey).toBe('grid-key');
    expect(loadConfig({ ...apart, TRONGRID_API_KEY: 'grid-key' }).networks[1]!.apiKey).toBe('grid-key');
    expect(loadConfig({ ...env2, TRONGRID_API_KEY: 'same', TRON_API_KEY: 'same' }).tronApiKey).toBe('same');
    const message = thrown(() => loadConfig({ ...env2, TRONGRID_API_KEY: 'secret-one', TRON_API_KEY: 'secret-two' }));
    expect(message).toBe(
      'invalid TRONGRID_API_KEY: it is another name of TRON_API_KEY, and both are set, to different keys (set one of them)',
    );
    expect(() => loadConfig({ TRONGRID_API_KEY: 'a', TRON_API_KEY: 'b' })).toThrow(ConfigError); // on the devnet too
  });

  it('refuses a key, a pace or a name for launchpad2 that its shared node would not use', () => {
    const shared = { ...env2, TRON_API_KEY: 'main-key', TRON_RPS: '7' };
    const key = thrown(() => loadConfig({ ...shared, LAUNCHPAD2_TRONGRID_API_KEY: 'other-secret' }));
    expect(key).toMatch(
      /^invalid LAUNCHPAD2_TRONGRID_API_KEY: launchpad2 shares the node of TRON_RPC .*set LAUNCHPAD2_RPC/,
    );
    expect(key).not.toContain('other-secret');
    expect(thrown(() => loadConfig({ ...shared, LAUNCHPAD2_RPS: '3' }))).toMatch(
      /^invalid LAUNCHPAD2_RPS \(got "3"\): launchpad2 shares the node of TRON_RPC .* pace is TRON_RPS \(7\)/,
    );
    expect(thrown(() => loadConfig({ ...shared, LAUNCHPAD2_NETWORK_NAME: 'Elsewhere' }))).toMatch(
      /^invalid LAUNCHPAD2_NETWORK_NAME \(got "Elsewhere"\): launchpad2 shares/,
    );
    // the same values are no contradiction
    const same = {
      LAUNCHPAD2_TRONGRID_API_KEY: 'main-key',
      LAUNCHPAD2_RPS: '7',
      LAUNCHPAD2_NETWORK_NAME: 'Tron mainnet',
    };
    expect(loadConfig({ ...shared, ...same }).networks).toHaveLength(1);
  });

  it('names the networks for users: known TronGrid nodes, a host, the devnets, or as set', () => {
    const names = (env: Record<string, string | undefined>) => loadConfig(env).networks.map((n) => n.name);
    expect(names({ ...apart, TRON_RPC: 'https://api.shasta.trongrid.io' })).toEqual(['Shasta testnet', 'Nile testnet']);
    expect(names({ ...apart, LAUNCHPAD2_RPC: 'http://10.1.2.3:8090' })).toEqual(['Tron mainnet', '10.1.2.3:8090']);
    expect(names({})).toEqual(['devnet', 'devnet 2']);
    expect(names({ TRON_NETWORK_NAME: ' Local ', LAUNCHPAD2_NETWORK_NAME: 'Local two' })).toEqual([
      'Local',
      'Local two',
    ]);
    expect(names({ ...apart, TRON_NETWORK_NAME: 'Main', LAUNCHPAD2_NETWORK_NAME: 'Test' })).toEqual(['Main', 'Test']);
    expect(names({ ...env2, TRON_NETWORK_NAME: 'Main' })).toEqual(['Main']);
    expect(() => loadConfig({ TRON_NETWORK_NAME: 'x'.repeat(41) })).toThrow(/^invalid TRON_NETWORK_NAME/);
  });

  it("links each network's transactions to its own explorer, or to none it does not know", () => {
    const links = (env: Record<string, string | undefined>) => loadConfig(env).networks.map((n) => n.explorerTxUrl);
    expect(links(apart)).toEqual(['https://tronscan.org/#/transaction/', 'https://nile.tronscan.org/#/transaction/']);
    // a second node of another host: no link (a mainnet page would not hold its transactions)
    expect(links({ ...apart, LAUNCHPAD2_RPC: 'http://10.1.2.3:8090' })).toEqual([
      'https://tronscan.org/#/transaction/',
      undefined,
    ]);
    expect(links({ ...apart, LAUNCHPAD2_EXPLORER_TX_URL: 'https://scan.example/tx/' })).toEqual([
      'https://tronscan.org/#/transaction/',
      'https://scan.example/tx/',
    ]);
    // the first network on Nile links to Nile's pages; EXPLORER_TX_URL wins; a shared node shares its links
    expect(links({ ...env2, TRON_RPC: 'https://nile.trongrid.io' })).toEqual([
      'https://nile.tronscan.org/#/transaction/',
    ]);
    expect(links({ ...env2, EXPLORER_TX_URL: 'https://mine.example/tx/' })).toEqual(['https://mine.example/tx/']);
    expect(loadConfig({ ...env2, TRON_RPC: 'https://node.example' }).bot.explorerTxUrl).toBe(
      'https://tronscan.org/#/transaction/',
    );
    expect(links({})).toEqual([undefined, undefined]);
  });

  it("gives launchpad2 DEX_ROUTER only on the first family's node; LAUNCHPAD2_DEX_ROUTER anywhere", () => {
    const dex = (env: Record<string, string | undefined>) => loadConfig(env).families.map((f) => f.dexRouter);
    expect(dex({ ...env2, DEX_ROUTER: SUNSWAP })).toEqual([SUNSWAP, SUNSWAP]);
    expect(dex({ ...apart, DEX_ROUTER: SUNSWAP })).toEqual([SUNSWAP, undefined]);
    expect(dex({ ...apart, DEX_ROUTER: SUNSWAP, LAUNCHPAD2_DEX_ROUTER: SUNSWAP2 })).toEqual([SUNSWAP, SUNSWAP2]);
    expect(dex({ ...env2, LAUNCHPAD2_DEX_ROUTER: SUNSWAP2 })).toEqual([undefined, SUNSWAP2]);
    expect(dex({ DEX_ROUTER: SUNSWAP })).toEqual([SUNSWAP, undefined]); // the devnets are two networks
    expect(() => loadConfig({ LAUNCHPAD2_DEX_ROUTER: 'nope' })).toThrow(/^invalid LAUNCHPAD2_DEX_ROUTER/);
  });

  it('keeps DEVNET2_PORT off DEVNET_PORT and off PORT (on the devnet)', () => {
    expect(thrown(() => loadConfig({ DEVNET2_PORT: '8090' }))).toBe(
      `invalid DEVNET2_PORT (got "8090"): must differ from DEVNET_PORT (launchpad2's devnet runs beside launchpad's)`,
    );
    expect(thrown(() => loadConfig({ DEVNET_PORT: '9000', DEVNET2_PORT: '9000' }))).toMatch(
      /must differ from DEVNET_PORT/,
    );
    expect(thrown(() => loadConfig({ PORT: '8091' }))).toBe(
      `invalid DEVNET2_PORT (got "8091"): must differ from PORT (the API's port)`,
    );
    expect(loadConfig({ ...env2, PORT: '8091' }).port).toBe(8091); // no devnet runs
    expect(loadConfig({ DEVNET_PORT: '0', DEVNET2_PORT: '0' }).devnet).toMatchObject({ port: 0, port2: 0 });
    expect(() => loadConfig({ DEVNET2_PORT: '70000' })).toThrow(/^invalid DEVNET2_PORT \(got "70000"\)/);
  });
});
