// The data reads on both engines: the same indexed rows (a token, its trades and holders, written
// here as the indexer writes them) read the same through SQLite and Postgres: details with the 24 h
// figures, trades newest first, holders by balance (base58 ties in byte order), candles, safety,
// listings and a user's trades.
import { afterAll, describe, expect, it } from 'vitest';
import { createDataService } from '../../../src/service/data/index.js';
import { progressPct } from '../../../src/tron/market/index.js';
import type { AppDatabase } from '../../../src/db/index.js';
import { Chains } from '../../../src/tron/chains.js';
import type { ChainGateway } from '../../../src/tron/gateway.js';
import { appEngines } from '../../helpers/services.js';

const { engines, dropAll } = await appEngines();
afterAll(dropAll);

const NOW = 1_800_000_000_000;
const TOKEN = 'TQnwZ6jRJ1TeXp7EBJKuyLBp4rd2pcs8Fg';
const CREATOR = 'TCreatorxxxxxxxxxxxxxxxxxxxxxxxxx1';
const families = [
  {
    family: 'launchpad' as const,
    network: 'launchpad' as const,
    launchpad: 'TLaunchpadxxxxxxxxxxxxxxxxxxxxxxx1',
    router: 'TRouter',
  },
];

async function seed(db: AppDatabase): Promise<void> {
  const { t } = db;
  await db.tx(async (q) => {
    await q.insert(t.tokens).values({
      address: TOKEN,
      family: 'launchpad',
      launchpad: families[0]!.launchpad,
      tokenIndex: 0,
      name: 'Cat',
      symbol: 'CAT',
      decimals: 18,
      totalSupply: '1000000000000000000000000000',
      creator: CREATOR,
      createTx: 't0',
      createdAt: NOW - 3 * 3600_000,
      status: 'CREATED',
      trxReserve: '1710000000000',
      tokenReserve: '1000000000000000000000000000',
      lastTradeAt: NOW - 60_000,
    });
    const trade = (i: number, type: 'BUY' | 'SELL', user: string, trx: string, at: number, block: number) => ({
      txid: `t${i}`,
      eventIndex: 0,
      token: TOKEN,
      type,
      user,
      pool: families[0]!.launchpad,
      trxAmount: trx,
      tokenAmount: String(BigInt(trx) * 1_000_000_000_000n),
      fee: '0',
      trxReserveAfter: String(1_700_000_000_000n + BigInt(i) * 1_000_000n),
      tokenReserveAfter: '1000000000000000000000000000',
      blockNumber: block,
      confirmed: i < 3,
      timestamp: at,
    });
    await q.insert(t.trades).values([
      trade(0, 'BUY', CREATOR, '5000000000', NOW - 3 * 3600_000, 10),
      trade(1, 'BUY', 'TBuyerA', '3000000000', NOW - 2 * 3600_000, 12),
      trade(2, 'SELL', CREATOR, '9000000000000', NOW - 30 * 60_000, 15),
      trade(3, 'BUY', 'TBuyerB', '2500000000000', NOW - 60_000, 18),
    ]);
    // three holders, two with the same balance: ties go by address, byte order ('Tb' after 'TZ')
    await q.insert(t.holders).values([
      { token: TOKEN, address: 'TbLower', balance: '500', sortKey: '000000000000000000000000000500' },
      { token: TOKEN, address: 'TZUpper', balance: '500', sortKey: '000000000000000000000000000500' },
      { token: TOKEN, address: CREATOR, balance: '900', sortKey: '000000000000000000000000000900' },
    ]);
  });
}

const results: Record<string, unknown>[] = [];

