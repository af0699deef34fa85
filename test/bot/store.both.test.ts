// The bot's stores on SQLite and on Postgres (when it answers): users, wallets and trades round trip
// (amounts exact), and each claim is won once by concurrent callers: a Confirm's, an order round's,
// an automated trade's, a prompt's, a due delete's, queued alerts', the operator key's; PIN tries
// made at once are each counted, so a sixth is never compared (nor, after a lock, a second); a
// once-a-day notice's day is taken once; a wallet removal and a switch to it take turns.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorKey } from '../../src/trading/operator-key.js';
import { createStore, DEFAULT_SETTINGS, type BotDatabase } from '../../src/bot/store.js';
import { newTradeRow } from '../../src/trading/trade-row.js';
import { createUserPins, MAX_PIN_TRIES, PIN_LOCK_MS } from '../../src/trading/user-pin.js';
import { Vault } from '../../src/vault.js';
import { botEngines } from '../helpers/services.js';

const { engines, dropAll } = await botEngines();
afterAll(dropAll);

const BIG = '123456789012345678901234567890'; // more than any JS number holds exactly

async function withUser(store: ReturnType<typeof createStore>, id: number) {
  await store.createUser({
    telegramId: id,
    username: `u${id}`,
    apiKeyEnc: 'sealed',
    apiKeyId: 9,
    activeWalletId: null,
    settings: JSON.stringify(DEFAULT_SETTINGS),
    createdAt: 1_700_000_000_000,
  });
  const wallet = await store.addWallet({ userId: id, address: `TW${id}`, keyEnc: 'k', label: null, createdAt: 1 });
  await store.setActiveWallet(id, wallet.id);
  return wallet;
}

const trade = (id: string, walletId: number, status: 'quoted' | 'claimed' = 'quoted') =>
  newTradeRow({
    id,
    userId: 1,
    chatId: 1,
    walletId,
    token: 'TToken',
    side: 'buy',
    amount: BIG,
    slippagePct: 5,
    quote: { symbol: 'CAT', venue: 'curve', amountIn: BIG, allowance: null },
    status,
    at: 1_700_000_000_000,
    expiresAt: 1_700_000_060_000,
  });

/** How many of `n` concurrent calls of `fn` came out true. */
const winners = async (n: number, fn: () => Promise<boolean>) =>
  (await Promise.all(Array.from({ length: n }, fn))).filter(Boolean).length;

