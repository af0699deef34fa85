// The embedded devnets of the two-network set-up (startDevnets): launchpad's on DEVNET_PORT in
// devnet.sqlite, the default chain's genesis; launchpad2's on DEVNET2_PORT in devnet2.sqlite, a chain
// of its own. Each seeds and serves only its family, each faucet pays on its own chain, in this thread
// or each on a worker thread; a data directory from before (one chain with both families) has its
// devnet.sqlite moved aside and a new chain started.
import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { TronWeb } from 'tronweb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostOf, loadConfig, type Config } from '../../src/config.js';
import { DEMO_TOKENS } from '../../src/devnet/demo/index.js';
import { FAMILIES } from '../../src/devnet/genesis.js';
import { devnetPlans, startDevnets, type Devnets } from '../../src/devnet/networks.js';
import { startDevnet } from '../../src/devnet/index.js';
import { createLogger } from '../../src/log.js';
import { faucet, startTestDevnet, tempDir, tronWebFor } from '../helpers/devnet.js';

const NOW = 1_700_000_000_000;
const clock = () => NOW;
/** The default chain's genesis id for a chain seeded at NOW (as test/devnet/families.test.ts has it). */
const DEFAULT_SEEDED_GENESIS = '00000000000000005548eec28498088e4a8ad9bb9c9bd1edf60b097990c35d38';
const silent = createLogger('silent');

/** A devnet set-up's config: free ports, one block per broadcast, solid at once. */
const configIn = (dir: string, env: Record<string, string> = {}): Config =>
  loadConfig({
    DATA_DIR: dir,
    DEVNET_PORT: '0',
    DEVNET2_PORT: '0',
    DEVNET_BLOCK_MS: '0',
    DEVNET_SOLID_AFTER: '0',
    DEVNET_SEED: 'false',
    LOG_LEVEL: 'silent',
    ...env,
  });

const genesisId = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/wallet/getblockbynum`, { method: 'POST', body: JSON.stringify({ num: 0 }) });
  return ((await res.json()) as { blockID: string }).blockID;
};
const getJson = async <T>(url: string): Promise<T> => (await (await fetch(url)).json()) as T;
type Info = { families: Array<{ family: string; launchpad: string; router: string }> };
type Tokens = { data: Array<{ symbol: string; contractAddress: string | null }> };
const symbolsOf = (family: string) => DEMO_TOKENS.filter((t) => t.family === family).map((t) => t.metadata.symbol);
const balance = (url: string, address: string) => tronWebFor(url).trx.getBalance(address);
const answers = (url: string) =>
  fetch(`${url}/healthcheck`).then(
    () => true,
    () => false,
  );

/** A logger whose lines the test reads. */
function recordingLogger() {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = [];
  const destination = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l) as (typeof lines)[number]);
      done();
    },
  });
  return { logger: createLogger('info', { destination }), lines };
}

describe('devnetPlans', () => {
  it('are the networks loadConfig makes without TRON_RPC: each family on its own port and file', () => {
    const config = loadConfig({ DATA_DIR: '/srv/lp', DEVNET_PORT: '9000', DEVNET2_PORT: '9001' });
    const plans = devnetPlans(config);
    expect(plans).toEqual([
      { network: 'launchpad', families: ['launchpad'], port: 9000, dbFile: path.resolve('/srv/lp/devnet.sqlite') },
      {
        network: 'launchpad2',
        families: ['launchpad2'],
        port: 9001,
        dbFile: path.resolve('/srv/lp/devnet2.sqlite'),
        label: 'launchpad2',
      },
    ]);
    expect(config.networks.map((n) => [n.id, n.families, n.devnetPort])).toEqual(
      plans.map((p) => [p.network, p.families, p.port]),
    );
    for (const p of plans) expect(hostOf(config, p.network)).toBe(`http://127.0.0.1:${p.port}`);
  });
});