describe.each(engines)('data reads on $engine', ({ open }) => {
  it('reads details, trades, holders, candles, safety and listings', async () => {
    const db = await open();
    await seed(db);
    const data = createDataService({ db, chains: Chains.single({} as ChainGateway, families), families, trxUsd: 0.25, now: () => NOW });
    const details = await data.getTokenDetails('launchpad', TOKEN);
    // 24 h volume: every trade here, beyond what fits in 32 bits
    expect(details.data.volume24Hr).toBe(11_508_000);
    const recent = await data.getRecentTrades(TOKEN, 1, 10);
    expect(recent.map((r) => r.signature)).toEqual(['t3', 't2', 't1', 't0']);
    const holders = await data.getTokenHolders('launchpad', TOKEN, 1, 10);
    expect(holders.map((h) => h.address)).toEqual([CREATOR, 'TZUpper', 'TbLower']);
    const candles = await data.getCandles(TOKEN, '1h', { limit: 4 });
    const safety = await data.getTokenSafety(TOKEN);
    expect(safety).toMatchObject({ holderCount: 3, creatorSoldPct: 100 });
    const listed = await data.listTokens('volume', 1, 10);
    const mine = await data.getUserTrades(CREATOR, undefined, 1, 10);
    expect(mine.map((r) => [r.signature, r.confirmed])).toEqual([
      ['t2', true],
      ['t0', true],
    ]);
    results.push({ details, recent, holders, candles, safety, listed, mine });
    await db.close();
  });
});

describe('both engines', () => {
  it.skipIf(engines.length < 2)('give the same answers, to the last field', () => {
    expect(results).toHaveLength(2);
    expect(results[1]).toEqual(results[0]);
  });
});

/**
 * Four tokens: the listing orders them by the last 24 h's volume (older trades not counted), by
 * progress (a launched token first, then the TRX in the curve) and by age, page by page, and each
 * listed token shows the figures its details show.
 */
