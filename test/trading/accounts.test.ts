// Users, their sealed facade keys and wallets, against a fake facade (a fetch that answers the one
// call accounts make: a key for a new user). Wallet keys are made here, never by the facade.
import { utils } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { LaunchpadClient } from '../../src/client/index.js';
import { createAccounts, UserError } from '../../src/trading/accounts.js';
import { Vault } from '../../src/vault.js';
import { memoryStore } from './helpers.js';

const PK = '0000000000000000000000000000000000000000000000000000000000000001';
const PK2 = '0000000000000000000000000000000000000000000000000000000000000002';

/** What the fake facade's getWallet answers for an address: a wallet view, or a failure. */
type WalletAnswer = { trxBalanceSun: string; positions: Array<{ balanceExact: string }> } | 'fail';

function setup(
  walletViews = new Map<string, WalletAnswer>(),
  market?: { trxBalance(a: string): Promise<bigint>; tokenBalance(t: string, a: string): Promise<bigint> },
) {
  const calls: Array<{ path: string; apiKey: string }> = [];
  let wallets = 0;
  const newKey = async () => {
    const privateKey = [PK, PK2][wallets++]!;
    return { address: utils.crypto.pkToAddress(privateKey), privateKey };
  };
  const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(url instanceof Request ? url.url : url).pathname;
    calls.push({ path, apiKey: (init?.headers as Record<string, string>)['api-key']! });
    if (path === '/launchpad/getWallet') {
      const { address } = JSON.parse(init?.body as string) as { address: string };
      const view = walletViews.get(address) ?? { trxBalanceSun: '0', positions: [] };
      if (view === 'fail') return new Response('{"error":"Internal error","message":"down"}', { status: 500 });
      return new Response(JSON.stringify({ data: { address, trxBalance: 0, ...view } }), { status: 200 });
    }
    if (path !== '/admin/keys') return new Response('{"error":"Not found"}', { status: 404 });
    return new Response(JSON.stringify({ id: 41, key: 'user-api-key' }), { status: 200 });
  }) as typeof globalThis.fetch;
  const store = memoryStore();
  const vault = new Vault(Buffer.alloc(32, 1));
  const operator = new LaunchpadClient({ baseUrl: 'http://facade', apiKey: 'operator-key', fetch });
  const accounts = createAccounts({
    store,
    vault,
    operator,
    facadeUrl: 'http://facade',
    defaultPlan: 'trader',
    fetch,
    newKey,
    market,
  });
  return { store, vault, accounts, calls };
}