describe('two seeded devnets in this thread', () => {
  let devnets: Devnets;
  let url1: string;
  let url2: string;
  beforeAll(async () => {
    devnets = await startDevnets(configIn(tempDir(), { DEVNET_SEED: 'true' }), silent, { clock });
    url1 = devnets.byNetwork.get('launchpad')!.url;
    url2 = devnets.byNetwork.get('launchpad2')!.url;
  }, 90_000);
  afterAll(async () => devnets?.close());

  it('are one devnet per network, each with its chain and families, on two URLs', () => {
    expect([...devnets.byNetwork.keys()]).toEqual(['launchpad', 'launchpad2']);
    expect([...devnets.byNetwork.values()].map((d) => d.families)).toEqual([['launchpad'], ['launchpad2']]);
    expect(url1).not.toBe(url2);
    for (const d of devnets.byNetwork.values()) expect(d.chain?.families.map((f) => f.family)).toEqual(d.families);
  });

  it("have different genesis blocks; launchpad's is the default chain's, as before", async () => {
    expect(await genesisId(url1)).toBe(DEFAULT_SEEDED_GENESIS);
    expect(await genesisId(url2)).not.toBe(DEFAULT_SEEDED_GENESIS);
    expect((await genesisId(url2)).slice(0, 16)).toBe('0'.repeat(16));
  });

  it("list only their own family's contracts and demo tokens", async () => {
    expect((await getJson<Info>(`${url1}/devnet/info`)).families.map((f) => f.family)).toEqual(['launchpad']);
    expect((await getJson<Info>(`${url2}/devnet/info`)).families.map((f) => f.family)).toEqual(['launchpad2']);
    const one = await getJson<Tokens>(`${url1}/devnet/tokens`);
    const two = await getJson<Tokens>(`${url2}/devnet/tokens`);
    expect(one.data.map((t) => t.symbol)).toEqual(symbolsOf('launchpad'));
    expect(two.data.map((t) => t.symbol)).toEqual(symbolsOf('launchpad2'));
    expect(symbolsOf('launchpad').length).toBeGreaterThan(0);
    expect(symbolsOf('launchpad2').length).toBeGreaterThan(0);
    // the tokens exist as contracts on their own chain only
    for (const t of two.data) {
      expect(t.contractAddress).not.toBeNull();
      expect(await tronWebFor(url2).trx.getContract(t.contractAddress!)).toHaveProperty('contract_address');
      expect(await tronWebFor(url1).trx.getContract(t.contractAddress!)).not.toHaveProperty('contract_address');
    }
    // and the seed's trades made history on each
    expect(devnets.byNetwork.get('launchpad')!.chain!.head().number).toBeGreaterThan(10);
    expect(devnets.byNetwork.get('launchpad2')!.chain!.head().number).toBeGreaterThan(10);
  });

  it('each pay from their own faucet, on their own chain only', async () => {
    const a = (await TronWeb.createAccount()).address.base58;
    const b = (await TronWeb.createAccount()).address.base58;
    await faucet(url2, a, 7);
    await faucet(url1, b, 3);
    expect(await balance(url2, a)).toBe(7_000_000);
    expect(await balance(url1, b)).toBe(3_000_000);
    // both chains have answered from blocks made after both payments: neither reached the other
    expect(await balance(url1, a)).toBe(0);
    expect(await balance(url2, b)).toBe(0);
  });

  it("tell the blocks of each chain to that chain's onBlock only", async () => {
    const seen: string[] = [];
    for (const [network, d] of devnets.byNetwork) d.chain!.onBlock = () => seen.push(network);
    const head1 = devnets.byNetwork.get('launchpad')!.chain!.head().number;
    await faucet(url2, (await TronWeb.createAccount()).address.base58, 1);
    expect(seen).toEqual(['launchpad2']);
    expect(devnets.byNetwork.get('launchpad')!.chain!.head().number).toBe(head1); // no block was made there
    await faucet(url1, (await TronWeb.createAccount()).address.base58, 1);
    expect(seen).toEqual(['launchpad2', 'launchpad']);
  });
});