describe.each(engines)('the bot store on $engine', ({ open }) => {
  let db: BotDatabase;
  let store: ReturnType<typeof createStore>;

  it('keeps users, wallets and trades as they were written (big amounts exact)', async () => {
    db = await open();
    store = createStore(db);
    const wallet = await withUser(store, 1);
    expect(await store.addWallet({ userId: 1, address: 'TW1', keyEnc: 'k', label: null, createdAt: 2 })).toEqual(
      wallet,
    );
    expect(await store.user(1)).toMatchObject({ telegramId: 1, username: 'u1', activeWalletId: wallet.id });
    expect(await store.createUser({ ...(await store.user(1))!, username: 'again' })).toBe(false);
    expect(await store.userByUsername('@u1')).toMatchObject({ telegramId: 1 });
    expect(await store.userCount()).toBe(1);
    expect(await store.wallets(1)).toEqual([wallet]);
    await store.insertTrade(trade('t1', wallet.id));
    const row = (await store.trade('t1'))!;
    expect(row.amount).toBe(BIG);
    expect(JSON.parse(row.quote)).toMatchObject({ amountIn: BIG });
    expect(row.createdAt).toBe(1_700_000_000_000);
    await store.insertTrade({ ...trade('s:r:T', wallet.id, 'claimed'), ruleId: 'r' });
    expect(await store.ruleSpentSun('r', 0)).toBe(BigInt(BIG));
  });

  it('lets one of many concurrent taps claim a Confirm', async () => {
    const wallet = (await store.wallets(1))[0]!;
    await store.insertTrade(trade('t2', wallet.id));
    expect(await winners(8, () => store.transition('t2', 'quoted', 'claimed'))).toBe(1);
    expect((await store.trade('t2'))!.status).toBe('claimed');
  });

  it('claims an order round once, and an automated trade once', async () => {
    const wallet = (await store.wallets(1))[0]!;
    const t = 1_700_000_000_000;
    const base = { userId: 1, walletId: wallet.id, token: 'TToken', symbol: 'CAT', side: 'buy', amount: BIG };
    await store.insertOrder({ ...base, id: 'o1', kind: 'limit', status: 'active', createdAt: t, updatedAt: t });
    const round = (n: number) => ({ ...trade(`o:o1:${n}`, wallet.id, 'claimed'), orderId: 'o1' });
    // the same round from many callers, and another round at once: one claim in all
    const claims = await Promise.all([
      ...Array.from({ length: 6 }, () => store.claimOrderRound('o1', round(0))),
      store.claimOrderRound('o1', round(1)),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await store.order('o1'))!.status).toBe('executing');
    expect(await store.orderTradeCount('o1')).toBe(1);
    // a moved order tells once
    const moves = await Promise.all(
      Array.from({ length: 5 }, () =>
        store.moveOrder('o1', 'executing', 'filled', {}, { userId: 1, kind: 'filled', payload: {} }),
      ),
    );
    expect(moves.filter(Boolean)).toHaveLength(1);
    const events = await store.unsentOrderEvents();
    expect(events).toHaveLength(1);
    expect(await winners(4, () => store.claimOrderEvent(events[0]!.id, 5))).toBe(1);
    // a snipe of a token, under its rule's lock
    await store.insertSnipeRule({
      id: 'r2',
      userId: 1,
      walletId: wallet.id,
      amountSun: '1',
      budgetSun: '10',
      status: 'active',
      createdAt: t,
    });
    const snipe = { ...trade('s:r2:TToken', wallet.id, 'claimed'), ruleId: 'r2' };
    expect(await winners(6, () => store.withSnipeRule('r2', () => store.claimTrade(snipe)))).toBe(1);
  });

  it('takes a prompt, a due delete and queued alerts once', async () => {
    await store.setPendingInput(1, 'import', 1, 10_000);
    const taken = await Promise.all(Array.from({ length: 5 }, () => store.takePendingInput(1, 5)));
    expect(taken.filter(Boolean)).toEqual([{ kind: 'import', chatId: 1 }]);
    await store.scheduleDelete(1, 77, 100);
    const [due] = await store.dueDeletes(100);
    expect(await winners(5, () => store.claimDelete(due!.id, 100, 60_000))).toBe(1);
    expect(await store.dueDeletes(100)).toEqual([]);
    expect(await winners(3, () => store.queueAlert(-5, 42, 'TToken', 'hi'))).toBe(1);
    const ids = (await store.unsentAlerts()).map((a) => a.id);
    const marked = await Promise.all(Array.from({ length: 4 }, () => store.markAlertsSent(ids, 1)));
    expect(marked.flat()).toEqual(ids);
  });

  it('keeps meta, and sets a claim once', async () => {
    expect(await store.meta('x')).toBeUndefined();
    await store.setMeta('x', '1');
    await store.setMeta('x', '2');
    expect(await store.meta('x')).toBe('2');
    expect(await winners(5, () => store.claimMeta('once', 'a'))).toBe(1);
    expect(await winners(5, () => store.swapMeta('once', 'a', 'b'))).toBe(1);
    await store.deleteMeta('once');
    expect(await store.meta('once')).toBeUndefined();
  });

  it('gives a window of time to one of many callers at once', async () => {
    const day = 86_400_000;
    const t0 = 1_700_000_000_000;
    expect(await winners(5, () => store.claimWindow('notice', t0, day))).toBe(1);
    expect(await winners(5, () => store.claimWindow('notice', t0 + day - 1, day))).toBe(0);
    expect(await winners(5, () => store.claimWindow('notice', t0 + day, day))).toBe(1);
    expect(await store.meta('notice')).toBe(String(t0 + day));
  });

  it('makes one operator key when instances start at once', async () => {
    const vault = new Vault(randomBytes(32));
    let made = 0;
    const make = async () => {
      made++;
      await new Promise((r) => setTimeout(r, 50)); // a slow creation: the other instances start meanwhile
      return `key-${made}`;
    };
    // each "instance" with a store of its own on the one database
    const keys = await Promise.all(
      Array.from({ length: 4 }, () => operatorKey(createStore(db), vault, make, { pollMs: 10 })),
    );
    expect(made).toBe(1);
    expect(new Set(keys)).toEqual(new Set(['key-1']));
    expect(await operatorKey(store, vault, make)).toBe('key-1');
  });

  it('counts PIN tries made at once one by one: five are compared, the rest locked out', async () => {
    const id = 77;
    await withUser(store, id);
    let at = 1_700_000_000_000;
    const pins = createUserPins(store, () => at);
    expect(await pins.set((await store.user(id))!, '482913')).toBe('ok');
    // ten wrong tries at once, each holding the user as read before any of them counted
    const user = (await store.user(id))!;
    const results = await Promise.all(Array.from({ length: 10 }, () => pins.check(user, '111111')));
    expect(results.filter((r) => r === 'wrong')).toHaveLength(MAX_PIN_TRIES - 1);
    expect(results.filter((r) => r === 'locked')).toHaveLength(10 - (MAX_PIN_TRIES - 1));
    expect((await store.user(id))!.pinLockedUntil).toBe(at + PIN_LOCK_MS);
    // locked: even the right PIN is refused, from a fresh read too
    expect(await pins.check((await store.user(id))!, '482913')).toBe('locked');
    expect(await pins.check(user, '482913')).toBe('locked');
    // once the lock ends, ten more at once: one is compared, and its lock (an hour) holds off the rest
    at += PIN_LOCK_MS;
    const later = await Promise.all(Array.from({ length: 10 }, () => pins.check(user, '111111')));
    expect(later.every((r) => r === 'locked')).toBe(true);
    expect(await store.user(id)).toMatchObject({ pinFails: MAX_PIN_TRIES + 1, pinLockedUntil: at + 3_600_000 });
  });

  it('removes a wallet (its key erased) or switches to it, never both, and brings it back on a new import', async () => {
    const id = 78;
    const first = await withUser(store, id);
    for (let round = 0; round < 5; round++) {
      const w = await store.addWallet({
        userId: id,
        address: `TW${id}-${round}`,
        keyEnc: 'k',
        label: null,
        createdAt: 1,
      });
      const [removed, switched] = await Promise.all([
        store.removeWallet(id, w.id, 1_700_000_000_000),
        store.setActiveWallet(id, w.id),
      ]);
      const user = (await store.user(id))!;
      if (removed === 'removed') {
        expect(switched).toBe(false);
        expect(user.activeWalletId).toBe(first.id);
      } else {
        expect([removed, switched, user.activeWalletId]).toEqual(['active', true, w.id]);
        expect(await store.setActiveWallet(id, first.id)).toBe(true);
        expect(await store.removeWallet(id, w.id, 1_700_000_000_000)).toBe('removed');
      }
      expect(await store.wallet(id, w.id)).toMatchObject({ keyEnc: '', removedAt: 1_700_000_000_000 });
      expect((await store.wallets(id)).map((x) => x.id)).toEqual([first.id]);
      expect(await store.removeWallet(id, first.id, 1)).toBe('only');
      // imported again: the same row, with the key given
      const back = await store.addWallet({
        userId: id,
        address: `TW${id}-${round}`,
        keyEnc: 'k2',
        label: null,
        createdAt: 2,
      });
      expect(back).toMatchObject({ id: w.id, keyEnc: 'k2', removedAt: null });
      expect(await store.removeWallet(id, w.id, 1_700_000_000_000)).toBe('removed');
    }
  });

  it('takes over a claim whose maker stored no key', async () => {
    const vault = new Vault(randomBytes(32));
    await store.deleteMeta('operator_key');
    await store.setMeta('operator_key_claim', 'dead');
    const key = await operatorKey(store, vault, async () => 'fresh', { waitMs: 50, pollMs: 10 });
    expect(key).toBe('fresh');
    expect(await operatorKey(store, vault, async () => 'other')).toBe('fresh');
    await db.close();
  });
});