describe('accounts', () => {
  it('makes a user once: a sealed facade key of their own and a first wallet, active', async () => {
    const { store, vault, accounts, calls } = setup();
    const { user, created } = await accounts.ensureUser({ id: 5, username: 'ann' });
    expect(created).toBe(true);
    expect(user.apiKeyId).toBe(41);
    expect(user.apiKeyEnc).not.toContain('user-api-key');
    expect(vault.decrypt(user.apiKeyEnc, 'apikey:5')).toBe('user-api-key');
    // the API key came from the operator; the wallet's key was made here: the facade never saw it
    expect(calls).toEqual([{ path: '/admin/keys', apiKey: 'operator-key' }]);
    const wallet = await accounts.activeWallet(user);
    expect(wallet.address).toBe(utils.crypto.pkToAddress(PK));
    expect(wallet.keyEnc).not.toContain(PK);
    expect(accounts.withKey(wallet, (k) => k)).toBe(PK);
    const again = await accounts.ensureUser({ id: 5 });
    expect(again.created).toBe(false);
    expect(calls).toHaveLength(1);
    expect(await store.wallets(5)).toHaveLength(1);
  });

  it('a new wallet becomes the active one', async () => {
    const { accounts, store } = setup();
    const { user } = await accounts.ensureUser({ id: 6 });
    const second = await accounts.newWallet(user);
    expect(second.address).toBe(utils.crypto.pkToAddress(PK2));
    expect((await accounts.activeWallet((await store.user(6))!)).id).toBe(second.id);
  });

  it('imports a private key (0x and upper case allowed) once, and refuses what is not one', async () => {
    const { accounts, store } = setup();
    const { user } = await accounts.ensureUser({ id: 7 });
    const imported = await accounts.importWallet(user, `  0x${PK2.toUpperCase()} `);
    expect(imported.address).toBe(utils.crypto.pkToAddress(PK2));
    expect(accounts.withKey(imported, (k) => k)).toBe(PK2);
    expect((await accounts.importWallet(user, PK2)).id).toBe(imported.id);
    expect(await store.wallets(7)).toHaveLength(2);
    await expect(accounts.importWallet(user, 'abc')).rejects.toThrow(UserError);
    await expect(accounts.importWallet(user, '0'.repeat(64))).rejects.toThrow('not a valid secp256k1 private key');
  });

  it('tells whether any wallet holds TRX or a token, and says yes when it cannot tell', async () => {
    const views = new Map<string, WalletAnswer>();
    const { accounts, store } = setup(views);
    const { user } = await accounts.ensureUser({ id: 9 });
    const [first] = await store.wallets(9);
    const second = await accounts.newWallet(user);
    expect(await accounts.holdsFunds(user)).toBe(false);
    // a token in the second wallet, no TRX anywhere
    views.set(second.address, { trxBalanceSun: '0', positions: [{ balanceExact: '1' }] });
    expect(await accounts.holdsFunds(user)).toBe(true);
    views.set(second.address, { trxBalanceSun: '0', positions: [{ balanceExact: '0' }] });
    views.set(first!.address, { trxBalanceSun: '1', positions: [] });
    expect(await accounts.holdsFunds(user)).toBe(true);
    views.set(first!.address, 'fail');
    expect(await accounts.holdsFunds(user)).toBe(true);
  });

  it('asks the node before the API: an API that says a funded wallet is empty spares no one the hold', async () => {
    const onChain = new Map<string, bigint>();
    const { accounts } = setup(new Map(), {
      trxBalance: async (a) => onChain.get(a) ?? 0n,
      tokenBalance: async () => 0n,
    });
    const { user } = await accounts.ensureUser({ id: 11 });
    expect(await accounts.holdsFunds(user)).toBe(false);
    // the API answers every wallet as empty; the node shows 1 sun
    onChain.set((await accounts.activeWallet(user)).address, 1n);
    expect(await accounts.holdsFunds(user)).toBe(true);
  });

  it('a removed wallet: out of the lists, its key gone for good, back only with its key imported again', async () => {
    const { accounts, store } = setup();
    const { user } = await accounts.ensureUser({ id: 10 });
    const [first] = await store.wallets(10);
    const second = await accounts.newWallet(user);
    expect(await accounts.removeWallet((await store.user(10))!, second.id)).toBe('active');
    await store.setActiveWallet(10, first!.id);
    expect(await accounts.removeWallet((await store.user(10))!, second.id)).toBe('removed');
    expect((await store.wallets(10)).map((w) => w.id)).toEqual([first!.id]);
    expect(await store.setActiveWallet(10, second.id)).toBe(false);
    const gone = (await store.wallet(10, second.id))!;
    expect(gone.keyEnc).toBe('');
    expect(() => accounts.withKey(gone, (k) => k)).toThrow('That wallet was removed');
    // the only one left stays; the same key imported brings the wallet back, active
    expect(await accounts.removeWallet((await store.user(10))!, first!.id)).toBe('only');
    const back = await accounts.importWallet((await store.user(10))!, PK2);
    expect(back.id).toBe(second.id);
    expect(accounts.withKey(back, (k) => k)).toBe(PK2);
    expect((await accounts.activeWallet((await store.user(10))!)).id).toBe(second.id);
  });

  it('a user without a wallet is told to start', async () => {
    const { accounts, store } = setup();
    await store.createUser({
      telegramId: 8,
      username: null,
      apiKeyEnc: 'x',
      apiKeyId: null,
      activeWalletId: null,
      settings: '{}',
      createdAt: 0,
    });
    await expect(accounts.activeWallet((await store.user(8))!)).rejects.toThrow('You have no wallet yet: send /start.');
  });
});

describe('wallet keys by default', () => {
  it('are made in this process, fresh each time, and only the operator call goes out', async () => {
    const calls: string[] = [];
    const fetch = (async (url: string | URL | Request) => {
      calls.push(new URL(url instanceof Request ? url.url : url).pathname);
      return new Response(JSON.stringify({ id: 1, key: 'k' }), { status: 200 });
    }) as typeof globalThis.fetch;
    const vault = new Vault(Buffer.alloc(32, 2));
    const operator = new LaunchpadClient({ baseUrl: 'http://facade', apiKey: 'op', fetch });
    const accounts = createAccounts({
      store: memoryStore(),
      vault,
      operator,
      facadeUrl: 'http://facade',
      defaultPlan: 'trader',
      fetch,
    });
    const { user } = await accounts.ensureUser({ id: 9 });
    const first = await accounts.activeWallet(user);
    const second = await accounts.newWallet(user);
    expect(first.address).not.toBe(second.address);
    for (const w of [first, second]) expect(utils.crypto.pkToAddress(accounts.withKey(w, (k) => k))).toBe(w.address);
    expect(calls).toEqual(['/admin/keys']);
  });
});