describe('two devnets on worker threads (DEVNET_THREAD)', () => {
  it('start, answer on their own chains and close', async () => {
    const devnets = await startDevnets(configIn(tempDir(), { DEVNET_THREAD: 'true' }), silent);
    const [one, two] = [devnets.byNetwork.get('launchpad')!, devnets.byNetwork.get('launchpad2')!];
    try {
      expect(one.chain).toBeUndefined();
      expect(two.chain).toBeUndefined();
      expect((await getJson<Info>(`${one.url}/devnet/info`)).families.map((f) => f.family)).toEqual(['launchpad']);
      expect((await getJson<Info>(`${two.url}/devnet/info`)).families.map((f) => f.family)).toEqual(['launchpad2']);
      expect(await genesisId(one.url)).not.toBe(await genesisId(two.url));
    } finally {
      await devnets.close();
    }
    expect(await answers(one.url)).toBe(false);
    expect(await answers(two.url)).toBe(false);
  }, 60_000);
});

describe('a data directory from before the two networks', () => {
  /** An old devnet.sqlite: one chain with both families (the default), with `address` paid 5 TRX. */
  async function oldDataDir(address: string): Promise<string> {
    const old = await startTestDevnet();
    await faucet(old.url, address, 5);
    await old.close();
    return old.dir;
  }
  const asideIn = (dir: string) =>
    fs.readdirSync(dir).filter((f) => /^devnet\.sqlite\.pre-networks-\d{8}T\d{6}Z$/.test(f));

  it("has its devnet.sqlite moved aside with a warning, and launchpad's devnet starts a new chain", async () => {
    const address = (await TronWeb.createAccount()).address.base58;
    const dir = await oldDataDir(address);
    const { logger, lines } = recordingLogger();
    const devnets = await startDevnets(configIn(dir), logger);
    let moved: string[];
    try {
      const url1 = devnets.byNetwork.get('launchpad')!.url;
      expect((await getJson<Info>(`${url1}/devnet/info`)).families.map((f) => f.family)).toEqual(['launchpad']);
      expect(await balance(url1, address)).toBe(0); // a new chain
      moved = asideIn(dir);
      expect(moved).toHaveLength(1);
      const warning = lines.find((l) => l.level === 40 && l.msg.includes('moved it aside'));
      expect(warning).toMatchObject({ network: 'launchpad', file: path.join(dir, 'devnet.sqlite') });
      expect(warning!.msg).toMatch(/holds a chain with the launchpads launchpad, launchpad2, not launchpad/);
      expect(warning!.msg).toContain(path.join(dir, moved[0]!));
    } finally {
      await devnets.close();
    }
    // a second start keeps the new chain: nothing more is moved
    const again = await startDevnets(configIn(dir), silent);
    await again.close();
    expect(asideIn(dir)).toEqual(moved);
    // the old chain is whole in the moved file
    const old = await startDevnet({
      dbFile: path.join(dir, moved[0]!),
      host: '127.0.0.1',
      port: 0,
      blockMs: 0,
      seed: false,
      logger: silent,
    });
    try {
      expect(old.chain.families.map((f) => f.family)).toEqual(FAMILIES.map((f) => f.family));
      expect(await balance(old.url, address)).toBe(5_000_000);
    } finally {
      await old.close();
    }
  }, 60_000);

  it('keeps what was still in its -wal (a devnet that was killed)', async () => {
    const address = (await TronWeb.createAccount()).address.base58;
    const running = await startTestDevnet();
    await faucet(running.url, address, 9);
    // the files as a killed devnet leaves them: its -wal and -shm beside it, not checkpointed
    const dir = tempDir();
    for (const f of fs.readdirSync(running.dir)) fs.copyFileSync(path.join(running.dir, f), path.join(dir, f));
    await running.close();
    expect(fs.existsSync(path.join(dir, 'devnet.sqlite-wal'))).toBe(true);
    const devnets = await startDevnets(configIn(dir), silent);
    await devnets.close();
    const [moved] = asideIn(dir);
    expect(moved).toBeDefined();
    const old = await startDevnet({
      dbFile: path.join(dir, moved!),
      host: '127.0.0.1',
      port: 0,
      blockMs: 0,
      seed: false,
      logger: silent,
    });
    try {
      expect(await balance(old.url, address)).toBe(9_000_000);
    } finally {
      await old.close();
    }
  }, 60_000);
});
