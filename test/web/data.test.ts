// What the Mini App reads, against the devnet's demo tokens: the user, the lists and search, a token's
// page, its candles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faucet } from '../helpers/devnet.js';
import { demoTokens } from '../helpers/facade.js';
import { startMiniApp, type MiniAppHarness } from '../helpers/miniapp.js';
import type { Candle, Me, TokenPage, TokenRow } from '../../src/web/contract.js';

let m: MiniAppHarness;
let tokens: Record<string, string>;
const ALICE = 5201;

beforeAll(async () => {
  m = await startMiniApp();
  tokens = await demoTokens(m.h.stack.devnet.url);
});
afterAll(async () => m?.close());

describe('the user', () => {
  it('gives the wallet (TRX to the sun, from the node), its energy, the presets and whether trades are sponsored', async () => {
    await m.h.send(m.h.tg.message(ALICE, '/start'));
    const w = await m.h.walletOf(ALICE);
    await faucet(m.h.stack.devnet.url, w.address, '12.345678');
    const { status, body } = await m.call<Me>(ALICE, 'GET', '/app/api/me');
    expect(status).toBe(200);
    expect(body.wallet).toMatchObject({ address: w.address, trxSun: '12345678' });
    expect(body.wallet.energy.limit).toBeGreaterThanOrEqual(0);
    expect(body.wallet.bandwidth.limit).toBeGreaterThan(0);
    expect(body.settings).toEqual({ slippagePct: 5, buyPresets: [100, 500, 1000], sellPresets: [25, 50, 100] });
    expect(typeof body.sponsored).toBe('boolean');
    expect(JSON.stringify(body)).not.toMatch(/privateKey|keyEnc|apiKey/i);
  });
});

describe('tokens', () => {
  it('lists the newest tokens, and by 24 h volume', async () => {
    const fresh = await m.call<TokenRow[]>(ALICE, 'GET', '/app/api/tokens?list=new');
    expect(fresh.status).toBe(200);
    const symbols = fresh.body.map((t) => t.symbol);
    for (const s of ['TCAT', 'SDOG', 'MOON', 'PKING', 'FROG', 'WAVE']) expect(symbols).toContain(s);
    const row = fresh.body.find((t) => t.symbol === 'SDOG')!;
    expect(row).toMatchObject({ address: tokens.SDOG, family: 'launchpad', status: 'CREATED' });
    expect(row.priceTrx).toBeGreaterThan(0);
    expect(row.progressPct).toBeGreaterThanOrEqual(0);
    const trending = await m.call<TokenRow[]>(ALICE, 'GET', '/app/api/tokens?list=trending');
    const vols = trending.body.map((t) => t.volume24hTrx);
    expect(vols).toEqual([...vols].sort((a, b) => b - a));
  });

  it('lists the tokens about to launch (on the curve, fullest first) and the launched ones', async () => {
    const launching = await m.call<TokenRow[]>(ALICE, 'GET', '/app/api/tokens?list=launching');
    expect(launching.body.every((t) => t.status !== 'LAUNCHED')).toBe(true);
    expect(launching.body[0]!.symbol).toBe('MOON');
    const progress = launching.body.map((t) => t.progressPct);
    expect(progress).toEqual([...progress].sort((a, b) => b - a));
    const launched = await m.call<TokenRow[]>(ALICE, 'GET', '/app/api/tokens?list=launched');
    expect(launched.body.map((t) => t.symbol)).toContain('PKING');
    expect(launched.body.every((t) => t.status === 'LAUNCHED' && t.progressPct === 100)).toBe(true);
  });

  it('searches by name, symbol or address', async () => {
    const bySymbol = await m.call<TokenRow[]>(ALICE, 'GET', '/app/api/tokens?q=sdo');
    expect(bySymbol.body.map((t) => t.symbol)).toEqual(['SDOG']);
    const byAddress = await m.call<TokenRow[]>(ALICE, 'GET', `/app/api/tokens?q=${tokens.WAVE}`);
    expect(byAddress.body).toHaveLength(1);
    expect(byAddress.body[0]).toMatchObject({ symbol: 'WAVE', family: 'launchpad2' });
    const none = await m.call<TokenRow[]>(ALICE, 'GET', '/app/api/tokens?q=zzzz-nothing');
    expect(none.body).toEqual([]);
    expect((await m.call(ALICE, 'GET', '/app/api/tokens?list=best')).status).toBe(400);
  });

  it('gives a token page: details, safety, holders, trades and what the user holds', async () => {
    const { status, body } = await m.call<TokenPage>(ALICE, 'GET', `/app/api/tokens/${tokens.SDOG}`);
    expect(status).toBe(200);
    expect(body.token).toMatchObject({ address: tokens.SDOG, symbol: 'SDOG', status: 'CREATED', family: 'launchpad' });
    expect(body.token.trxReserve).toBeGreaterThan(0);
    expect(body.safety?.verdict).toMatch(/^(ok|caution|danger)$/);
    expect(body.holders.length).toBeGreaterThan(0);
    expect(body.holders[0]).toEqual({
      address: expect.any(String),
      balance: expect.any(Number),
      percentage: expect.any(Number),
      type: expect.any(String),
    });
    expect(body.trades.length).toBeGreaterThan(0);
    expect(body.trades[0]!.txid).toMatch(/^[0-9a-f]{64}$/);
    expect(body).toMatchObject({ heldUnits: '0', decimals: 18 });
    // launched: its pair
    const pking = await m.call<TokenPage>(ALICE, 'GET', `/app/api/tokens/${tokens.PKING}`);
    expect(pking.body.token.dex?.pairAddress).toMatch(/^T/);
    // the second launchpad's tokens and their holders
    const wave = await m.call<TokenPage>(ALICE, 'GET', `/app/api/tokens/${tokens.WAVE}`);
    expect(wave.body.token.family).toBe('launchpad2');
    expect(wave.body.holders.length).toBeGreaterThan(0);
  });

  it('answers 404 in the user\u2019s words for an address no launchpad knows', async () => {
    const r = await m.call(ALICE, 'GET', '/app/api/tokens/TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    expect(r).toMatchObject({ status: 404, body: { error: 'not-found', message: 'Token not found' } });
  });

  it('gives candles, oldest first, time in seconds, for each interval', async () => {
    for (const interval of ['5m', '1h', '1d']) {
      const { status, body } = await m.call<Candle[]>(
        ALICE,
        'GET',
        `/app/api/tokens/${tokens.SDOG}/candles?interval=${interval}`,
      );
      expect(status).toBe(200);
      expect(body.length).toBeGreaterThan(0);
      const times = body.map((c) => c.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(times.at(-1)!).toBeLessThan(Date.now() / 1000 + 86_400);
      expect(times.at(-1)!).toBeGreaterThan(1e9);
      const last = body.at(-1)!;
      expect(last.high).toBeGreaterThanOrEqual(last.low);
    }
    expect((await m.call(ALICE, 'GET', `/app/api/tokens/${tokens.SDOG}/candles?interval=7m`)).status).toBe(400);
  });
});
