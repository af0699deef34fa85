// The Mini App's server names a token's network only when more than one is configured: with one (the
// default) its token page and list rows carry no `network`; with two (`launchpad` on 'devnet',
// `launchpad2` on 'devnet 2'), each carries its network's name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botNetworks, type BotNetwork } from '../../src/bot/networks.js';
import type { TokenPage, TokenRow } from '../../src/web/contract.js';
import { demoTokens } from '../helpers/facade.js';
import { startMiniApp, type MiniAppHarness } from '../helpers/miniapp.js';

let m: MiniAppHarness;
let tokens: Record<string, string>;
const ALICE = 5301;
const TWO: BotNetwork[] = [
  { id: 'launchpad', name: 'devnet', families: ['launchpad'] },
  { id: 'launchpad2', name: 'devnet 2', families: ['launchpad2'] },
];

beforeAll(async () => {
  m = await startMiniApp();
  tokens = await demoTokens(m.h.stack.devnet.url);
});
afterAll(async () => m?.close());

const page = async (address: string) => (await m.call<TokenPage>(ALICE, 'GET', `/app/api/tokens/${address}`)).body;
const list = async (query: string) => (await m.call<TokenRow[]>(ALICE, 'GET', `/app/api/tokens?${query}`)).body;

describe("a token's network", () => {
  it('is not sent with one network', async () => {
    const wave = await page(tokens.WAVE!);
    expect(wave.token).toMatchObject({ symbol: 'WAVE', family: 'launchpad2' });
    expect(wave.token).not.toHaveProperty('network');
    expect((await list('list=new')).some((t) => 'network' in t)).toBe(false);
  });

  it('is sent with two: on the token page, in the lists and in a search by address', async () => {
    m.h.built.services.networks = botNetworks(TWO);
    try {
      expect((await page(tokens.WAVE!)).token.network).toBe('devnet 2');
      expect((await page(tokens.TCAT!)).token.network).toBe('devnet');
      const rows = await list('list=new');
      expect(rows.find((t) => t.symbol === 'ECHO')?.network).toBe('devnet 2');
      expect(rows.find((t) => t.symbol === 'SDOG')?.network).toBe('devnet');
      expect((await list(`q=${tokens.WAVE}`)).map((t) => t.network)).toEqual(['devnet 2']);
    } finally {
      m.h.built.services.networks = botNetworks();
    }
  });
});