describe.each(engines)('listings on $engine', ({ open }) => {
  const token = (n: number, over: { trxReserve: string; status?: 'CREATED' | 'LAUNCHED'; createdAt: number }) => ({
    address: `TList${n}`,
    family: 'launchpad' as const,
    launchpad: families[0]!.launchpad,
    tokenIndex: n,
    name: `List ${n}`,
    symbol: `L${n}`,
    decimals: 18,
    totalSupply: '1000000000000000000000000000',
    creator: CREATOR,
    createTx: `c${n}`,
    tokenReserve: '1000000000000000000000000000',
    status: 'CREATED' as const,
    ...over,
  });
  const buy = (n: number, i: number, trx: string, at: number) => ({
    txid: `l${n}-${i}`,
    eventIndex: 0,
    token: `TList${n}`,
    type: 'BUY',
    user: 'TBuyerA',
    pool: families[0]!.launchpad,
    trxAmount: trx,
    tokenAmount: '1000',
    fee: '0',
    trxReserveAfter: '1800000000000',
    tokenReserveAfter: '1000000000000000000000000000',
    blockNumber: 100 + i,
    timestamp: at,
  });

  it('orders by 24 h volume, progress and age, and shows what the details show', async () => {
    const db = await open();
    await db.tx(async (q) => {
      await q.insert(db.t.tokens).values([
        token(1, { trxReserve: '60000000000', createdAt: NOW - 4 * 3600_000 }),
        token(2, { trxReserve: '45000000000', createdAt: NOW - 3 * 3600_000 }),
        token(3, { trxReserve: '80000000000', createdAt: NOW - 2 * 86_400_000 }),
        token(4, { trxReserve: '30000000000', status: 'LAUNCHED', createdAt: NOW - 3 * 86_400_000 }),
      ]);
      await q.insert(db.t.trades).values([
        buy(1, 0, '7000000000', NOW - 3600_000),
        buy(1, 1, '1000000000', NOW - 600_000),
        buy(2, 0, '5000000000', NOW - 7200_000),
        // a day and more ago: not in the 24 h volume, however large
        buy(3, 0, '90000000000000', NOW - 86_400_000 - 1),
        buy(3, 1, '5000000000', NOW - 60_000),
      ]);
    });
    const data = createDataService({ db, chains: Chains.single({} as ChainGateway, families), families, trxUsd: 0.25, now: () => NOW });
    const symbols = async (sort: 'new' | 'volume' | 'progress', page: number, limit: number) =>
      (await data.listTokens(sort, page, limit)).map((t) => [t.symbol, t.volume24Hr]);

    // 8,000 TRX, then 5,000 twice (the newer token first), then none
    expect(await symbols('volume', 1, 2)).toEqual([
      ['L1', 8000],
      ['L2', 5000],
    ]);
    expect(await symbols('volume', 2, 2)).toEqual([
      ['L3', 5000],
      ['L4', 0],
    ]);
    expect((await data.listTokens('progress', 1, 4)).map((t) => t.symbol)).toEqual(['L4', 'L3', 'L1', 'L2']);
    expect((await data.listTokens('new', 1, 4)).map((t) => t.symbol)).toEqual(['L2', 'L1', 'L3', 'L4']);
    for (const listed of await data.listTokens('new', 1, 4)) {
      const { data: d } = await data.getTokenDetails('launchpad', listed.address);
      expect(listed).toMatchObject({
        priceInTrx: d.priceInTrx,
        marketCap: d.marketCap,
        volume24Hr: d.volume24Hr,
        priceChange24Hr: d.priceChange24Hr,
        pumpPercentage: d.pumpPercentage,
        currentStatus: d.currentStatus,
      });
    }
    await db.close();
  });

  it('pages through any listing in one order on both engines: the model of the documented order', async () => {
    const db = await open();
    // many ties on purpose: few ages, few reserves, launched and full curves at 100 %, addresses
    // differing only in case (byte order puts upper case first)
    const ages = [1, 2, 3].map((h) => NOW - h * 3600_000);
    const reserves = ['35000000000', '35000000001', '60000000000', '60000000000', '138704000000', '200000000000'];
    const rows = Array.from({ length: 30 }, (_, n) => ({
      ...token(n, {
        trxReserve: reserves[(n * 7) % reserves.length]!,
        status: n % 5 === 0 ? ('LAUNCHED' as const) : ('CREATED' as const),
        createdAt: ages[Math.floor(n / 2) % ages.length]!,
      }),
      address: `T${n % 2 ? 'a' : 'A'}List${Math.floor(n / 2)}`,
    }));
    const trades = rows.flatMap((r, n) =>
      n % 3 ? [] : [{ ...buy(n, 0, String(((n * 13) % 4) * 1_000_000), NOW - 3600_000), token: r.address }],
    );
    await db.tx(async (q) => {
      await q.insert(db.t.tokens).values(rows);
      await q.insert(db.t.trades).values(trades);
    });
    const data = createDataService({ db, chains: Chains.single({} as ChainGateway, families), families, trxUsd: 0.25, now: () => NOW });
    const volume = (a: string) => trades.filter((x) => x.token === a).reduce((v, x) => v + BigInt(x.trxAmount), 0n);
    const progress = (r: (typeof rows)[number]) =>
      r.status === 'LAUNCHED' ? 100 : progressPct({ trxReserve: BigInt(r.trxReserve), tokenReserve: 0n });
    const cmp = (a: bigint | number, b: bigint | number) => (a > b ? -1 : a < b ? 1 : 0);
    const ties = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
      cmp(a.createdAt, b.createdAt) || (a.address < b.address ? -1 : 1);
    const model = {
      new: [...rows].sort(ties),
      volume: [...rows].sort((a, b) => cmp(volume(a.address), volume(b.address)) || ties(a, b)),
      progress: [...rows].sort(
        (a, b) => cmp(progress(a), progress(b)) || cmp(BigInt(a.trxReserve), BigInt(b.trxReserve)) || ties(a, b),
      ),
    };
    for (const sort of ['new', 'volume', 'progress'] as const) {
      const listed: string[] = [];
      for (let page = 1; page <= 5; page++) listed.push(...(await data.listTokens(sort, page, 7)).map((x) => x.address));
      expect(listed, sort).toEqual(model[sort].map((r) => r.address));
    }
    await db.close();
  });
});
